/**
 * Words before a test's name that say how the value was obtained, not what it is (README *Labelling decisions*,
 * session 26): the UK Read/SNOMED *on examination* prefix (`O/E - Diastolic BP reading`, `O/E: weight`) and a
 * point-of-care analyser's name (`ISTAT CHLORIDE`, `i-STAT Hematocrit`, `iSTAT Na`), whose cartridges measure whole
 * blood, so the analyser is the specimen.
 */

/** `O/E -`, `O/E:`, `O/E –`, `o/e-`: Read codes write *on examination* before the observable. */
const ON_EXAMINATION = /^\s*o\s*\/\s*e\s*[-:–—]\s*(?=\S)/i;

/** The name after an *on examination* prefix, or null when it writes none. */
export function withoutExaminationPrefix(name: string): string | null {
  const match = ON_EXAMINATION.exec(name);
  return match ? name.slice(match[0].length).trim() : null;
}

/**
 * `ISTAT`, `i-STAT`, `iSTAT`, `i STAT` as a word before the name (a word of its own: `Istatin` is no analyser), with
 * an optional separator after it (`i-STAT: Na`, `ISTAT - K`).
 */
const POINT_OF_CARE_ANALYSER = /^\s*i[\s-]?stat\b\s*[-:–]?\s*(?=\S)/i;

/** The name after a point-of-care analyser's name, or null when it writes none. */
export function withoutAnalyserPrefix(name: string): string | null {
  const match = POINT_OF_CARE_ANALYSER.exec(name);
  return match ? name.slice(match[0].length).trim() : null;
}

/**
 * `T.PROTEIN`, `T. Bilirubin`, `D.BILIRUBIN`: Indian and Gulf reports cut *total* and *direct* to one dotted capital
 * joined to the word. One letter says too little for the dotted-word stage (`dotted-abbreviations.ts` wants two), so
 * only these two initials are spelled out, and only before a word of three letters or more (`T. cruzi` spelled out
 * names no test and stays unread).
 */
const DOTTED_INITIAL = /^\s*([td])\s*\.\s*(?=\p{L}{3})/iu;
const INITIAL_WORD: Readonly<Record<string, string>> = { t: 'Total', d: 'Direct' };

/** The name with its dotted initial spelled out (`Total PROTEIN`), or null when it writes none. */
export function withInitialSpelledOut(name: string): string | null {
  const match = DOTTED_INITIAL.exec(name);
  const word = match?.[1] ? INITIAL_WORD[match[1].toLowerCase()] : undefined;
  return match && word ? `${word} ${name.slice(match[0].length).trim()}` : null;
}

/**
 * `Total RBC Count`, `Total WBC count`: *total* before a cell count adds nothing (a count of cells in a volume is
 * all of them). The rest, or null when the name does not open with the word; the caller keeps the rest's code only
 * for a count per volume, so `Total Protein` or `Total T4` are never cut (they are found whole before this runs).
 */
const TOTAL_WORD = /^\s*total\s+(?=\S)/i;

export function withoutTotalWord(name: string): string | null {
  const match = TOTAL_WORD.exec(name);
  return match ? name.slice(match[0].length).trim() : null;
}

/**
 * `Hæmoglobin;B`, `Kolesterol;P`, `Albumin;U`, `Hæmoglobin A1c (IFCC);Hb(B)`: Danish reports (sundhed.dk, the NPU
 * short form) write the specimen after the name and a semicolon, where Swedish and Norwegian reports write it before
 * with a hyphen (`B-Hemoglobin`, `P-Kolesterol`), which the corpus reads. The specimen codes are NPU's system
 * abbreviations; a component in brackets (`Hb(B)`: haemoglobin of blood, `Lkc(B)`: leukocytes of blood) says the
 * specimen is blood. `Pt` (the patient: weight, height) is no specimen and is dropped.
 * @see https://www.ifcc.org/ifcc-scientific-division/sd-committees/c-npu/ — NPU terminology: System-Component; kind
 */
const TRAILING_SYSTEM = /^\s*(\S.*?)\s*;\s*(f?[bpsu]|[acv]b|du|csv|pt|(?:hb|ery|lkc|trc|b)\s*\(\s*b\s*\))\s*$/i;

/** The name with a trailing NPU specimen written as a leading one (`P-Kolesterol`), or null when it writes none. */
export function withTrailingSystemAsPrefix(name: string): string | null {
  const match = TRAILING_SYSTEM.exec(name);
  const rest = match?.[1];
  const system = match?.[2]?.toLowerCase().replace(/\s+/g, '');
  if (!rest || !system || rest.includes(';')) return null;
  if (system === 'pt') return rest;
  const prefix = system.endsWith('(b)') ? 'B' : `${system.slice(0, -1)}${system.slice(-1).toUpperCase()}`;
  return `${prefix}-${rest}`;
}

/**
 * Words after a test's name that say whose or what kind of record it is, not what was measured: UK SNOMED CT
 * observables end with `- observation` (`Platelet count - observation`, `Serum potassium level - observation`);
 * French and German coagulation lines print the patient's time beside the control's and mark it `patient`
 * (`TCA patient`, `Temps de Quick patient`, `PTT (Patient)`), so the control's line (`témoin`, `Kontrolle`) is never
 * cut and stays unread; `IFCC standardised` is the IFCC protocol the name already writes.
 */
const TRAILING_NOTE = /\s*(?:[-–—:]\s*observation|\(\s*patient\s*\)|(?<=\p{L}|\))\s+(?:patient|malade|paciente))\s*$/iu;
const STANDARDISED = /(?<=\b(?:IFCC|DCCT|NGSP))\s+standardi[sz]ed\s*$/i;

/** The name without its trailing note, or null when it writes none. */
export function withoutTrailingNote(name: string): string | null {
  const rest = name.replace(TRAILING_NOTE, '').replace(STANDARDISED, '').trim();
  return rest !== name.trim() && rest !== '' ? rest : null;
}

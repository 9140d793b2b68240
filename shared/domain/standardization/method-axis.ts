import type { CorpusConcept } from './corpus';
import { axesOfConcept, conceptsByComponent } from './loinc-axes';
import { editDistance } from './retrieval/word-alignment';
import { knownWords } from './system-axis';

/** Shortest method word read through one typing slip. */
const SLIP_MIN_LENGTH = 7;

/**
 * A method a lab writes beside a test name (`Hematocrit (centrifuged)`, `Neutrophils, automated`, `Fibrinogen,
 * Functional`), read as LOINC's method axis: LOINC codes some tests apart by method, so the name's method chooses
 * among the concepts of the component it qualifies. A method no concept of that component carries gives null, except
 * for the words that only restate the usual method (`measured`, `automated`).
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/#type-of-method-6th-part
 */

interface WrittenMethod {
  /** LOINC method names (lower case) the words stand for. */
  methods: readonly string[];
  /** When no concept of the component carries the method, the method-less concept is what the words mean. */
  usual: boolean;
  /** Says where the test was run, not how (`POC`): the concept the rest of the name finds is kept as it is. */
  place?: true;
  /** `usual` only for a body measure (vital signs, not a laboratory test): the method-less code of a computed figure. */
  onlyMethodless?: true;
  /**
   * Also a laboratory test's method-less code, except a clearance's (the computed figure is the predicted estimate,
   * another test): the word written out, which reports print after a derived result.
   */
  derivedResult?: true;
  /** Also `usual` when the test is a free hormone fraction measured with no method written (`T4,Free(Direct)`). */
  usualForFreeFraction?: true;
}

/** Written method words → LOINC method names; a closed list, each a method LOINC names in its long names. */
const METHOD_WORDS: ReadonlyMap<string, WrittenMethod> = new Map([
  ['automated', { methods: ['automated count'], usual: true }],
  ['auto', { methods: ['automated count'], usual: true }],
  ['manual', { methods: ['manual count'], usual: false }],
  ['manual count', { methods: ['manual count'], usual: false }],
  ['centrifuged', { methods: ['centrifugation'], usual: false }],
  ['centrifugation', { methods: ['centrifugation'], usual: false }],
  ['spun', { methods: ['centrifugation'], usual: false }],
  // A sibling by calculation is chosen first; else the method-less code, which LOINC's *method not stated* covers: a
  // body measure computed from others (`BMI (Calculated)`), and a laboratory result an analyser derives
  // (`Hematocrit, Calculated` from RBC and MCV, `UREA (CALCULATED)` from BUN, a blood gas's `Calculated
  // Bicarbonate`), as blind writers label them (session 27), when the word is written out; the cut `calc` beside a
  // measured test (`Albumin (Calc)`) stays null. Not a clearance: a calculated one is the predicted (Cockcroft-Gault)
  // estimate, another test than the timed urine clearance. `Glucose (Friedewald)` stays null: an equation (below)
  // is no restatement of the usual method.
  ['calculated', { methods: ['calculation', 'calculated'], usual: true, onlyMethodless: true, derivedResult: true }],
  ['calc', { methods: ['calculation', 'calculated'], usual: true, onlyMethodless: true }],
  ['calculation', { methods: ['calculation', 'calculated'], usual: true, onlyMethodless: true }],
  ['measured', { methods: ['direct assay'], usual: true }],
  // `T4,Free(Direct)`, `FT4 (DIRECT)` (Labcorp, Cerner): the direct immunoassay of a free hormone, which is how every
  // analyser measures it and LOINC's method-less code; only dialysis or a calculation (FTI) is coded apart.
  ['direct', { methods: ['direct assay'], usual: false, usualForFreeFraction: true }],
  ['test strip', { methods: ['test strip'], usual: false }],
  ['dipstick', { methods: ['test strip'], usual: false }],
  ['electrophoresis', { methods: ['electrophoresis'], usual: false }],
  ['westergren', { methods: ['westergren method'], usual: false }],
  ['wintrobe', { methods: ['wintrobe method'], usual: false }],
  ['hplc', { methods: ['hplc'], usual: false }],
  ['glucometer', { methods: ['glucometer'], usual: false }],
  ['pulse oximetry', { methods: ['pulse oximetry'], usual: false }],
  ['high sensitivity', { methods: ['high sensitivity method'], usual: false }],
  ['functional', { methods: ['coagulation assay'], usual: false }],
  // `Fibrinogen Activity`: the clotting (Clauss) assay, as `functional`; an antigen assay is written `antigen`.
  ['activity', { methods: ['coagulation assay'], usual: false }],
  // `C-Reactive Protein, Cardiac` (Quest's name of hs-CRP): the high-sensitivity assay ordered for cardiac risk.
  ['cardiac', { methods: ['high sensitivity method'], usual: false }],
  ['clauss', { methods: ['coagulation assay'], usual: false }],
  ['ifcc', { methods: ['ifcc protocol'], usual: false }],
  // LOINC short names write electrophoresis `Elph`; lab exports `Elp`.
  ['elph', { methods: ['electrophoresis'], usual: false }],
  ['elp', { methods: ['electrophoresis'], usual: false }],
  // An equation names how a value was calculated: Friedewald's LDL is LOINC's `by calculation`, MDRD its own method.
  ['friedewald', { methods: ['calculation', 'calculated'], usual: false }],
  ['mdrd', { methods: ['creatinine-based formula (mdrd)'], usual: false }],
  // Assay chemistries LOINC does not code apart for these tests: the usual code unless a sibling carries them.
  ['diazo', { methods: ['diazo'], usual: true }],
  ['ria', { methods: ['radioimmunoassay', 'radioimmunoassay (ria)', 'ria'], usual: true }],
  ['immunoassay', { methods: ['immunoassay'], usual: true }],
  // Chinese reports write the chemistry after the name (`肌酐(酶法)`, enzymatic; Jaffe's is the other): not coded apart.
  ['enzymatic', { methods: ['enzymatic'], usual: true }],
  // VA and Quest result names end in the assay's letters (`VITAMIN D,25-OH,TOTAL,IA`, `ANA (EIA)`).
  ['ia', { methods: ['immunoassay'], usual: true }],
  ['eia', { methods: ['immunoassay'], usual: true }],
  ['elisa', { methods: ['immunoassay'], usual: true }],
  ['clia', { methods: ['immunoassay'], usual: true }],
  // `CORTISOL, RANDOM`: drawn at no set time, which is LOINC's code without a timing (`--AM peak` is a sibling).
  ['random', { methods: [], usual: true, place: true }],
  // Point of care says where a test was run, not how: the written specimen (`Glucose, capillary (POC)`) decides.
  ['poc', { methods: [], usual: true, place: true }],
  // `MAP (Arterial Line)`, `BP (A-line)`: where the pressure was taken, which LOINC's vital-sign codes leave unsaid.
  ['arterial line', { methods: [], usual: true, place: true }],
  ['a-line', { methods: [], usual: true, place: true }],
  ['art line', { methods: [], usual: true, place: true }],
  ['point of care', { methods: [], usual: true, place: true }],
  // HbA1c reported on the NGSP/DCCT scale is LOINC's method-less percent code (the curated `HbA1c (NGSP)`).
  ['ngsp', { methods: ['ngsp'], usual: true }],
  ['dcct', { methods: ['ngsp'], usual: true }],
  ['dcct aligned', { methods: ['ngsp'], usual: true }],
]);

/** Whether a word (lower case) names a method (`ifcc`, `hplc`, `enzymatic`): the name's test is another word. */
export function isMethodWord(word: string): boolean {
  return METHOD_WORDS.has(word);
}
/** Words that only introduce a method written after them (`by HPLC`). */
const METHOD_PREPOSITIONS = new Set(['by', 'via']);

/** Words that only say a method word names an equation (`MDRD equation`): read with it. */
const METHOD_FILLERS = new Set(['equation', 'formula']);

export interface MethodAxisName {
  /** The name without its method words. */
  component: string;
  /** The method words as written, without `equation`/`formula` (`MDRD`). */
  written: string;
  /** Whether an `equation`/`formula` after a method word was dropped. */
  filler: boolean;
  method: WrittenMethod;
}

/**
 * The method words of a name and the rest of it, or null when it writes none (or nothing but them). The method may
 * stand in brackets, after a comma or at the end; the component is what comes before.
 */
export function readMethodAxis(name: string): MethodAxisName | null {
  const words = name
    .normalize('NFKC')
    .split(/[\s,;()]+/)
    .filter(Boolean)
    .flatMap(methodAfterHyphen);
  const lower = words.map((w) => w.toLowerCase());
  for (let i = 1; i < words.length; i++) {
    for (const size of [2, 1]) {
      if (i + size > words.length) continue;
      const method = methodAt(lower, i, size);
      if (!method) continue;
      // Further method words that say the same (`calculated, Friedewald`) and an `equation` after one go with it.
      const dropped = new Set<number>();
      for (let k = i; k < i + size; k++) dropped.add(k);
      for (let j = i + size; j < words.length; j++) {
        if (METHOD_FILLERS.has(lower[j] as string) && dropped.has(j - 1)) {
          dropped.add(j);
          continue;
        }
        for (const more of [2, 1]) {
          const again = j + more <= words.length ? methodAt(lower, j, more) : undefined;
          if (again && sameMethod(again, method)) {
            for (let k = j; k < j + more; k++) dropped.add(k);
            j += more - 1;
            break;
          }
        }
      }
      // `Hemoglobin A1c by HPLC`, `Glucose via glucometer`: the preposition LOINC's long names write before a method.
      const preposition = i > 1 && METHOD_PREPOSITIONS.has(lower[i - 1] as string) ? i - 1 : -1;
      const rest = words.filter((_, k) => !dropped.has(k) && k !== preposition);
      const written = words.filter((_, k) => dropped.has(k) && !METHOD_FILLERS.has(lower[k] as string)).join(' ');
      const filler = [...dropped].some((k) => METHOD_FILLERS.has(lower[k] as string));
      return rest.length > 0 ? { component: rest.join(' '), written, filler, method } : null;
    }
  }
  return null;
}

/** `mg/dL (calc)`, `% (calculated)`: a method note after the unit, which `normalizeUnit` drops from the unit. */
const UNIT_NOTE = /\(\s*([a-z]+)\.?\s*\)\s*$/i;

/**
 * The method a note after a unit writes (`LDL-CHOLESTEROL` in `mg/dL (calc)`, as Quest's portal prints a
 * calculated result), or null: the note says of the value what a method word in the name would.
 */
export function methodNotedAfterUnit(unit: string | null | undefined): WrittenMethod | null {
  const note = unit ? UNIT_NOTE.exec(unit) : null;
  if (!note || note.index === 0) return null;
  const method = METHOD_WORDS.get((note[1] as string).toLowerCase());
  return method && !method.place ? method : null;
}

/**
 * `Sedimentation Rate-Westergren`, `Hematocrit-Calculated`: an LIS joins the method to the name with a hyphen. Cut
 * there only when the part after it is a method word as written, so `Pro-BNP` and `Anti-TPO` stay whole.
 */
function methodAfterHyphen(word: string): string[] {
  const joined = /^(.*\p{L})-(\p{L}{4,})$/u.exec(word);
  if (!joined) return [word];
  const [, before, after] = joined as unknown as [string, string, string];
  return METHOD_WORDS.has(after.toLowerCase()) ? [before, after] : [word];
}

function methodAt(lower: readonly string[], i: number, size: number): WrittenMethod | undefined {
  return (
    METHOD_WORDS.get(lower.slice(i, i + size).join(' ')) ?? (size === 1 ? slipOfMethod(lower[i] as string) : undefined)
  );
}

function sameMethod(a: WrittenMethod, b: WrittenMethod): boolean {
  // `calculated, Friedewald`: two words for one method, however each falls back when no sibling carries it.
  return a === b || (a.methods.join('|') === b.methods.join('|') && (a.methods.length > 0 || a.usual === b.usual));
}

/** A long method word with one slip (`centriuged`, `Funcional`), never a word the corpus knows. */
function slipOfMethod(word: string): WrittenMethod | undefined {
  if (word.length < SLIP_MIN_LENGTH || knownWords().has(word)) return undefined;
  const near = [...METHOD_WORDS].filter(([written]) => !written.includes(' ') && editDistance(word, written, 1) <= 1);
  return near.length === 1 ? near[0]?.[1] : undefined;
}

/**
 * Among the concepts sharing a matched concept's component, system, property and timing, the one carrying the written
 * method; or, for a word that restates the usual method, the method-less one when none carries it. Null otherwise.
 */
export function conceptByMethod(matched: CorpusConcept, method: WrittenMethod): CorpusConcept | null {
  if (method.place) return matched;
  const axes = axesOfConcept(matched);
  if (!axes) return null;
  const siblings = (conceptsByComponent().get(axes.component) ?? []).filter(
    (m) => m.axes.system === axes.system && m.axes.property === axes.property && m.axes.timing === axes.timing,
  );
  const carrying = siblings.filter((m) => method.methods.includes(m.axes.method));
  if (carrying.length === 1) return carrying[0]?.concept ?? null;
  const usual = method.usual || (method.usualForFreeFraction === true && isMethodlessFreeFraction(axes));
  if (carrying.length > 1 || !usual) return null;
  if (
    method.onlyMethodless &&
    matched.category === 'laboratory' &&
    (!method.derivedResult || /clearance/.test(axes.component))
  )
    return null;
  const methodless = siblings.filter((m) => m.axes.method === '');
  return methodless.length === 1 ? (methodless[0]?.concept ?? null) : null;
}

/** A free hormone fraction's method-less concept (`Thyroxine (T4) free`, `Testosterone Free`), not its dialysis code. */
function isMethodlessFreeFraction(axes: { component: string; method: string }): boolean {
  return axes.method === '' && /\bfree\b/i.test(axes.component);
}

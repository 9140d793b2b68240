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

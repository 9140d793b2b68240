import { type CorpusConcept, conceptByCode } from './corpus';
import { axesOfConcept, conceptsByComponent } from './loinc-axes';

/**
 * `BILIRUBIN, UA`, `Nitrite, UA Dipstick`, `Blood, urine`, `U/A Leukocyte Esterase`: an item of a urinalysis, named by
 * the analyte and a word for the urinalysis (`UA`, `U/A`, `urinalysis`, `dipstick`) or for urine. A urinalysis is read
 * from a reagent strip wherever it is run (by eye or by a strip reader), so such a name is the strip test, as the
 * README's *Labelling decisions* file `Urine pH` and `Urine specific gravity` under the flowsheet's strip rows; the
 * corpus names those tests `<analyte> urine dipstick` (`bilirubin urine dipstick`, `blood in urine dipstick`).
 * LOINC's `UA` is the urinalysis (its flowsheet's `pH-UA`, `Sp Grav UA`), never uric acid after another analyte.
 *
 * Read only when every other stage found nothing, and a reading counts only when it lands on a urine strip concept:
 * the rewrite may not move a name that already means a quantitative urine test (`Urine glucose` keeps 2350-7).
 * @see https://loinc.org/kb/users-guide/major-parts-of-a-loinc-term/#type-of-method-6th-part — method axis
 */

/**
 * The strip in the languages reports print it in: German `Urinstreifen`, `Teststreifen`, `Stix`; Spanish and
 * Portuguese `tira (reactiva)`, `fita`; French `bandelette (urinaire)`; Italian `striscia (reattiva)`, `stick`; Dutch
 * `teststrook`.
 */
const FOREIGN_STRIP_WORDS = [
  'urinstreifen',
  'teststreifen',
  'streifen',
  'urinstix',
  'stix',
  'tira',
  'reactiva',
  'fita',
  'reagente',
  'bandelette',
  'bandelettes',
  'striscia',
  'reattiva',
  'stick',
  'teststrook',
];
/** Words that name the urinalysis or its strip: the name is a strip item, whatever its scale. */
const URINALYSIS_WORDS: ReadonlySet<string> = new Set([
  'ua',
  'u/a',
  'urinalysis',
  'dipstick',
  'dip',
  'strip',
  'reagent',
  ...FOREIGN_STRIP_WORDS,
]);
/** Words that name the strip itself, not only the urinalysis. */
const STRIP_WORDS: ReadonlySet<string> = new Set(['dipstick', 'dip', 'strip', 'reagent', ...FOREIGN_STRIP_WORDS]);
/**
 * Words that name urine only: a strip item only when the strip reads the analyte as present or absent (bilirubin,
 * blood); `Urine glucose` in mg/dL or % stays with the stages that read it (a quantity of urine glucose names no method).
 */
const URINE_ONLY_WORDS: ReadonlySet<string> = new Set([
  'urine',
  'urin',
  'ur',
  'urina',
  'orina',
  'harn',
  'urinaire',
  'urinaires',
  'urines',
  'urinario',
  'urinaria',
]);
/** Words that only say the result's scale (`Qual`, `Semi-quant`), never the analyte. */
const SCALE_WORDS: ReadonlySet<string> = new Set(['ql', 'qual', 'qualitative', 'screen', 'test']);
/** Another specimen or a timed collection named beside the urine word: not a strip item. */
const OTHER_SPECIMEN =
  /\b(?:serum|plasma|blood\s+gas|csf|stool|fluid|24\s*h(?:r|our)?s?|timed|sediment|micro(?:scopic)?|hpf|lpf)\b/i;

const MAX_NAME = 80;

export interface UrinalysisReadings {
  /** The analyte read as the corpus names strip tests (`bilirubin urine dipstick`). */
  readings: string[];
  /** The name writes the urinalysis or its strip (`UA`, `dipstick`), not only urine: any strip test may be meant. */
  writesUrinalysis: boolean;
  /** The name writes the strip itself (`dipstick`, `Urinstreifen`, `tira reactiva`), not only the urinalysis. */
  writesStrip: boolean;
  /** The words left for the analyte (`bilirubin`, `occult blood`). */
  analyte: readonly string[];
}

/** The analyte of a urinalysis item, read as the corpus names strip tests; no readings when the name is not one. */
export function urinalysisStripReadings(name: string): UrinalysisReadings {
  const none = { readings: [], writesUrinalysis: false, writesStrip: false, analyte: [] };
  if (name.length > MAX_NAME || OTHER_SPECIMEN.test(name)) return none;
  const words = name
    .toLowerCase()
    .replace(/\bu\s*\/\s*a\b/g, ' u/a ')
    .split(/[^\p{L}\p{N}/]+/u)
    .filter((word) => word !== '');
  const writesUrinalysis = words.some((word) => URINALYSIS_WORDS.has(word));
  const marked = writesUrinalysis || words.some((word) => URINE_ONLY_WORDS.has(word));
  const analyte = words.filter(
    (word) => !URINALYSIS_WORDS.has(word) && !URINE_ONLY_WORDS.has(word) && !SCALE_WORDS.has(word),
  );
  // A bare `UA` is uric acid; a name of urinalysis words alone names no analyte.
  if (!marked || analyte.length === 0 || analyte.length > 3) return none;
  if (analyte.some((word) => word.includes('/'))) return none;
  const text = analyte.join(' ');
  // The strip's leukocyte pad is the esterase reaction: a name that writes the strip (`Leucocitos (tira reactiva)`,
  // `Leukocytes dipstick`) without a count unit reads present or absent; a count unit fits no presence, so cells/µL
  // still finds the count sibling. `Leukocytes, UA` writes no strip: the urinalysis's sediment count is as likely.
  const writesStrip = words.some((word) => STRIP_WORDS.has(word));
  const esterase = writesStrip && /^leu[ck]o[cz]ytes?$/.test(text) ? ['leukocyte esterase'] : [];
  return {
    readings: [...esterase, `${text} urine dipstick`, `urine ${text} dipstick`, `${text} urine`],
    writesUrinalysis,
    writesStrip,
    analyte,
  };
}

/**
 * Whether a code is where a urinalysis reading may land: a test of urine read from a reagent strip, and, when the
 * name wrote only urine, one the strip reads as present or absent.
 */
export function isUrineStripTest(code: string, read: UrinalysisReadings): boolean {
  const concept = conceptByCode(code);
  if (!concept || !/ (?:of|in) Urine by Test strip$/.test(concept.display)) return false;
  if (!read.writesUrinalysis && !concept.display.includes('[Presence]')) return false;
  // Every analyte word is a word of the concept's names: the normaliser drops `blood` and timing words such as
  // `random` as noise, so `Random urine` would otherwise land where `blood urine dipstick` does.
  const words = new Set(
    [concept.display, ...concept.synonyms].flatMap((name) => name.toLowerCase().split(/[^\p{L}\p{N}]+/u)),
  );
  return read.analyte.every((word) => words.has(word) || (word.length >= 6 && words.has(word.replace(/s$/, ''))));
}

/**
 * Urine or the urinalysis in the corpus's languages (`orina`, `urina`, `Harn`, `尿`; Korean `소변`, or `요` opening a
 * Hangul name, `요잠혈`, but not `요산` uric acid or `요소` urea), as the strip names are written.
 */
const URINE_WORD =
  /(?:^|[^\p{L}])(?:ua|u\s*\/\s*a|urin\p{L}*|dipstick|ur|orina|harn\p{L}*|(?:test)?streifen|stix|tira|fita|bandelettes?|striscia|teststrook)(?:$|[^\p{L}])|尿|소변|^\s*요(?![산소])\p{Script=Hangul}/iu;

/**
 * `Bilirubin, UA` with no unit beside serum bilirubin's mass and molar codes: the name writes the urine, and the strip
 * reads bilirubin, blood, nitrite or leukocyte esterase as present or absent (`Negative`, `1+`), a result without a
 * unit. So the missing unit has nothing to decide once the name says urinalysis: the serum siblings are another
 * specimen the name excludes, and a unit, when one is written, must still fit the presence concept (it fits none).
 */
export function qualitativeUrinalysisNamed(display: string, name: string): boolean {
  return /\[Presence\] in Urine by Test strip$/.test(display) && URINE_WORD.test(name);
}

const STRIP_AMOUNT = / \[(?:Mass|Moles)\/volume\] in Urine by Test strip$/;

/**
 * `Eiweiß (Urinstreifen)`, `Glucose, UA dipstick` without a unit: a strip's amount (`Protein [Mass/volume] in Urine by
 * Test strip`) is read off the same pad as its grade, and a result written with no unit is the grade (`Negative`,
 * `1+`, `Trace`), the strip's presence code (README *Labelling decisions*: urine protein under a strip name, no unit →
 * 20454-5). The presence sibling of the same component on the strip, or undefined when the corpus has none.
 */
export function presenceOnSameStrip(code: string): CorpusConcept | undefined {
  const concept = conceptByCode(code);
  if (!concept || !STRIP_AMOUNT.test(concept.display)) return undefined;
  const component = axesOfConcept(concept)?.component;
  if (component === undefined) return undefined;
  const presence = (conceptsByComponent().get(component) ?? []).filter(({ concept: sibling }) =>
    /\[Presence\] in Urine by Test strip$/.test(sibling.display),
  );
  return presence.length === 1 ? presence[0]?.concept : undefined;
}

import { foldTraditionalChinese } from './cjk-fold';
import { type CorpusConcept, conceptByCode } from './corpus';

/**
 * Urine analysers (Sysmex UC, Mindray UA, Dirui H, Arkray Aution, Roche Cobas u / Combur) print each strip pad under a
 * short code, and a report beside it gives the pad's name in its own language: `亚硝酸盐 NIT`, `尿潛血 OB`, `酮体 KET`,
 * `Nitritos (NIT)`, `요잠혈 BLD`. The code says the row is the strip's pad; the local name must say the same analyte,
 * so the code never names a test by itself and never overrules a name that already means another test.
 *
 * Codes that name no pad but the strip's own (`NIT`, `LEU`, `URO`, `UBG`, `OB`, `SG`) are read beside any name of the
 * analyte; codes that are also a chemistry or blood abbreviation (`GLU` glucose, `PRO` protein, `BIL` bilirubin,
 * `BLD` the blood specimen, `KET` a meter's blood ketones, `pH` a blood gas) only when the name writes urine (`尿`,
 * `orina`, `Urin`, `소변`/`요`), so `葡萄糖 GLU` on a chemistry panel stays serum glucose.
 * @see https://www.sysmex-europe.com — UC-3500 parameter list; Combur-Test pad names (Roche)
 */

interface StripPad {
  /** English readings of the pad, as the corpus names strip tests. */
  readings: readonly string[];
  /** The code is another test's abbreviation too: the name must write urine. */
  needsUrine: boolean;
  /**
   * A row without a unit is read: false for protein and glucose, which the strip prints as grades or as mg/dL and
   * LOINC codes apart (a bare `尿蛋白 PRO` stays null, as the blind dev labels keep it).
   */
  unitless?: false;
}

const PADS: ReadonlyMap<string, StripPad> = new Map([
  ['nit', { readings: ['nitrite urine dipstick'], needsUrine: false }],
  ['leu', { readings: ['leukocyte esterase', 'urine leukocytes dipstick'], needsUrine: false }],
  ['uro', { readings: ['urobilinogen urine'], needsUrine: false }],
  ['ubg', { readings: ['urobilinogen urine'], needsUrine: false }],
  ['ob', { readings: ['blood urine dipstick'], needsUrine: false }],
  ['sg', { readings: ['urine specific gravity'], needsUrine: false }],
  ['bld', { readings: ['blood urine dipstick'], needsUrine: true }],
  ['ket', { readings: ['urine ketones'], needsUrine: true }],
  ['bil', { readings: ['bilirubin urine dipstick'], needsUrine: true }],
  ['glu', { readings: ['urine glucose dipstick'], needsUrine: true, unitless: false }],
  ['pro', { readings: ['urine protein dipstick'], needsUrine: true, unitless: false }],
  ['ph', { readings: ['urine pH'], needsUrine: true }],
]);

/** Urine in the languages whose reports print pad codes; Korean `요` only opening a Hangul name (`요산` is uric acid). */
const URINE_WORD =
  /(?:^|[^\p{L}])(?:urin\p{L}*|orina|harn\p{L}*|moczu?|idrar|urine?s?)(?:$|[^\p{L}])|尿(?![素酸])|소변|^\s*요(?![산소])\p{Script=Hangul}/iu;

/** A pad code written as one word, bare or in brackets, in capitals (`NIT`, `(LEU)`) or as pH is written. */
const CODE_TOKEN = /(?:^|[\s(（[【])(NIT|LEU|URO|UBG|OB|SG|BLD|KET|BIL|GLU|PRO|pH|PH)(?=$|[\s)）\]】:：])/u;

export interface StripCodeReading {
  /** The English names of the pad to look up. */
  readings: readonly string[];
  /** The name without the code: the local name that must agree. */
  rest: string;
}

/** The pad a name's analyser code stands for, with the rest of the name; null when the name has no such code. */
export function stripCodeReading(name: string, unit: string | null): StripCodeReading | null {
  if (name.length > 60) return null;
  const match = CODE_TOKEN.exec(name);
  if (!match) return null;
  const code = match[1] as string;
  const pad = PADS.get(code.toLowerCase());
  if (!pad || (unit === null && pad.unitless === false)) return null;
  const rest = (name.slice(0, match.index) + name.slice(match.index + match[0].length))
    .replace(/[(（[【]\s*[)）\]】]/gu, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
  // A second code (`BLD/ERY`) or nothing but punctuation left: no local name to agree with.
  if (!/\p{L}/u.test(rest) || CODE_TOKEN.test(` ${rest}`)) return null;
  if (pad.needsUrine && !URINE_WORD.test(rest)) return null;
  return { readings: pad.readings, rest };
}

const HAN_RUN = /\p{Script=Han}+|\p{Script=Hangul}+/gu;
/** Words every strip name carries, which say nothing about the analyte. */
const GENERIC =
  /^(?:urine?s?|urina|urin|orina|harn|urinary|dipstick|strip|test|tira|reactiva|fita|striscia|bandelette|teststreifen|in|im|en|na|nelle|delle|dans|les|de|da|del|der|des)$/;

/**
 * Whether the local name names the concept's analyte: its Han or Hangul text without the urine word is part of one of
 * the concept's own names (`亚硝酸盐` in `尿亚硝酸盐`, `潜血` in `尿潜血`), or one of its Latin words of four letters or
 * more is a word of them (`Nitritos` in `nitritos en orina`).
 */
export function restNamesPad(rest: string, concept: CorpusConcept): boolean {
  const names = [concept.display, ...concept.synonyms].map((n) => foldTraditionalChinese(n).toLowerCase());
  const folded = foldTraditionalChinese(rest.normalize('NFKC')).toLowerCase();
  const runs = folded.match(HAN_RUN) ?? [];
  // `尿糖` is in `尿糖试纸` whole; `亚硝酸盐` is in `尿亚硝酸盐` without its urine word. One character alone says nothing.
  const named = (run: string) => Array.from(run).length >= 2 && names.some((name) => name.includes(run));
  if (runs.length > 0) return runs.every((run) => named(run) || named(run.replace(/^(?:尿液|尿|小便|소변|요)/u, '')));
  const words = new Set(names.flatMap((name) => name.split(/[^\p{L}\p{N}]+/u)));
  const own = folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 4 && !GENERIC.test(word));
  return own.length > 0 && own.every((word) => words.has(word));
}

/** Whether a code is a pad of the urine strip. */
export function isStripPad(code: string): boolean {
  const concept = conceptByCode(code);
  return concept !== undefined && / (?:of|in) Urine by Test strip$/.test(concept.display);
}

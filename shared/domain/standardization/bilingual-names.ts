/**
 * Laboratories in the Gulf, Israel, Russia or India print a test's name in English beside its name in the local
 * script (`Glucose الجلوكوز`, `Creatinine קריאטינין`, `Гемоглобин Hemoglobin`): one test named twice. The corpus names
 * tests in Latin letters (and Han for Chinese), so the gloss in another script is dropped and the English read alone;
 * a name the Latin part does not find stays unresolved, so the gloss can only be ignored, never misread.
 */

/** Scripts of the glosses: Arabic, Hebrew, Cyrillic, Devanagari, Thai. Han and Hangul names are read as written. */
const GLOSS_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Cyrillic}\p{Script=Devanagari}\p{Script=Thai}]/u;
const GLOSS_RUN =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Cyrillic}\p{Script=Devanagari}\p{Script=Thai}\p{M}\u200c-\u200f\u0640]+(?:[\s\-/]+[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Cyrillic}\p{Script=Devanagari}\p{Script=Thai}\p{M}\u200c-\u200f\u0640]+)*/gu;

/** The name without its gloss in another script, or null when it has none or nothing Latin is left. */
export function withoutGloss(name: string): string | null {
  if (name.length > 200 || !GLOSS_SCRIPT.test(name)) return null;
  const rest = name
    .replace(GLOSS_RUN, ' ')
    .replace(/\(\s*\)|\[\s*\]/g, ' ')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s\-/:|,]+|[\s\-/:|,]+$/g, '');
  return /\p{Script=Latin}/u.test(rest) ? rest : null;
}

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

/**
 * Spelling differences between languages that write one Greek or Latin stem (`fosfataz`/`phosphatase`,
 * `Klor`/`chloride`, `tiroid`/`thyroid`, `kapasitesi`/`capacity`): folded away so the stem can be compared.
 */
function stemSkeleton(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/ł/g, 'l')
    .replace(/ph/g, 'f')
    .replace(/th/g, 't')
    .replace(/ch/g, 'k')
    .replace(/[cq]/g, 'k')
    .replace(/y/g, 'i')
    .replace(/z/g, 's')
    .replace(/w/g, 'v')
    .replace(/([a-z])\1/g, '$1');
}

const STEM = 4;

/**
 * Whether a name in a language the corpus does not carry is a gloss of the test its bracketed abbreviation names
 * (`Tiroid stimülan hormon (TSH)`, `Alkalen fosfataz (ALP)`, `Kan üre azotu (BUN)`): every word of four letters or more
 * opens with the stem of a word of one of the concepts' names in some language. A word that matches none may be a
 * specimen, timing or qualifier in that language (`İdrar kreatinin (CREA)`, urine; `Serbest T4 (FT4)`), so the whole
 * name is then left unread, never read as the abbreviation alone.
 */
export function glossesConcepts(gloss: string, names: readonly string[]): boolean {
  const words = gloss.split(/[^\p{L}]+/u).filter((word) => word.length >= STEM);
  if (words.length === 0 || words.length > 4) return false;
  const stems = new Set(
    names
      .flatMap((name) => name.split(/[^\p{L}]+/u))
      .filter((word) => word.length >= STEM && /\p{Script=Latin}/u.test(word))
      .map((word) => stemSkeleton(word).slice(0, STEM)),
  );
  return words.every((word) => stems.has(stemSkeleton(word).slice(0, STEM)));
}

/**
 * `Ferritinémie`, `Calcémie corrigée`, `Colesterolemia`, `Bilirrubinemia`, `Kalämie`: French, Spanish, Portuguese,
 * Italian and German name a serum test by the analyte with the suffix `-émie`/`-emia`/`-ämie` (*in the blood*), as
 * they name a urine test with `-urie`/`-uria` (`urine-suffix-names.ts`). The corpus carries the common words
 * (`glycémie`, `kaliémie`, `urémie`) as synonyms; this reads the ones it lacks as the analyte's English name followed
 * by `serum`, and the caller keeps the answer only off urine, the unit picking mass or molar as for any serum name.
 *
 * Only the stems below are read: analytes these words are formed from on reports. The stem must be whole, so
 * `Hypokaliémie` (a diagnosis), `Anémie`, `Leucémie` and `Septicémie` name nothing here. `Azotémie` is left: it is
 * urea on some reports and urea nitrogen on others.
 */
const BLOOD_SUFFIX = /^(\p{L}{3,}?)(?:emie|emia|amie|aemie|emies|emias)$/u;

/** Stem as the word writes it (accents folded, lower case) → the analyte's English name in the corpus. */
const STEMS: readonly (readonly [RegExp, string])[] = [
  [/^ferritin$/, 'ferritin'],
  [/^calc$/, 'calcium'],
  [/^(?:cholesterol|colesterol|kolesterol)$/, 'cholesterol'],
  [/^(?:triglycerid|triglicerid)$/, 'triglyceride'],
  [/^(?:bilirubin|bilirrubin)$/, 'bilirubin'],
  [/^(?:glyc|gluc|glic|glyk|glyco|gluco|glico)$/, 'glucose'],
  [/^(?:kal|kali|potass|potassi)$/, 'potassium'],
  [/^(?:natr|natri|sodi)$/, 'sodium'],
  [/^(?:uric|urat|uricem)$/, 'uric acid'],
  [/^creatinin$/, 'creatinine'],
  [/^albumin$/, 'albumin'],
  [/^(?:protid|protein)$/, 'total protein'],
  [/^magnes$/, 'magnesium'],
  [/^(?:phosphor|fosfor|phosphat|fosfat)$/, 'phosphate'],
  [/^(?:chlor|clor)$/, 'chloride'],
  [/^(?:sider|ferr)$/, 'iron'],
  [/^(?:lactat|lacticid)$/, 'lactate'],
  [/^(?:ammoni|amoni)$/, 'ammonia'],
];

function folded(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The analyte an `-émie` word names in serum (`Ferritinémie` → `ferritin`), or null for any other word. */
export function analyteOfBloodWord(word: string): string | null {
  const match = BLOOD_SUFFIX.exec(folded(word));
  const stem = match?.[1];
  return stem ? (STEMS.find(([pattern]) => pattern.test(stem))?.[1] ?? null) : null;
}

/** The name with its `-émie` word written as the serum test it names (`Calcémie corrigée` → `calcium serum corrigée`), or null. */
export function bloodSuffixAsWords(name: string): string | null {
  let found = false;
  const rewritten = name.replace(/\p{L}+/gu, (word) => {
    const analyte = analyteOfBloodWord(word);
    if (!analyte) return word;
    found = true;
    return `${analyte} serum`;
  });
  return found ? rewritten : null;
}

/**
 * The judgement column of an East Asian check-up (`판정`, `判定`): instead of H/L it grades each result, Korean
 * NHIS sheets as `정상(A)` (normal), `정상(B)` (normal, borderline), `유질환의심` (disease suspected), Japanese
 * 健診 sheets as `要経過観察` (watch), `要再検査` (retest), `C（要経過観察）` (a letter grade glossed). The grade is
 * the result's flag, kept as written; a bare `정상` / `正常` / `異常なし` (plain normal) says there is no flag.
 *
 * Only a cell under a flag column is asked (`table-layout.ts`), so a grade word elsewhere in a line flags nothing.
 */

/** Korean grades: normal A/B (with or without brackets, a borderline note), suspected, retest, caution, findings. */
const KOREAN_GRADE =
  /^(?:정상\s?\(?[AB]\)?(?:\s?\(경계\))?|경계|(?:유|일반)?질환\s?의심|유질환자?|재검(?:사)?(?:\s?필요)?|요주의|주의|이상\s?소견|유소견|이상)$/u;

/** Japanese grades: watch, retest, close examination, treatment, under treatment, slight abnormality. */
const JAPANESE_GRADE = /^(?:要?経過観察|要再検査?|要精密検査|要精検|要治療|要医療|治療中|軽度異常|要注意|要再検)$/u;

/** A letter grade glossed with its meaning: `C（要経過観察）`, `B (軽度異常)`, `D2（要精密検査）`. */
const GLOSSED_LETTER = /^[A-FＡ-Ｆ][1-3１-３]?\s?[(（]\s?([^()（）]{1,12})\s?[)）]$/u;

/** Plain normal: no flag. */
const PLAIN_NORMAL = /^(?:정상|正常|異常なし|異常認めず|所見なし)$/u;

/**
 * The flag a judgement cell states, as written; an empty string for plain normal; null when the cell is no grade.
 */
export function judgementGrade(cell: string): string | null {
  const text = cell.trim();
  if (text.length > 24) return null;
  if (PLAIN_NORMAL.test(text)) return '';
  if (KOREAN_GRADE.test(text) || JAPANESE_GRADE.test(text)) return text;
  const glossed = GLOSSED_LETTER.exec(text);
  if (glossed) {
    const gloss = (glossed[1] as string).trim();
    if (PLAIN_NORMAL.test(gloss) || KOREAN_GRADE.test(gloss) || JAPANESE_GRADE.test(gloss)) return text;
  }
  return null;
}

/** One letter grade and its meaning in a legend: `Ａ 異常なし`, `B：軽度異常`, `C=要経過観察`, `D (要医療)`. */
const LEGEND_ENTRY =
  /(?:^|[\s　:：])[A-FＡ-Ｆ][1-3１-３]?\s?[:：=＝]?\s?[(（]?\s?(\p{Script=Han}[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{1,7}|[가-힣]{2,8})/gu;

/**
 * A check-up's grading legend (`判定区分：Ａ 異常なし　Ｂ 軽度異常　Ｃ 要経過観察`, `판정기준 A: 정상 B: 경계`): letters
 * with their meanings, two or more of them grades the vocabulary knows. It explains the judgement column; no reading.
 */
export function isGradeLegend(text: string): boolean {
  if (text.length > 200 || /\d{2}/.test(text)) return false;
  const meanings = [...text.matchAll(LEGEND_ENTRY)].map((m) => (m[1] as string).trim());
  const graded = meanings.filter((m) => PLAIN_NORMAL.test(m) || KOREAN_GRADE.test(m) || JAPANESE_GRADE.test(m));
  return graded.length >= 2;
}

/** A bare letter grade: `A`, `C`, `D2`, full width `Ｃ`. */
const LETTER_GRADE = /^[A-EＡ-Ｅ][1-3１-３]?$/u;

/**
 * A lone letter under a CJK check-up's judgement column (`判定`, `판정`): `A` is plain normal (an empty string, no
 * flag); any other grade is the flag as written. Null for anything else. Only a CJK sheet's column is asked: under an
 * English `Flag` caption a lone `A` is `abnormal`.
 */
export function letterGrade(cell: string): string | null {
  const text = cell.trim();
  if (!LETTER_GRADE.test(text)) return null;
  return /^[AＡ]$/u.test(text) ? '' : text;
}

/**
 * Whether a cell is a judgement: a lone letter grade (`C`, `Ｄ２`) or a graded word (`要経過観察`, `정상(B)`,
 * `異常なし`). H and L are no grade: they are the marks a value carries.
 */
export function isJudgementCell(cell: string): boolean {
  return letterGrade(cell) !== null || judgementGrade(cell) !== null;
}

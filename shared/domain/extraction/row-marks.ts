/**
 * Marks in front of a test name that are not part of it: a section heading printed on the first row of its section
 * (`【生化学】 AST(GOT)`, `[Chemistry] Glucose`), a bullet (`■`, `◆`, `▶`, `※`), or the row's number (`1.`, `2)`,
 * `3、`, `No.4`, and a bare `2 ` in front of CJK text, where a serial-number column is glued to the name). A heading
 * line of its own (`【血液一般】`, `[요침사 Urine Microscopy]`, `◆ LIVER`) is never the first half of a wrapped name.
 *
 * A bare number in front of Latin text stays unless only the rest is a test the vocabulary knows: `17 OH
 * progesterone`, `25 Hydroxy vitamin D` are names that start with a number.
 */
import { withoutCategoryCell } from './category-cells';
import { isKnownMeasurement } from './vocabulary';

/** A heading in brackets (`【…】`, `[…]`, `〔…〕`, `《…》`, `〈…〉`), short and without digits-only content. */
const BRACKETED_HEADING =
  /^\s*(?:【[^】\n]{1,30}】|\[[^\]\n]{1,40}\]|〔[^〕\n]{1,30}〕|《[^》\n]{1,30}》|〈[^〉\n]{1,30}〉)/u;
const BULLET = /^\s*[■□◆◇▶▷►●○◎★☆※▼▽・]+\s*/u;
/** `1.`, `2)`, `3、`, `(4)`, `No.5`, `#6`, then a space or a wide character. */
const PUNCTUATED_NUMBER = /^\s*(?:\(\d{1,3}\)|(?:no\.?\s?|#)\d{1,3}|\d{1,3}[.)、](?!\d))\s*(?=\S)/iu;
const BARE_NUMBER = /^\s*\d{1,3}\s+(?=\S)/u;
/** A name that starts with a number on purpose: `17 OH progesterone`, `25 hydroxy vitamin D`, `24 h urine`. */
const NUMBERED_NAME = /^(?:oh|hydroxy|h|hr|hour|hours|alpha|beta|-)\b/i;
/** CJK, Hangul or kana, or a Greek letter (`11 γ-谷氨酰转移酶`, `3 α-Amylase`): no name starts with a number before one. */
const WIDE_START = /^[\u0391-\u03c9\u1100-\u11ff\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3]/u;

/** Whether a line is only a section heading: a bracketed caption or a bulleted one, with nothing measured on it. */
export function isSectionHeadingLine(text: string): boolean {
  const trimmed = text.trim();
  const bracketed = BRACKETED_HEADING.exec(trimmed);
  if (bracketed) return trimmed.slice(bracketed[0].length).trim() === '';
  return BULLET.test(trimmed) && !/\d/.test(trimmed);
}

/** The name without a heading, bullet or row number in front of it (as written otherwise). */
export function stripRowMarks(name: string): string {
  let rest = name;
  for (let pass = 0; pass < 3; pass++) {
    const before = rest;
    const heading = BRACKETED_HEADING.exec(rest);
    if (heading && /\p{L}/u.test(rest.slice(heading[0].length))) rest = rest.slice(heading[0].length).trimStart();
    rest = rest.replace(BULLET, '');
    rest = withoutCategoryCell(rest);
    const punctuated = PUNCTUATED_NUMBER.exec(rest);
    if (punctuated && /^\p{L}/u.test(rest.slice(punctuated[0].length))) rest = rest.slice(punctuated[0].length);
    const bare = BARE_NUMBER.exec(rest);
    if (bare) {
      const after = rest.slice(bare[0].length);
      const wide = WIDE_START.test(after);
      // A zero-padded number (`05 Neutrófilos`) is a serial column: no test name starts with `0`.
      const padded = /^\s*0\d/.test(rest) && /^\p{L}/u.test(after);
      const onlyRestKnown =
        /^\p{L}/u.test(after) &&
        !NUMBERED_NAME.test(after) &&
        isKnownMeasurement(after, null) &&
        !isKnownMeasurement(rest, null);
      if (wide || padded || onlyRestKnown) rest = after;
    }
    if (rest === before) break;
  }
  return rest.trim() === '' ? name : rest;
}

/**
 * A laboratory's own order or catalogue code printed after a test name: `Ferrytyna (L19)`, `TSH III generacji (L69)`
 * (Diagnostyka), `Glucose [1234]`, `Kreatinin (KOD 0345)`, `HbA1c #A12`. The code says which line of the lab's price
 * list was ordered; it is not part of the test's name, so the indicator is the name without it.
 *
 * Only shapes no test name ends with are taken: a code caption (`KOD`, `Code`, `Nr`), a bare number of three digits
 * or more, one or two capitals followed by two to four digits, or a `#` code with a digit. Short codes of the
 * letters-and-digits shape that name a test (`(B12)`, `(Q10)`, `(CA125)`, `(CD34)`) are kept: the resolver knows
 * them. Methods and specimens in brackets (`(CKD-EPI)`, `(IFCC)`, `(calc)`) have no such shape and stay too.
 */

import { isKnownMeasurement } from './vocabulary';

/**
 * `(KOD 0345)`, `[Code: A-12]`, `(Nr 117)`: a captioned code. The caption is a whole word and the code has a digit, so
 * a qualifier that only begins like a caption stays in the name (`(non-HDL)`, `(nocte)`, `(codeine)`, `(normal)`).
 */
const CAPTIONED_CODE =
  /\s*[([]\s*(?:kod|code|c[oó]digo|codice|cod\.?|nr\.?|no\.?|kat\.?\s*nr\.?|order\s+code)(?!\p{L})\s*[:.]?\s*(?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{0,9}\s*[)\]]$/iu;
/** `[1234]`, `(04711)`: a bare catalogue number. */
const NUMBER_CODE = /\s*[([]\s*\d{3,6}\s*[)\]]$/;
/** `(L69)`, `[AB123]`: one or two capitals and two to four digits. */
const LETTER_DIGIT_CODE = /\s*[([]\s*([A-Z]{1,2}\d{2,4})\s*[)\]]$/;
/** `#A12`, `#0345` after a space. */
const HASH_CODE = /\s+#(?=[A-Z]*\d)[A-Z0-9]{2,8}$/;

/** Every bracketed letters-and-digits token in a document (`(L69)`, `(HB12)`). */
const LETTER_DIGIT_TOKEN = /[([]\s*([A-Z]{1,2}\d{2,4})\s*[)\]]/g;

/**
 * Whether the document prints a catalogue of letters-and-digits order codes: two different such codes that name no
 * test (`TSH (L69)`, `Ferrytyna (L19)`). One code alone (`Haemoglobin (HB12)`) is no evidence of a price list: it may
 * be the lab's own short name, and stays in the test's name.
 */
export function printsLetterDigitCodes(text: string): boolean {
  const codes = new Set<string>();
  for (const m of text.matchAll(LETTER_DIGIT_TOKEN)) {
    const token = m[1] as string;
    if (codes.has(token) || NAME_PREFIX.test(token) || isKnownMeasurement(token, null)) continue;
    codes.add(token);
    if (codes.size >= 2) return true;
  }
  return false;
}

/**
 * The name without a trailing order code, or the name as written when it ends with none. A two-capital code
 * (`(HB12)`) is taken off only where the document prints a catalogue of codes (`printsLetterDigitCodes`, which the
 * caller says).
 */
export function withoutOrderCode(name: string, letterDigitCodes = true): string {
  if (name.length > 200) return name;
  const code =
    CAPTIONED_CODE.exec(name) ??
    NUMBER_CODE.exec(name) ??
    HASH_CODE.exec(name) ??
    lettersAndDigits(name, letterDigitCodes);
  if (!code) return name;
  const rest = name.slice(0, code.index).trim();
  // A name that is only a code, or whose words end in a bracket of their own, is left alone.
  return /\p{L}{2}/u.test(rest) ? rest : name;
}

/**
 * Letters that open a test's own letters-and-digits name: vitamins (`B12`), complement and coagulation factors (`C3`,
 * `F13`), coenzyme `Q10`, cancer antigens (`CA125`), cell markers (`CD34`), interleukins (`IL10`), `HE4`, `PR3`.
 */
const NAME_PREFIX = /^(?:B|C|D|E|F|Q|T|CA|CD|IL|HE|PR|IG)\d/;

/**
 * A letters-and-digits code at the end of the name. One capital and digits (`L19`, `K01`) is a catalogue shape no
 * test name takes; two capitals (`HB12`, `PS10`) may be the lab's short name of the test, so it is an order code
 * only in a document printing a catalogue of them (`inCatalogue`).
 */
function lettersAndDigits(name: string, inCatalogue: boolean): RegExpExecArray | null {
  const code = LETTER_DIGIT_CODE.exec(name);
  if (!code) return null;
  const token = code[1] as string;
  if (/^[A-Z]{2}/.test(token) && !inCatalogue) return null;
  if (NAME_PREFIX.test(token) || isKnownMeasurement(token, null)) return null;
  // `CD34 cells (CD34)`: the bracket repeats the name's own abbreviation.
  if (name.slice(0, code.index).toUpperCase().includes(token)) return null;
  return code;
}

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

/** The name without a trailing order code, or the name as written when it ends with none. */
export function withoutOrderCode(name: string): string {
  if (name.length > 200) return name;
  const code = CAPTIONED_CODE.exec(name) ?? NUMBER_CODE.exec(name) ?? HASH_CODE.exec(name) ?? lettersAndDigits(name);
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

function lettersAndDigits(name: string): RegExpExecArray | null {
  const code = LETTER_DIGIT_CODE.exec(name);
  if (!code) return null;
  const token = code[1] as string;
  if (NAME_PREFIX.test(token) || isKnownMeasurement(token, null)) return null;
  // `CD34 cells (CD34)`: the bracket repeats the name's own abbreviation.
  if (name.slice(0, code.index).toUpperCase().includes(token)) return null;
  return code;
}

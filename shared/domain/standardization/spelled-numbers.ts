/**
 * English number words to a decimal string: `seventy-eight` → `78`, `one hundred and twelve` → `112`,
 * `ninety eight point six` → `98.6`, `point five` → `0.5`, `two thousand and five` → `2005`. One implementation,
 * used by the standardizer (a value written in words) and by the report extractor (numbers spelled inside a line).
 * A phrase is a number only when every word in it belongs to the number; anything else is refused, never guessed.
 */

export const ONES: ReadonlyMap<string, number> = new Map([
  ['zero', 0],
  ['one', 1],
  ['two', 2],
  ['three', 3],
  ['four', 4],
  ['five', 5],
  ['six', 6],
  ['seven', 7],
  ['eight', 8],
  ['nine', 9],
  ['ten', 10],
  ['eleven', 11],
  ['twelve', 12],
  ['thirteen', 13],
  ['fourteen', 14],
  ['fifteen', 15],
  ['sixteen', 16],
  ['seventeen', 17],
  ['eighteen', 18],
  ['nineteen', 19],
]);

export const TENS: ReadonlyMap<string, number> = new Map([
  ['twenty', 20],
  ['thirty', 30],
  ['forty', 40],
  ['fifty', 50],
  ['sixty', 60],
  ['seventy', 70],
  ['eighty', 80],
  ['ninety', 90],
]);

/** Every word that can be part of a spelled number (`a` and `and` only inside one: `a hundred and five`). */
export const NUMBER_WORDS: readonly string[] = [
  ...ONES.keys(),
  ...TENS.keys(),
  'hundred',
  'thousand',
  'point',
  'oh',
  'and',
  'a',
];

export interface NumberWordOptions {
  /**
   * Dictated shorthand for hundreds: `one forty-two` is 142, `one eighteen` is 118, `one oh five` is 105. Off by
   * default, because `one forty` alone may as well be two numbers; the extractor turns it on for readings spoken in a note.
   */
  spokenHundreds?: boolean;
}

interface Step {
  value: number;
  next: number;
}

/** `seventy-eight`, `seventy`, `twelve`, `zero`: a number below 100 starting at word `i`. */
function belowHundred(words: readonly string[], i: number): Step | null {
  const tens = TENS.get(words[i] ?? '');
  if (tens !== undefined) {
    const unit = ONES.get(words[i + 1] ?? '');
    return unit !== undefined && unit > 0 && unit < 10
      ? { value: tens + unit, next: i + 2 }
      : { value: tens, next: i + 1 };
  }
  const ones = ONES.get(words[i] ?? '');
  return ones === undefined ? null : { value: ones, next: i + 1 };
}

/** A digit one to nine, or `a` when a multiplier (`hundred`, `thousand`) follows. */
function multiplierAt(words: readonly string[], i: number, multiplier: string): number | null {
  if (words[i + 1] !== multiplier) return null;
  if (words[i] === 'a') return 1;
  const ones = ONES.get(words[i] ?? '');
  return ones !== undefined && ones > 0 && ones < 10 ? ones : null;
}

/** The rest after `hundred` or `thousand`: optional `and`, then a non-zero number below the multiplier. */
function remainder(
  words: readonly string[],
  i: number,
  below: (w: readonly string[], k: number) => Step | null,
): Step | null {
  const start = words[i] === 'and' ? i + 1 : i;
  const rest = below(words, start);
  if (rest && rest.value > 0) return rest;
  return start === i ? { value: 0, next: i } : null;
}

/** A number below 1000 starting at word `i`. */
function belowThousand(words: readonly string[], i: number, options: NumberWordOptions): Step | null {
  const hundreds = multiplierAt(words, i, 'hundred');
  if (hundreds !== null) {
    const rest = remainder(words, i + 2, belowHundred);
    return rest && { value: hundreds * 100 + rest.value, next: rest.next };
  }
  const lead = ONES.get(words[i] ?? '');
  if (options.spokenHundreds && lead !== undefined && lead > 0 && lead < 10) {
    if (words[i + 1] === 'oh') {
      const digit = ONES.get(words[i + 2] ?? '');
      if (digit !== undefined && digit > 0 && digit < 10) return { value: lead * 100 + digit, next: i + 3 };
      return null;
    }
    if (TENS.has(words[i + 1] ?? '')) {
      const rest = belowHundred(words, i + 1);
      return rest && { value: lead * 100 + rest.value, next: rest.next };
    }
    // `one eighteen over seventy-two`, `one twelve`: a teen after the hundreds digit is said the same way.
    const teen = ONES.get(words[i + 1] ?? '');
    if (teen !== undefined && teen >= 10 && teen < 20) return { value: lead * 100 + teen, next: i + 2 };
  }
  return belowHundred(words, i);
}

/** A whole number below a million starting at word `i`. */
function whole(words: readonly string[], i: number, options: NumberWordOptions): Step | null {
  if (words[i] === 'a' && words[i + 1] === 'thousand') {
    const rest = remainder(words, i + 2, (w, k) => belowThousand(w, k, {}));
    return rest && { value: 1000 + rest.value, next: rest.next };
  }
  const first = belowThousand(words, i, options);
  if (first === null || words[first.next] !== 'thousand') return first;
  if (first.value === 0) return null;
  const rest = remainder(words, first.next + 1, (w, k) => belowThousand(w, k, {}));
  return rest && { value: first.value * 1000 + rest.value, next: rest.next };
}

/**
 * The decimal string for a list of lower-case number words (`['ninety', 'eight', 'point', 'six']` → `98.6`), or null
 * unless every word is used. A decimal part is read digit by digit (`point oh five` → `.05`).
 */
export function parseNumberWords(words: readonly string[], options: NumberWordOptions = {}): string | null {
  let text = '0';
  let i = 0;
  if (words[0] !== 'point') {
    const found = whole(words, 0, options);
    if (found === null) return null;
    text = String(found.value);
    i = found.next;
  }
  if (words[i] === 'point') {
    i++;
    let decimals = '';
    for (; i < words.length; i++) {
      const digit = words[i] === 'oh' ? 0 : ONES.get(words[i] ?? '');
      if (digit === undefined || digit > 9) break;
      decimals += String(digit);
    }
    if (decimals === '') return null;
    text += `.${decimals}`;
  }
  return i === words.length && i > 0 ? text : null;
}

/** Digits on both sides of `point`: `7 point 2`, `98 point 6`, `point 5`. */
const DIGITS_POINT = /^(\d+)?\s*\bpoint\s+(\d+)$/i;

/**
 * A whole value written as a number phrase (`seventy-eight`, `a hundred and five`, `six point two`, `7 point 2`) to
 * its decimal string, else null. Words are separated by spaces or hyphens; nothing else may be in the text.
 */
export function parseSpelledNumber(text: string, options: NumberWordOptions = {}): string | null {
  const t = text.normalize('NFKC').trim().toLowerCase();
  if (t === '') return null;
  const digits = DIGITS_POINT.exec(t);
  if (digits) return `${(digits[1] ?? '0').replace(/^0+(?=\d)/, '')}.${digits[2]}`;
  if (!/^[a-z]+(?:[\s-]+[a-z]+)*$/.test(t)) return null;
  return parseNumberWords(t.split(/[\s-]+/), options);
}

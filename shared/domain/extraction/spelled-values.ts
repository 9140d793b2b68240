/**
 * Values written in words, as dictated notes and transcripts write them: `seventy-eight`, `one hundred and twelve`,
 * `thirty-seven point two`, `7 point 2`, and blood pressure as `142 over 91`. The line is rewritten with digits (`78`, `112`,
 * `37.2`, `142/91`, and `percent` after a number as `%`) before it is read, so that every reader sees a number and the
 * standardizer can parse the value. Words that are not part of a number are left exactly as written.
 */

const ONES: ReadonlyMap<string, number> = new Map([
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

const TENS: ReadonlyMap<string, number> = new Map([
  ['twenty', 20],
  ['thirty', 30],
  ['forty', 40],
  ['fifty', 50],
  ['sixty', 60],
  ['seventy', 70],
  ['eighty', 80],
  ['ninety', 90],
]);

const WORD = [...ONES.keys(), ...TENS.keys(), 'hundred', 'point', 'oh', 'and', 'a'].join('|');
/** A run of number words (tens may be hyphenated to their unit: `seventy-eight`). */
const RUN = new RegExp(String.raw`\b(?:${WORD})(?:[\s-]+(?:${WORD}))*\b`, 'gi');
const ANY_NUMBER_WORD = new RegExp(String.raw`\b(?:${[...ONES.keys(), ...TENS.keys()].join('|')})\b`, 'i');

/** Parses `one hundred and twelve`, `seventy-eight`, `thirty-seven point two`; null unless all words are used. */
function parseWords(words: readonly string[]): string | null {
  let i = 0;
  let whole = 0;
  let seen = false;
  const peek = (): string => words[i] ?? '';
  const ones = ONES.get(peek());
  if (peek() === 'a' && words[i + 1] === 'hundred') {
    whole = 100;
    i += 2;
    seen = true;
  } else if (ones !== undefined && ones < 10 && words[i + 1] === 'hundred') {
    whole = ones * 100;
    i += 2;
    seen = true;
  } else if (ones !== undefined && ones > 0 && ones < 10 && (TENS.has(words[i + 1] ?? '') || words[i + 1] === 'oh')) {
    // Spoken readings: `one forty-two` is 142, `one oh five` is 105.
    whole = ones * 100;
    i += words[i + 1] === 'oh' ? 2 : 1;
    seen = true;
    if (words[i - 1] === 'oh') {
      const digit = ONES.get(peek());
      if (digit === undefined || digit === 0 || digit > 9) return null;
      return i + 1 === words.length ? String(whole + digit) : null;
    }
  }
  if (seen && peek() === 'and') i++;
  const tens = TENS.get(peek());
  if (tens !== undefined) {
    whole += tens;
    i++;
    seen = true;
    const unit = ONES.get(peek());
    if (unit !== undefined && unit > 0 && unit < 10) {
      whole += unit;
      i++;
    }
  } else {
    const small = ONES.get(peek());
    if (small !== undefined) {
      whole += small;
      i++;
      seen = true;
    }
  }
  if (!seen) return null;
  let text = String(whole);
  if (peek() === 'point') {
    i++;
    let decimals = '';
    while (i < words.length) {
      const digit = peek() === 'oh' ? 0 : ONES.get(peek());
      if (digit === undefined || digit > 9) break;
      decimals += String(digit);
      i++;
    }
    if (decimals === '') return null;
    text += `.${decimals}`;
  }
  return i === words.length ? text : null;
}

/** The longest prefix of a run of words that is a number, with how many words it used. */
function longestNumber(words: readonly string[]): { text: string; used: number } | null {
  for (let n = words.length; n >= 1; n--) {
    const slice = words.slice(0, n);
    const last = slice[n - 1];
    if (last === 'and' || last === 'a' || last === 'point' || last === 'oh') continue;
    const text = parseWords(slice);
    if (text !== null) return { text, used: n };
  }
  return null;
}

/** A line with its spelled values as digits, and what each digit value was written as. */
export interface SpelledLine {
  text: string;
  /** Digit form → the words it replaced (`78` → `seventy-eight`, `142/91` → `142 over 91`, `%` → `percent`). */
  asWritten: Map<string, string>;
}

/**
 * The line with spelled numbers as digits and `N over M` as `N/M`, so that the readers find the value; the words
 * each replaced are kept, because a reading's value is returned as written.
 */
export function spellOutValues(line: string): SpelledLine {
  const asWritten = new Map<string, string>();
  if (!ANY_NUMBER_WORD.test(line) && !/\d\s+(?:over|point)\s+\d/i.test(line)) return { text: line, asWritten };
  let text = line.replace(/\b(\d+)\s+point\s+(\d+)\b/gi, (all, whole: string, decimals: string) => {
    asWritten.set(`${whole}.${decimals}`, all);
    return `${whole}.${decimals}`;
  });
  if (ANY_NUMBER_WORD.test(text)) {
    text = text.replace(RUN, (run) => {
      const parts = [...run.matchAll(/[^\s-]+|[\s-]+/g)].map((m) => m[0]);
      const tokens = parts.filter((_, k) => k % 2 === 0).map((w) => w.toLowerCase());
      const separators = parts.filter((_, k) => k % 2 === 1);
      let out = '';
      let k = 0;
      while (k < tokens.length) {
        const found = longestNumber(tokens.slice(k));
        if (found && found.used > 0 && !(found.used === 1 && tokens[k] === 'a')) {
          out += found.text;
          const written = parts.slice(2 * k, 2 * (k + found.used) - 1).join('');
          if (!asWritten.has(found.text)) asWritten.set(found.text, written);
          k += found.used;
        } else {
          out += parts[2 * k] as string;
          k++;
        }
        if (k < tokens.length) out += separators[k - 1] as string;
      }
      return out;
    });
    text = text.replace(/(\d)\s+(percent|per\s+cent)\b/gi, (_all, digit: string, word: string) => {
      asWritten.set('%', word);
      return `${digit} %`;
    });
  }
  text = text.replace(/\b(\d{2,3})\s+over\s+(\d{2,3})\b/gi, (all, a: string, b: string) => {
    const written = `${asWritten.get(a) ?? a} over ${asWritten.get(b) ?? b}`;
    asWritten.set(`${a}/${b}`, all === written ? all : written);
    return `${a}/${b}`;
  });
  return { text, asWritten };
}

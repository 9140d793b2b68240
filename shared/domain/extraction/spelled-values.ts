/**
 * Values written in words, as dictated notes and transcripts write them: `seventy-eight`, `one hundred and twelve`,
 * `thirty-seven point two`, `7 point 2`, and blood pressure as `142 over 91`. The line is rewritten with digits (`78`, `112`,
 * `37.2`, `142/91`, and `percent` after a number as `%`) before it is read, so that every reader sees a number and the
 * standardizer can parse the value. Words that are not part of a number are left exactly as written.
 */

import { NUMBER_WORDS, ONES, parseNumberWords, TENS } from '../standardization/spelled-numbers';

const WORD = NUMBER_WORDS.join('|');
/** A run of number words (tens may be hyphenated to their unit: `seventy-eight`). */
const RUN = new RegExp(String.raw`\b(?:${WORD})(?:[\s-]+(?:${WORD}))*\b`, 'gi');
const ANY_NUMBER_WORD = new RegExp(String.raw`\b(?:${[...ONES.keys(), ...TENS.keys()].join('|')})\b`, 'i');

/** Readings dictated in a note may say hundreds the short way: `one forty-two` is 142, `one oh five` is 105. */
const SPOKEN = { spokenHundreds: true } as const;

/** The longest prefix of a run of words that is a number, with how many words it used. */
function longestNumber(words: readonly string[]): { text: string; used: number } | null {
  // `point five` alone stays words in prose (`at this point one …`); a decimal needs its whole part here.
  if (words[0] === 'point') return null;
  for (let n = words.length; n >= 1; n--) {
    const slice = words.slice(0, n);
    const last = slice[n - 1];
    if (last === 'and' || last === 'a' || last === 'point' || last === 'oh') continue;
    const text = parseNumberWords(slice, SPOKEN);
    if (text !== null) return { text, used: n };
  }
  return null;
}

/**
 * `the AMH one is flagged`, `this one`, `one of them`: `one` standing for a thing already named, not a value. Only
 * the lone word, after a determiner (a name may stand between) or before a verb or `of`.
 */
function isPronounOne(run: string, before: string, after: string): boolean {
  if (run.toLowerCase() !== 'one') return false;
  if (/^(?:'s|\s+(?:is|was|were|are|of|that|which|looks|seems|has|had)\b)/i.test(after)) return true;
  // Only the words just before: the pattern anchored at the end would otherwise be tried from every word of a long line.
  return /\b(?:the|this|that|which|each|every|no|any|another|last|first|next|other)\s+(?:\S+\s+)?$/i.test(
    before.slice(-60),
  );
}

/** A blood-pressure name, then `N on M` (English), `N zu M` (German), `N por M` (Portuguese, Spanish), `N sur M`. */
const BP_WITH_OTHER_OVER =
  /(\b(?:BP|B\/P|blood\s+pressure|RR|TA|PA|tensi[oó]n(?:\s+arterial)?|tension(?:\s+art[ée]rielle)?|press[aã]o(?:\s+arterial)?|Blutdruck)(?:'s|\s+(?:is|was|of|de|à|a|von|war))?\s+)(\d{1,3})\s+(on|zu|por|sur)\s+(\d{1,3})\b/gi;

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
  if (!ANY_NUMBER_WORD.test(line) && !/\d\s+(?:over|point|sobre|on|zu|por|sur)\s+\d/i.test(line))
    return { text: line, asWritten };
  let text = line.replace(/\b(\d+)\s+point\s+(\d+)\b/gi, (all, whole: string, decimals: string) => {
    asWritten.set(`${whole}.${decimals}`, all);
    return `${whole}.${decimals}`;
  });
  if (ANY_NUMBER_WORD.test(text)) {
    text = text.replace(RUN, (run: string, at: number, line: string) => {
      // `Creati nine      0.77 mg/dL`: a fax broke the name; a table row's value column holds the value already.
      if (/^\s{2,}[<>]?\d/.test(line.slice(at + run.length)) && /\p{L} $/u.test(line.slice(0, at))) return run;
      if (isPronounOne(run, line.slice(0, at), line.slice(at + run.length))) return run;
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
    // `seventy-one and a half kilos`: the half a dictated weight or temperature adds is the decimal.
    text = text.replace(/\b(\d+)\s+and\s+a\s+half\b/gi, (all, whole: string) => {
      const written = asWritten.get(whole);
      if (written === undefined) return all;
      asWritten.set(`${whole}.5`, `${written} and a half`);
      return `${whole}.5`;
    });
    text = text.replace(/(\d)\s+(percent|per\s+cent)\b/gi, (_all, digit: string, word: string) => {
      asWritten.set('%', word);
      return `${digit} %`;
    });
    // A weight said in words (`sixty-four point five kilograms`) keeps its unit word as written.
    text = text.replace(/(\d)\s+(kilograms?|kilos|pounds)\b/gi, (_all, digit: string, word: string) => {
      const unit = /^p/i.test(word) ? 'lb' : 'kg';
      asWritten.set(unit, word);
      return `${digit} ${unit}`;
    });
  }
  // `BP's 128 on 84`, `RR 140 zu 90`, `PA 14 por 9`, `TA 140 sobre 90`: other words for `over`, only right after a
  // blood-pressure name (elsewhere `on`, `por`, `zu` join anything).
  text = text.replace(BP_WITH_OTHER_OVER, (_all, lead: string, a: string, word: string, b: string) => {
    const written = `${asWritten.get(a) ?? a} ${word} ${asWritten.get(b) ?? b}`;
    asWritten.set(`${a}/${b}`, written);
    return `${lead}${a}/${b}`;
  });
  text = text.replace(/\b(\d{2,3})\s+(over|sobre)\s+(\d{2,3})\b/gi, (all, a: string, word: string, b: string) => {
    const written = `${asWritten.get(a) ?? a} ${word} ${asWritten.get(b) ?? b}`;
    asWritten.set(`${a}/${b}`, all === written ? all : written);
    return `${a}/${b}`;
  });
  return { text, asWritten };
}

/** A line ending in a spelled hundred or thousand (`heart rate one hundred`): a number the next line may finish. */
const OPEN_HUNDRED = new RegExp(String.raw`\b(?:${WORD})(?:[\s-]+(?:${WORD}))*\s+(?:hundred|thousand)\s*$`, 'i');
/** The rest of that number opening the next line: `and four`, `and twelve`, `thirty-two`. */
const NUMBER_CONTINUED = new RegExp(String.raw`^\s*((?:and\s+)?(?:${WORD})(?:[\s-]+(?:${WORD}))*)\b[,;]?\s*`, 'i');

/**
 * A spoken value broken by the line's wrap (`heart rate one hundred` / `and four, irregular, resp rate …`): the rest
 * of the number is moved up to its line, so the value is read whole and as written, the two halves joined by one
 * space. Only when the joined words are one number; otherwise null.
 */
export function numberWrappedOnto(line: string, next: string): { line: string; next: string } | null {
  // Only the line's end is looked at: the pattern is tried from every word of a long line otherwise.
  const open = OPEN_HUNDRED.exec(line.slice(-120));
  if (!open) return null;
  const rest = NUMBER_CONTINUED.exec(next);
  if (!rest) return null;
  const joined = `${open[0].trim()} ${(rest[1] as string).trim()}`;
  const tokens = joined.split(/[\s-]+/).map((w) => w.toLowerCase());
  const whole = longestNumber(tokens);
  if (whole === null || whole.used !== tokens.length) return null;
  return { line: `${line.trimEnd()} ${(rest[1] as string).trim()}`, next: next.slice(rest[0].length) };
}

/**
 * Abnormality flags printed in front of the value rather than after it: a flag column to the left of the name
 * (`H  Glucose  104  mg/dL  70-99`, `*  LDL  4.2  mmol/L`) or between the name and the value
 * (`Glucose   H 104   mg/dL`, `Glucose    HIGH   104 mg/dL`), and result cells such as `H 104`.
 *
 * A capital letter is also part of many test names (`Vitamin D 25`, `Apolipoprotein B 1.1`, `Protein C 95 %`), so
 * a letter or word counts as a flag only where a column gap (two spaces or a tab) sets it off from the name, or,
 * between name and value, when it is bracketed (`(H)`) or an upper-case flag word of two letters or more (`HIGH`,
 * `HH`). Symbols (`*`, `!`, arrows) are never part of a name. The flag is returned as written, without its brackets
 * (`(H)` → `H`); the line is returned without it.
 */
import { bareFlag, FLAG_CELL } from './measurement';

const SYMBOL_FLAG = /^(?:\*{1,3}|!{1,2}|↑↑?|↓↓?|⬆|⬇)$/u;
/** Single letters are flags in upper case only: `h`, `l`, `a` are words and units. */
const LETTER_FLAG = /^\(?(?:HH|LL|AA|H|L|A|N)\)?$/;
const UPPER_WORD_FLAG =
  /^\(?(?:HH|LL|AA|HIGH|LOW|ABNORMAL|CRITICAL|CRIT|HOCH|NIEDRIG|ALTO|BAJO|ALTA|BAJA|HAUT|BAS)\)?$/u;

/** Whether a token is a flag by itself (see the module comment for which need a column gap). */
function isFlagToken(token: string): boolean {
  if (SYMBOL_FLAG.test(token) || LETTER_FLAG.test(token)) return true;
  return FLAG_CELL.test(token) && token.length > 2;
}

const LOOSE_NUMBER = /(?:^|\s)[<>]?\d+(?:[.,]\d+)?(?=\s|$)/;
/** A value starts here: a number, perhaps with a comparator. */
const VALUE_AHEAD = /^[<>≤≥]?=?\s?\d/;

export interface LeadingFlag {
  /** The text without the flag, gaps kept so that column readers still see them. */
  text: string;
  flag: string;
}

/** A flag in front of the name: `H  Glucose  104 mg/dL`, `*  LDL 4.2 mmol/L`, `HIGH\tGlucose\t104`. */
function flagBeforeName(text: string): LeadingFlag | null {
  const m = /^(\s*)(\S+)(\s+)(?=\p{L})/u.exec(text);
  if (!m) return null;
  const token = m[2] as string;
  const gap = m[3] as string;
  const symbol = SYMBOL_FLAG.test(token);
  if (!isFlagToken(token) || (!symbol && !/\s{2}|\t/.test(gap))) return null;
  return {
    text: `${m[1] as string}${' '.repeat(token.length)}${text.slice(m.index + (m[1] as string).length + token.length)}`,
    flag: bareFlag(token),
  };
}

/** Longer than any table row or report line: not read for a flag before its value. */
const MAX_ROW_LENGTH = 2000;

/** A flag between the name and its value: `Glucose   H 104   mg/dL`, `Glucose HIGH 104 mg/dL`. */
function flagBeforeValue(text: string): LeadingFlag | null {
  // A row is short; a long line (a sensor dump of numbers) is none, and each token below would slice it again.
  if (text.length > MAX_ROW_LENGTH) return null;
  const firstLetter = text.search(/\p{L}/u);
  if (firstLetter < 0) return null;
  // A gap is tried from its first space only: from inside a long run of spaces each try would rescan the run.
  for (const m of text.matchAll(/(?<!\s)(\s+)(\S+)(?=(\s+))/g)) {
    const token = m[2] as string;
    if (m.index <= firstLetter || !isFlagToken(token)) continue;
    const before = text.slice(0, m.index);
    const after = text.slice(m.index + m[0].length + (m[3] as string).length);
    if (!VALUE_AHEAD.test(after)) continue;
    if (LOOSE_NUMBER.test(before)) return null; // a flag after a value, which the value reader takes itself
    const gapped = /\s{2}|\t/.test(m[1] as string);
    const bracketed = /^\(.+\)$/.test(token);
    if (!gapped && !bracketed && !SYMBOL_FLAG.test(token) && !UPPER_WORD_FLAG.test(token)) return null;
    // Blank the flag out, so that the value stays where a fixed-width column reader expects it.
    const blanked = `${before}${m[1]}${' '.repeat(token.length)}${m[3]}${after}`;
    return { text: blanked, flag: bareFlag(token) };
  }
  return null;
}

/** A line whose flag stands before its value (see the module comment), split into the line and the flag. */
export function splitFlagBeforeValue(text: string): LeadingFlag | null {
  return flagBeforeName(text) ?? flagBeforeValue(text);
}

/** A result cell `H 104`, `* 4.2`, `HIGH 104 mg/dL`: the flag and the rest of the cell. */
export function splitCellFlag(cell: string): LeadingFlag | null {
  const m = /^(\S+)\s+/.exec(cell.trim());
  if (!m || !isFlagToken(m[1] as string)) return null;
  const rest = cell.trim().slice(m[0].length);
  return VALUE_AHEAD.test(rest) ? { text: rest, flag: bareFlag(m[1] as string) } : null;
}

/** A flag printed against its number, as some cumulative views do to keep columns narrow: `5.6H`, `148*`, `3.1LL`. */
const GLUED_FLAG = /^([<>]?\d+(?:[.,]\d+)?)(HH|LL|H|L|A|\*{1,3})$/;

/**
 * A result cell whose flag is glued to the number (`5.6H`). Only for rows that state their unit or range elsewhere,
 * where a trailing `L` cannot be litres.
 */
export function splitGluedFlag(cell: string): LeadingFlag | null {
  const m = GLUED_FLAG.exec(cell.trim());
  return m ? { text: m[1] as string, flag: m[2] as string } : null;
}

/**
 * Marks written against a result rather than in a flag column of their own:
 *
 * - a sign after the number, German style (`418   +`, `71   -`, `> 35000  +`), where the legend reads
 *   `+ erhöht, - erniedrigt`. Only after a whole number cell: `1+` / `2+` alone is a dipstick grade, not a flag.
 * - a symbol glued in front of the number (`*231`, `!7.9`, `↑126`), as Mexican and Spanish printouts mark a result
 *   outside its range. Letters glued in front (`H231`) are left alone: `B12` and `D3` are names.
 * - a status cell of a chatbot or portal table (`⬇️ Low`, `✅ Normal`, `🔴 High`): the pictograph is decoration and
 *   `Normal` says there is no flag.
 *
 * Each returns the mark as written (the word of a status cell) and the cell without it; all are linear regexes.
 */
import { judgementGrade } from './judgement-grades';
import { PICTOGRAPH } from './lines';
import { bareFlag, FLAG_CELL, NUMERIC_RESULT } from './measurement';

export interface MarkedValue {
  text: string;
  flag: string;
}

const TRAILING_SIGN = new RegExp(String.raw`^(${NUMERIC_RESULT})\s+(\+{1,2}|-{1,2})$`, 'u');
const LEADING_SYMBOL = new RegExp(String.raw`^(\*{1,3}|!{1,2}|↑↑?|↓↓?)(${NUMERIC_RESULT})$`, 'u');
/** Small integers before a `+` are dipstick grades (`2 +`), not a number with a high flag. */
const DIPSTICK_GRADE = /^[1-4]$/;

/** `418 +`, `> 35000 +`, `71 -`: the number and its sign flag. */
export function splitTrailingSign(cell: string): MarkedValue | null {
  const m = TRAILING_SIGN.exec(cell.trim());
  if (!m) return null;
  const value = m[1] as string;
  if (DIPSTICK_GRADE.test(value)) return null;
  return { text: value, flag: m[2] as string };
}

/** `*231`, `↑126`: the number and the symbol glued in front of it. */
export function splitLeadingSymbol(cell: string): MarkedValue | null {
  const m = LEADING_SYMBOL.exec(cell.trim());
  return m ? { text: m[2] as string, flag: m[1] as string } : null;
}

/** The emoji (traffic lights, arrows, keycaps) chatbots put before a word. */
const PICTOGRAPHS = new RegExp(`(?:${PICTOGRAPH})+`, 'gu');
const NO_FLAG = /^(?:normal|ok|in range|within range|normal range|unauffällig|normale?|dans les normes)$/i;

/**
 * The flag a status cell states: `⬇️ Low` → `Low`, `🔴 HIGH` → `HIGH`, `✅ Normal` → none (empty string), `H` → `H`,
 * a check-up's judgement grade as written (`정상(B)`, `要再検査`: `judgement-grades.ts`).
 * Null when the cell is no status at all (a comment, a trend), so the caller leaves the flag as it was.
 */
export function statusCellFlag(cell: string): string | null {
  const trimmed = cell.trim();
  if (FLAG_CELL.test(trimmed)) return bareFlag(trimmed);
  const grade = judgementGrade(trimmed);
  if (grade !== null) return grade;
  const word = trimmed.replace(PICTOGRAPHS, ' ').trim();
  if (word === '' || NO_FLAG.test(word)) return '';
  return FLAG_CELL.test(word) ? bareFlag(word) : null;
}

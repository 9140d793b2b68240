/**
 * Fax and OCR damage inside numbers: a stray space next to a decimal mark (`5. 4 %`, `13 .2 g/dL`, `0 ,9 mg/dl`) or
 * between the digits of one number (`1 04 mg/dL`, `1 2.5 g/dL`, a range cell `7 0-99`). Repaired only where the
 * evidence is strong, because a space between digit groups is also how two real values are written (`120 80`,
 * a cumulative row `131 128`, two columns `5 7`). A repair in a fixed-width row keeps the line's width (the removed
 * space moves into the column gap beside the number) so the row still meets its header's columns.
 */
import { looksLikeUnit } from './measurement';

/**
 * A space before a decimal point or comma (`13 .2`, `0 ,9`), after a decimal point (`5. 4`) or both (`6 . 9`, faxes). A
 * space after a comma
 * is how lists are written (`Na 140, 142`), so `0, 9` is left alone. Not inside dates (`12. 03. 2024`) or after
 * another decimal mark (`1.2 .5`).
 */
const DECIMAL_GAP = /(?<![\d.,]|\d[.,] ?)(\d{1,4})( \. | [.,]|\. )(\d{1,3})(?![\d.,:/]|\s?[.,]\s?\d)/g;

/**
 * A single digit, one space, then the rest of the number, one space before a unit (`1 04 mg/dL`, `1 2.5 g/dL`): a
 * lone digit in front of a value and its unit is never a value of its own. Not across a column gap (`5 7   mmol/L`
 * may be a result and a previous result: only the table layout can tell, see `joinSplitResultCell`).
 */
const SPLIT_BEFORE_UNIT = /(?<![\d.,/:+\-^*\p{L}])(\d) (\d{1,3}(?:[.,]\d{1,3})?)(?= (\S+))/gu;

/**
 * The repaired number, with the removed space put back where a column gap already is (a gap just widens, so a
 * fixed-width row keeps meeting its header's columns). Inside single-spaced text the width does not matter and the
 * space is dropped (`3.5 - 5. 1` → `3.5 - 5.1`, never `3.5 -  5.1`).
 */
function widthKept(number: string, line: string, at: number, length: number): string {
  const after = line.slice(at + length, at + length + 2);
  if (after === '' || /^\s\s/.test(after)) return `${number} `;
  if (at === 0 || /\s\s$/.test(line.slice(Math.max(0, at - 2), at))) return ` ${number}`;
  return number;
}

/**
 * A space after a decimal comma inside a fixed-width result cell (`Erytrocyty (RBC)      4, 38      mln/µl`): a fax
 * or OCR print of a decimal-comma report. Unlike a list (`Na 140, 142`), the number stands alone between column gaps
 * with a unit after it, and both parts are short (one or two digits, then one to three).
 */
const COMMA_GAP_IN_CELL = /(?<=\S\s{2,})(\d{1,2}), (\d{1,3})(?=(?:\s+[HLhl*↑↓])?\s{2,}(\S+))/gu;

/** Repairs the strong cases of spacing damage in a line (see the module comment); other text is unchanged. */
export function repairNumberSpacing(text: string): string {
  if (!/\d[ .,]/.test(text)) return text;
  const decimals = text.replace(
    DECIMAL_GAP,
    (match: string, whole: string, gap: string, fraction: string, at: number, line: string) =>
      // `1. 25-OH Vitamin D`: a numbered line's number, then a name that starts with digits.
      gap === '. ' && line.slice(0, at).trim() === ''
        ? match
        : widthKept(`${whole}${gap.trim()}${fraction}`, line, at, match.length),
  );
  const commas = decimals.replace(
    COMMA_GAP_IN_CELL,
    (match: string, whole: string, fraction: string, next: string, at: number, line: string) =>
      looksLikeUnit(next) ? widthKept(`${whole},${fraction}`, line, at, match.length) : match,
  );
  return commas.replace(
    SPLIT_BEFORE_UNIT,
    (whole, head: string, tail: string, next: string, at: number, line: string) => {
      const unit = next.replace(/[.,;:]+$/, '');
      return looksLikeUnit(unit) ? widthKept(`${head}${tail}`, line, at, whole.length) : whole;
    },
  );
}

/**
 * A result cell split in two by one space (`1 04`, `10 4`, `1 2.5`, `1 04 H`): one number when read as one. OCR may
 * also have read a digit as a letter (`1 4.O`), which the measurement reader repairs once the number is whole.
 */
const SPLIT_RESULT_CELL = /^([\dlIO]{1,2}) ([\dlIOo]{1,3}(?:[.,][\dlIOo]{1,3})?)((?:\s+\S+)?)$/;
/** A range cell whose low end is split by one space (`7 0-99`, `3 .5 - 5.1` is a decimal gap, handled above). */
const SPLIT_RANGE_CELL = /^(\d) (\d{1,2}(?:[.,]\d{1,3})?)(\s*[-–]\s*\d.*)$/;

/**
 * The result cell of a table whose header has a single value column: two digit groups there are one damaged
 * number, never two values (a second value would need a second column).
 */
export function joinSplitResultCell(cell: string): string {
  const m = SPLIT_RESULT_CELL.exec(cell);
  // Each group keeps a real digit: letters alone (`I O`) are words, not a damaged number.
  if (!m || !/\d/.test(m[1] as string) || !/\d/.test(m[2] as string)) return cell;
  return `${m[1]}${m[2]}${m[3]}`;
}

/** The range cell of a table: a range is one low end and one high end, so `7 0-99` is `70-99`. */
export function joinSplitRangeCell(cell: string): string {
  const m = SPLIT_RANGE_CELL.exec(cell);
  if (!m) return cell;
  return `${m[1]}${m[2]}${m[3]}`;
}

/**
 * A reference range and a flag stated in words after a reading in a message or letter: `Your result for Hemoglobin
 * A1c is 6.4 %. The standard range is 4.0 - 5.6 %.`, `212 mg/dL (standard range: less than 200 mg/dL)`, `22 ng/mL,
 * which is below the standard range of 30 - 100 ng/mL`. The range is kept as written without its unit (`4.0 - 5.6`,
 * `less than 200`); the flag is the words that place the result against it (`below the standard range`).
 *
 * Only the text after the reading's value on its own line is read, and only a range captioned as the standard,
 * normal or reference one: a goal or a threshold in prose (`aim for an LDL below 1.8`) has no such caption.
 */

import { parseRangeText } from './measurement';

/** The caption, then the range: `standard range is`, `normal range:`, `reference range of`. */
const CAPTIONED_RANGE =
  /\b(?:(?:standard|normal|reference)\s+(?:range|interval)|therapeutic(?:\s+(?:range|interval))?)\s*(?:is|:|of|=)?\s*/i;
/** `less than 200`, `under 5`, `greater than 40`: a one-sided range in words. */
const WORDED_BOUND =
  /^(?:(?:less|more|greater|lower|higher)\s+than|under|over|below|above|up\s+to|at\s+least)\s+\d+(?:[.,]\d+)?/i;
/** `below the standard range`: where the result stands against the range, in words. */
const PLACED = /\b(?:above|below|outside(?:\s+of)?)\s+the\s+(?:standard|normal|reference)\s+range\b/i;

export interface ProseRange {
  range: string | null;
  flag: string | null;
}

/** The range and flag the words after a value state, or null when they state neither. */
export function rangeInWordsAfter(after: string): ProseRange | null {
  if (after.length > 400) return null;
  const flag = PLACED.exec(after)?.[0] ?? null;
  const caption = CAPTIONED_RANGE.exec(after);
  let range: string | null = null;
  if (caption) {
    // The range runs to the bracket or the sentence's end (a full stop before a space or the line's end).
    const text = after
      .slice(caption.index + caption[0].length)
      .split(/\)|\.(?=\s|$)/)[0]
      ?.trim();
    if (text) range = WORDED_BOUND.exec(text)?.[0] ?? parseRangeText(text)?.range ?? null;
  }
  return range === null && flag === null ? null : { range, flag };
}

/** A bracket opening a line with a captioned range: `(therapeutic 0.6-1.3). CRP …`, `(normal range 4.0-5.6)`. */
const OPENING_RANGE_BRACKET =
  /^\s*\(\s*((?:(?:standard|normal|reference)\s+(?:range|interval)|therapeutic(?:\s+(?:range|interval))?)[^()]{1,40})\)[.,;]?\s*/i;

/**
 * A letter's sentence wrapped between a drug level and its range (`Digoxin level on 22/09 was 0.6 nmol/L` /
 * `(therapeutic 0.6-1.3). CRP peaked …`): the range the bracket opening the line states, and the rest of the line.
 */
export function rangeOpeningLine(line: string): { range: string; rest: string } | null {
  if (line.length > 400) return null;
  const m = OPENING_RANGE_BRACKET.exec(line);
  const range = m ? rangeInWordsAfter(m[1] as string)?.range : null;
  return m && range ? { range, rest: line.slice(m[0].length) } : null;
}

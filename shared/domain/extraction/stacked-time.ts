/**
 * Point-of-care printouts and forms stack the time under the date (`Date: 10/02/2026` / `Time: 14:22`, `Datum:` /
 * `Uhrzeit:`). The time is that test block's: the readings under it, up to the block's closing rule line
 * (`-------`), were taken then. A pharmacy slip's other blocks (a second device, vitals recorded by hand) keep the
 * date alone, so the report date takes no time from such a line.
 */
import { dateOnlyLine, findDates, type SlashOrder, withTimeAfter } from './dates';
import { entryDateLine } from './entry-date-lines';

/** `Time: 14:22` alone on a line, in the languages' captions for a clock time. */
const TIME_CAPTION_LINE =
  /^\s*(?:time|collection\s+time|time\s+(?:collected|taken|drawn)|heure|hora|uhrzeit|zeit|ora|godz(?:ina)?\.?|tijd|tid|klo|時刻|時間|时间|시간|시각)\s*[:：]?\s*(\d{1,2}[:h]\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)\s*$/iu;

/** A line drawn to close a block: dashes, equals signs or underscores only. */
const RULE_LINE = /^\s*[-=_—–]{5,}\s*$/;

/**
 * The date and time a `Time:` line gives together with the date line right above it (`Date: 10/02/2026`, or the
 * date alone), or null.
 */
export function stackedTime(text: string, textAbove: string, order: SlashOrder): string | null {
  if (text.length > 60 || textAbove.length > 80) return null;
  const time = TIME_CAPTION_LINE.exec(text)?.[1];
  if (time === undefined) return null;
  const above = entryDateLine(textAbove, order)?.iso ?? dateOnlyLine(textAbove, order);
  if (above === null || above === undefined || above.includes('T')) return null;
  if (findDates(textAbove, order).length !== 1) return null;
  const timed = withTimeAfter(above, ` ${time}`);
  return timed === above ? null : timed;
}

/** Whether a line closes a printout's block. */
export function isRuleLine(text: string): boolean {
  return RULE_LINE.test(text);
}

/**
 * A point-of-care device's printout (Cholestech LDX, i-STAT, a blood gas analyser, a glucometer) prints its run's time
 * on a line of its own inside its block, under its date:
 *
 *       Cholestech LDX(R)
 *    Date: 10/02/2026
 *    Time: 14:22
 *    TC        231  mg/dL
 *    -----------------------
 *
 * The readings of that block were measured at that time of the report's day; the rule line printed after them
 * closes the block (another device's block on the same slip keeps the day alone). A rule line before any reading
 * (between the block's header and its results) does not close it.
 */

import { findDates, isReportCaption, type SlashOrder } from './dates';

/** `Time: 14:22`, `Sample time 09:14`, `Uhrzeit: 7:05`, `Heure : 14h22`, `Saat: 09:14`, `Run time: 2:15 PM`. */
const TIME_CAPTION =
  /^\s*(?:time|sample\s+time|test\s+time|run\s+time|collection\s+time|time\s+(?:of\s+)?(?:test|sample|measurement)|time\s+(?:collected|taken|drawn)|uhrzeit|zeit|heure|hora|ora|saat|tijd|tid|klo|godz(?:ina)?\.?|時刻|時間|时间|시간|시각)\s*[:.：]?\s*(\d{1,2}[:h]\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)\s*$/iu;

/**
 * The time a device block's own time line gives, as written, or null. The line must sit right under the block's date
 * line (`Date: 10/02/2026`, `Datum: 12.10.2026`): a report's `Date printed:` / `Time:` pair, or a time line with no
 * date above it, times nothing that was collected.
 */
export function deviceBlockTime(text: string, textAbove: string, order: SlashOrder): string | null {
  if (text.length > 60 || textAbove.length > 80) return null;
  const time = TIME_CAPTION.exec(text)?.[1];
  if (time === undefined) return null;
  const dates = findDates(textAbove, order);
  if (dates.length !== 1) return null;
  const label = textAbove.slice(0, (dates[0] as { start: number }).start);
  if (isReportCaption(label) || /\d/.test(label) || label.trim().length > 24) return null;
  return time;
}

/** A printed rule: `-----------`, `===========`, `___________`, `***********`. */
const RULE_LINE = /^\s*(?:[-=_*~—–]\s?){5,}\s*$/;

export function isRuleLine(text: string): boolean {
  return text.length <= 200 && RULE_LINE.test(text);
}

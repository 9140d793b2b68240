import { findDates, type SlashOrder, withTimeAfter } from './dates';

/**
 * Telegram's copied messages put the sender and the stamp on a line of their own, the message on the lines under it
 * up to the next sender's line: `Crp, [23/04/2025 21:35]`, `Dad, [14.03.2026 07:41]`, `昵称1, [2022-11-22 5:05]`,
 * `John [17.07.16 18:57]`. The line is nothing but the name and the bracketed date and time, so a sentence that
 * brackets a date (`Seen in clinic [14.03.2026 07:41] for review`) is no stamp.
 */
const HEADER_STAMP =
  /^\s*[^\s\d[\]:][^[\]:]{0,60}?,?\s*\[(\d{1,4}[./-]\d{1,2}[./-]\d{2,4}),?\s+(\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?\s?m\.?)?)\]\s*$/iu;

/** The ISO date and time a Telegram-style sender line stamps on the messages under it, or null. */
export function chatHeaderStamp(line: string, order: SlashOrder): { day: string; time: string; at: string } | null {
  const m = HEADER_STAMP.exec(line);
  if (!m) return null;
  const dates = findDates(m[1] as string, order);
  const date = dates[0];
  if (dates.length !== 1 || date === undefined) return null;
  return { day: date.iso, time: m[2] as string, at: withTimeAfter(date.iso, ` ${m[2] as string}`) };
}

/**
 * A reading a message or letter dates by words relative to when it was written: `weight this morning 211.4 lb`,
 * `Weight Saturday morning: 212 lb`, `glucose yesterday 6.1`. The day is counted back from the message's own date
 * (a chat stamp, the letter's date): `today`/`this morning` is that day, `yesterday` the day before, a weekday the
 * last such day on or before it (`Saturday` in a message sent on Sunday 22 November is the 21st).
 */

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const PART_OF_DAY = '(?:morning|afternoon|evening|night)';

/** The words as a reading's name may end with them (`Weight Saturday morning`), which `cleanName` takes off. */
export const RELATIVE_DAY_TAIL = new RegExp(
  String.raw`\s+(?:(?:on\s+|last\s+)?(?:${WEEKDAYS.join('|')})(?:\s+${PART_OF_DAY})?|this\s+${PART_OF_DAY}|today|tonight|yesterday(?:\s+${PART_OF_DAY})?|last\s+night)$`,
  'i',
);

const RELATIVE_WORD = new RegExp(
  String.raw`\b(?:(${WEEKDAYS.join('|')})|(this\s+${PART_OF_DAY}|today|tonight)|(yesterday|last\s+night))\b`,
  'i',
);

/**
 * Words that put the day named right after them ahead of the message: `recheck on Monday`, `repeat next Tuesday`,
 * `see you Friday morning`. Such a day is an appointment, not the day of the reading.
 */
const FUTURE_LEAD =
  /\b(?:next|coming|until|till|before|will|shall|going\s+to|re-?check(?:ed)?|repeat(?:ed)?|re-?test(?:ed)?|follow[-\s]?up|see\s+you|appointment|appt|due|clinic|visit|booked|scheduled|planned|plan)\b(?:\s+\S+){0,3}\s+$/i;

function shifted(day: string, days: number): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The day a sentence's relative words name, counted from `anchor` (`YYYY-MM-DD…`), or null when it names none. Only
 * the sentence holding the reading's name counts (`name`), so a weekday in the sentence before dates nothing.
 */
export function relativeDay(line: string, name: string, anchor: string | null): string | null {
  if (anchor === null || !/^\d{4}-\d{2}-\d{2}/.test(anchor)) return null;
  const at = line.indexOf(name);
  if (at < 0) return null;
  const start = Math.max(0, line.lastIndexOf('. ', at) + 1);
  const endAt = line.indexOf('. ', at + name.length);
  const sentence = line.slice(start, endAt < 0 ? line.length : endAt);
  const m = RELATIVE_WORD.exec(sentence);
  if (!m || FUTURE_LEAD.test(sentence.slice(0, m.index))) return null;
  if (m[2]) return anchor.slice(0, 10);
  if (m[3]) return shifted(anchor, -1);
  const wanted = WEEKDAYS.indexOf((m[1] as string).toLowerCase());
  const weekday = new Date(`${anchor.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return shifted(anchor, -((weekday - wanted + 7) % 7));
}

/** Words naming the results a message reports, before the relative day they were taken: `your bloods from this morning`. */
const RESULTS_FROM_RELATIVE = new RegExp(
  String.raw`\b(?:labs?|lab\s*work|blood\s*work|bloods|blood\s+tests?|results?|tests|samples?)\s+(?:(?:were\s+)?(?:taken|drawn|done|collected)\s+)?(?:from|of|on)?\s*(?:(this\s+${PART_OF_DAY}|today)|(yesterday(?:\s+${PART_OF_DAY})?|last\s+night))\b`,
  'i',
);

/**
 * `hi Sam, your bloods from this morning are back: na 139, k 4.1 … b12 a bit low at 180`: a message saying which day
 * its results were taken dates every reading on its line, in whichever sentence. The day, or null.
 */
export function resultsDayOfLine(line: string, anchor: string | null): string | null {
  if (anchor === null || !/^\d{4}-\d{2}-\d{2}/.test(anchor) || line.length > 2000) return null;
  const m = RESULTS_FROM_RELATIVE.exec(line);
  if (!m || FUTURE_LEAD.test(line.slice(0, m.index))) return null;
  return m[1] ? anchor.slice(0, 10) : shifted(anchor, -1);
}

/** An e-mail or portal message's sending date caption: `Sent: 02/11/2026 16:05`, `Gesendet: …`, `Envoyé : …`. */
export const SENT_CAPTION =
  /^\s*(?:[^\s\w]{1,4}\s*)?(?:sent|gesendet|envoy[ée]|enviado|inviato|verzonden|date\s+sent)\s*:/i;

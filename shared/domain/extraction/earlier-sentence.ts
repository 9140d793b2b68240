/**
 * An earlier result introduced by its own date on its own line, as letters and portal notes write them:
 *
 *   `Vorbefund vom 14.10.2026: HbA1c 7,1 %`, `Previous (03/2026): LDL 3.4`, `Resultado anterior 12/09/2026: ...`
 *
 * The reading after the lead is dated by the lead's date, not the report's. A lead with nothing after it
 * (`Previous results (2024-05-01)`) heads a block of earlier results, dated so; a `Current results` caption after
 * such a block hands its rows back to the report's date. A month without a day (`03/2026`) dates the reading on that
 * month's first day: ISO needs a day, and the month is what the document says.
 */
import { findDates, iso, type SlashOrder } from './dates';

/**
 * Words opening an earlier result, in the languages partners write (the caption, not yet its date). A bare `前回`
 * is not one: check-up headers caption a visit column so (`前回 2025/04/18  今回 2026/04/21`).
 */
const EARLIER_LEAD =
  /^\s*(?:vorbefund(?:e)?|vorwert(?:e)?|voruntersuchung|vorheriger?\s+(?:wert|befund)|letzter\s+(?:wert|befund)|previous(?:\s+(?:results?|values?|readings?|labs?))?|prior(?:\s+(?:results?|values?|labs?))?|earlier\s+(?:results?|values?)|last\s+(?:results?|values?)|resultados?\s+anteriore?s?|valor(?:es)?\s+anteriore?s?|an[áa]lisis\s+anterior(?:es)?|r[ée]sultats?\s+ant[ée]rieurs?|r[ée]sultats?\s+pr[ée]c[ée]dents?|bilan\s+pr[ée]c[ée]dent|risultat[oi]\s+precedent[ei]|esami\s+precedenti|前回値|前回結果|前回の結果|前回検査(?:値|結果)?|上次(?:结果|結果|检查|檢查|检验)|이전\s?(?:결과|검사)|지난\s?(?:결과|검사)|전회\s?(?:결과|검사))\s*(?:vom|von|am|from|of|on|dated|del|de|do|da|du|le|al)?\s*[([（]?\s*/iu;

/** A month and year without a day: `03/2026`, `3.2026`, `2026-03`. */
const MONTH_YEAR = /^(?:(\d{1,2})[./-]((?:19|20)\d{2})|((?:19|20)\d{2})-(\d{2}))(?![\d./-])/;

/** What may close the lead between its date and the reading: a bracket, a colon, a dash. */
const LEAD_END = /^\s*[)\]）]?\s*[:：\-–—,、]?\s*/u;

/** Words after a block's dated caption (`Previous results (2024-05-01):`): none. */
const NOTHING_AFTER = /^[\s)\]）:：.。]*$/u;

/** A caption naming the current results, which end a dated block of earlier ones. */
const CURRENT_CAPTION =
  /^\s*(?:(?:current|latest|today'?s|this\s+visit'?s?|new)\s+(?:results?|values?|labs?|readings?)|aktuelle?\s+(?:werte|befunde?|ergebnisse)|resultados?\s+actuales?|valores?\s+actuales?|r[ée]sultats?\s+actuels?|risultati\s+attuali)\s*:?\s*$/i;

export interface EarlierLead {
  /** The lead's date, ISO. */
  date: string;
  /** The text after the lead: the reading, or '' for a block's caption. */
  rest: string;
}

/** The dated lead of an earlier result (`Vorbefund vom 14.10.2026:`) and what follows it, or null. */
export function earlierLead(text: string, order: SlashOrder): EarlierLead | null {
  if (text.length > 300) return null;
  const lead = EARLIER_LEAD.exec(text);
  if (!lead) return null;
  const after = text.slice(lead[0].length);
  const dated = dateAtStart(after, order);
  if (!dated) return null;
  const rest = after.slice(dated.end).replace(LEAD_END, '');
  if (NOTHING_AFTER.test(rest)) return { date: dated.iso, rest: '' };
  // The reading must start with a name: `Previous (03/2026): 3.4` gives no test to date.
  return /^\p{L}/u.test(rest) ? { date: dated.iso, rest } : null;
}

/** A caption opening the current results after a dated block of earlier ones (`Current results`, `Aktuelle Werte`). */
export function isCurrentResultsCaption(text: string): boolean {
  return text.length <= 60 && CURRENT_CAPTION.test(text);
}

function dateAtStart(text: string, order: SlashOrder): { iso: string; end: number } | null {
  const first = findDates(text, order)[0];
  if (first && first.start === 0) return { iso: first.iso, end: first.end };
  const month = MONTH_YEAR.exec(text);
  if (!month) return null;
  const year = Number(month[2] ?? month[3]);
  const monthNumber = Number(month[1] ?? month[4]);
  const firstDay = iso(year, monthNumber, 1);
  return firstDay === null ? null : { iso: firstDay, end: month[0].length };
}

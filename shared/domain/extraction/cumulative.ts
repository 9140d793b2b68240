/**
 * Cumulative (trend) reports: the same tests read on several dates.
 *
 *  - As columns: a table header whose value columns are collection dates (`Test  27/03/26  12/01/26  Units  Range`),
 *    newest first or last. Each filled cell is one reading dated by its column; cells a laboratory leaves for a date
 *    with no result (`--`, `.`, `n/a`, `not done`) are skipped, not read as values. The header may caption the
 *    name column with a date word (`Date`, `Collected`) since that row of the header holds the dates; a column date
 *    may carry its collection time (`27/03/26 09:15`), kept in the reading's date as the report's collection time is
 *    (`dates.ts`), and the times may sit on a second header line with the unit and range captions (not read there).
 *  - Copied without column gaps (`Test 27/03/26 12/01/26 Units Ref range`): rows are read token by token.
 *  - Earlier results: `Creatinine 1.1 mg/dL (prev 1.3 on 02/01/2026)`, `(previous: 1.3, 02.01.2026)`,
 *    `[last 1.3 12/01/26]`, a `Previous result: 1.3 mg/dL on 02/01/2026` line under the reading, or LabCorp's
 *    `Previous Result and Date` column: a second, earlier reading of the same test with its own date.
 *
 * `table-layout.ts` and `extract.ts` read the rows; this module says which header cells are dates, which cells are
 * empty, and splits earlier results off their text.
 */
import { type DateMatch, findDates, type SlashOrder, withTimeAfter } from './dates';
import { militaryAsClock } from './flowsheet-cells';
import { splitCells } from './lines';
import { bareFlag, looksLikeUnit, type Measurement, parseMeasurement, parseRangeText } from './measurement';
import type { Column, TableLayout } from './table-layout';
import { type ColumnRole, headerRole } from './vocabulary';

/**
 * A cell of a date column holding no result for that date. `ND` is left out: it is `not detected`, a result. German
 * and Austrian cumulative reports print `n.e.` (nicht erhoben) and `n.b.` (nicht bestimmt); French, Spanish and
 * Italian ones `non fait`, `no realizado`, `non eseguito`.
 */
const EMPTY_CELL =
  /^(?:[-–—]{1,6}|\.{1,3}|\/|n\/?a|not\s+(?:done|performed|tested)|tnp|pending|cancel+ed|see\s+(?:note|comment)|#|n\.\s?[eb]\.?|nicht\s+(?:erhoben|bestimmt|durchgef[üu]hrt)|non\s+(?:fait|r[ée]alis[ée]|eseguit[oa])|no\s+realizad[oa])$/i;

/** Whether a date-column cell has no reading in it (so the row still reads its other dates). */
export function isEmptyCumulativeCell(text: string): boolean {
  return EMPTY_CELL.test(text.trim());
}

/** A collection time after a column's date: `09:15`, `9h15`, `14:02:33`, `10.30`, `0814 Local`, `09:42 PDT`. */
const COLUMN_TIME =
  /^\s*(?:(?:\d{1,2}[:h.]\d{2}(?::\d{2})?|[0-2]\d[0-5]\d)\s*(?:[ap]\.?m\.?)?(?:\s*(?:[a-z]{1,3}t|utc|gmt|local))?)?\s*$/i;

/** The date of a header cell that is only a date (and perhaps its time), else null. */
export function columnDate(text: string, order: SlashOrder): string | null {
  const dates = findDates(text, order);
  const only: DateMatch | undefined = dates[0];
  if (dates.length !== 1 || !only) return null;
  if (text.slice(0, only.start).trim() !== '') return null;
  const after = text.slice(only.end);
  return COLUMN_TIME.test(after) ? withTimeAfter(only.iso, militaryAsClock(after)) : null;
}

/**
 * The unit and range a cumulative row prints once, after its values, with no `Units` / `Range` column under which
 * to read them (the captions are missing, or printed on another line out of line with the cells): they fall in the
 * last date's cell. The unit is every date's, the range every date's until `earlierThanNewest` leaves it to the
 * newest; a cell's own unit stays.
 */
export function shareRowUnitAndRange(readings: readonly { measurement: Measurement }[], tail: RowTail | null): void {
  const last = readings[readings.length - 1]?.measurement;
  const unit = tail?.unit ?? last?.unit ?? null;
  const range = tail?.range ?? last?.referenceRange ?? null;
  for (const { measurement } of readings) {
    measurement.unit ??= unit;
    measurement.referenceRange ??= range;
  }
}

/**
 * The readings of one row older than its newest. One range printed for a row of dated readings is the newest
 * reading's (README *Labelling decisions*, session 23): a laboratory prints the range of the method in use today,
 * and an earlier result was judged against its own day's range, which the row does not show; so the readers give
 * the earlier ones only a range their own cell printed. None when a reading has no date.
 */
export function earlierThanNewest<T>(readings: readonly T[], dateOf: (reading: T) => string | null): T[] {
  const dates = readings.map(dateOf);
  if (dates.some((d) => d === null)) return [];
  const newest = (dates as string[]).reduce((a, b) => (b > a ? b : a), '');
  return readings.filter((_, k) => (dates[k] as string) < newest);
}

export interface RowTail {
  unit: string | null;
  range: string | null;
}

/**
 * A last date's cell holding only the row's unit and range, perhaps after the mark of an empty date (`mmol/L
 * (135-145)`, `--   %   4,0 - 6,0`: no result on that date), or null.
 */
export function rowTailCell(text: string): RowTail | null {
  if (text.length > 120) return null;
  const words = text.trim().split(/\s+/);
  if (words[0] !== undefined && EMPTY_CELL.test(words[0])) words.shift();
  const first = words[0];
  if (first === undefined) return null;
  const unit = /\p{L}|%/u.test(first) && looksLikeUnit(first) ? first : null;
  const rest = words.slice(unit === null ? 0 : 1).join(' ');
  if (rest === '') return unit === null ? null : { unit, range: null };
  const range = parseRangeText(rest.replace(/^[([]\s*(.*?)\s*[)\]]$/, '$1'));
  if (range === null || !/\d/.test(range.range)) return null;
  return { unit: unit ?? range.unit, range: range.range };
}

/**
 * The layout under a heading that dates its own section (`URINE  Collected : 21/01/26 10:20`) below a cumulative
 * table: the date columns become one result column from where the first began (a row there prints one result, its
 * unit and range after it); the other columns stay.
 */
export function withoutColumnDates(layout: TableLayout): TableLayout {
  const first = layout.columns.find((c) => c.date !== null);
  if (!first) return layout;
  const columns = layout.columns
    .filter((c) => c.date === null || c === first)
    .map((c) => (c === first ? { role: 'value' as const, start: c.start, date: null } : c));
  return { ...layout, columns };
}

/**
 * In a header with date columns, the name column may be captioned by what the header row holds (`Date`,
 * `Collected`): that caption labels the dates, so its column is the test names. Mutates the roles.
 */
export function nameColumnOfDatedHeader(columns: { role: ColumnRole; date: string | null }[]): void {
  const dated = columns.filter((c) => c.date !== null).length;
  const first = columns[0];
  if (dated < 2 || !first || first.date !== null) return;
  if (columns.some((c) => c.role === 'name')) return;
  if (first.role === 'date' || first.role === 'other') first.role = 'name';
}

/**
 * The second line of a cumulative header (WinPath, TelePath and iLab print each column's collection time under its
 * date, and often the `Units` / `Ref. Range` captions on that line rather than the dates' one): times are dropped,
 * captions become columns at their positions. The extended layout, or null when the line is not such a line.
 */
export function extendDatedHeader(line: string, layout: TableLayout): TableLayout | null {
  if (layout.delimiter !== 'spaces' || !layout.columns.some((c) => c.date !== null)) return null;
  const cells = splitCells(line, 'spaces').filter((c) => c.text !== '');
  if (cells.length === 0) return null;
  const added: Column[] = [];
  const timed = layout.columns.map((c) => ({ ...c }));
  for (const cell of cells) {
    if (/\d/.test(cell.text) && COLUMN_TIME.test(cell.text)) {
      timeUnderDate(timed, cell.text, cell.start);
      continue;
    }
    const role = headerRole(cell.text);
    if (role === null || role === 'value') return null;
    // `Time  0910  0845` captions the row of times in the names column: the columns are the dates already.
    if (role === 'time' || role === 'date') continue;
    // The names' caption (`Test`) may sit on this line: the names column is there already.
    if (role !== 'other' && role !== 'name' && !layout.columns.some((c) => c.role === role)) {
      added.push({ role, start: cell.start, date: null });
    }
  }
  const columns = [...timed, ...added].sort((a, b) => a.start - b.start);
  return { delimiter: layout.delimiter, columns };
}

/**
 * A cumulative report repeats its header of dates over each section (`TUMOUR MARKERS`, then `LIVER FUNCTION`) but
 * prints the collection times under the first only: a section's date columns take the times of the timed columns
 * above. The same days in the same order match by position (a day sampled twice keeps each time); otherwise, as
 * when a later section prints only the dates it has results for, a column takes the time of the one timed column
 * above on its day, and none when that day had two. A section with a day the timed header lacks is another set of
 * collections and takes no time; a header timing its own columns keeps them. Columns are changed in place.
 */
export function timesFromEarlierHeader(columns: Column[], earlier: readonly Column[] | null): void {
  const dated = columns.filter((c) => c.date !== null);
  const before = (earlier ?? []).filter((c) => c.date !== null);
  if (dated.length < 2 || !before.some((c) => c.date?.includes('T'))) return;
  if (dated.some((c) => c.date?.includes('T'))) return;
  const sameDays = dated.length === before.length && dated.every((c, k) => c.date === before[k]?.date?.slice(0, 10));
  // A day the timed header lacks makes the section another set of collections: none of its columns is timed.
  if (!dated.every((c) => before.some((b) => b.date?.slice(0, 10) === c.date))) return;
  dated.forEach((c, k) => {
    const sameDay = before.filter((b) => b.date?.slice(0, 10) === c.date);
    const source = sameDays ? before[k] : sameDay.length === 1 ? sameDay[0] : undefined;
    if (source?.date?.includes('T')) c.date = source.date;
  });
}

/**
 * Where a time may start under its date: from a little before the date (left-aligned, ragged) to its end (a time is
 * shorter than a date and is often right-aligned under it: `12/09/25` over `  0910`).
 */
const TIME_BEFORE_DATE = 3;
const TIME_WITHIN_DATE = 10;

/**
 * A collection time printed under a column's date is that column's time: the readings under it were taken then, as
 * when the time follows the date in the same cell. A date that already has a time, or a time under no date, is left.
 */
function timeUnderDate(columns: Column[], time: string, start: number): void {
  const under = columns.filter(
    (c) => c.date !== null && start >= c.start - TIME_BEFORE_DATE && start <= c.start + TIME_WITHIN_DATE,
  );
  const column = under.sort((a, b) => Math.abs(a.start - start) - Math.abs(b.start - start))[0];
  if (!column?.date || column.date.includes('T')) return;
  column.date = withTimeAfter(column.date, militaryAsClock(time));
}

/** The keyword opening an earlier result in brackets, in the languages the reader knows. */
const PREVIOUS_KEYWORD =
  /^(?:prev(?:ious)?|last|prior|before|past|earlier|vorher(?:ig(?:er)?)?|vorwert|vorbefund|zuvor|letzter?|anterior|previo|pr[ée]c[ée]dent(?:e)?|ant[ée]rieur(?:e)?|precedente|tidigare|tidligere|forrige|el[őo]z[őo]|kor[áa]bbi)\.?(?:\s+(?:results?|values?|readings?|wert|valor|valeur|valore|resultat|svar|verdi|eredm[ée]ny))?\s*[:=]?\s*/iu;
/** Words joining the earlier value to its date: `1.3 on 02/01/2026`, `1,3 am 02.01.2026`, `1.3, 02.01.2026`. */
const JOINER = /^[\s,;:\-–—]*(?:on|am|vom|du|le|del|el|il|of|from|dated)?[\s,;:\-–—]*$/i;

export interface PreviousResult {
  /** The line without the bracket, to be read as the current reading. */
  rest: string;
  measurement: Measurement;
  date: string;
  /** Older results listed after the first in the same bracket (`prev 109 on 07/02/2026; 115 on 12/11/2025`). */
  older: { measurement: Measurement; date: string }[];
}

/** `1.3 on 02/01/2026`, `02/01/2026: 1.3 mg/dL`, `97  01/05/2025`: one value and one date, or null. */
export function valueAndDate(text: string, order: SlashOrder): { measurement: Measurement; date: string } | null {
  // Brackets around the date or a flag (`1.3 (02/01/2026)`, `1.3 (H)`) carry nothing of their own.
  const body = text.replace(/[()[\]]/g, ' ');
  const dates = findDates(body, order);
  const date = dates[0];
  if (dates.length !== 1 || !date) return null;
  const before = body.slice(0, date.start);
  const after = body.slice(date.end);
  // The value is on the side that is not only a joiner.
  const valueText = JOINER.test(after) ? before : JOINER.test(before) ? after : null;
  if (valueText === null) return null;
  const trimmed = valueText
    .replace(/^[\s,;:\-–—]+/, '')
    // the joiner is a word of its own: `1.3 on`, never the end of a unit (`1.3 gram`)
    .replace(/(?:[\s,;:\-–—]+(?:on|am|vom|du|le|del|el|il|of|from|dated))?[\s,;:\-–—]*$/i, '');
  const measurement = parseMeasurement(trimmed, 0);
  if (measurement?.rest !== '' || measurement.qualitative) return null;
  return { measurement, date: date.iso };
}

/** `prev 1.3 on 02/01/2026`, `previous: 02/01/2026 1.3 mg/dL`: the earlier value and its date, or null. */
function earlierResult(text: string, order: SlashOrder): { measurement: Measurement; date: string } | null {
  const keyword = PREVIOUS_KEYWORD.exec(text.trim());
  return keyword ? valueAndDate(text.trim().slice(keyword[0].length), order) : null;
}

/**
 * `prev 109 on 07/02/2026; 115 on 12/11/2025`: several earlier results after one keyword, separated by semicolons,
 * each a value and its own date. All of them or none (one part that is not a value and a date makes it prose).
 */
function earlierResults(text: string, order: SlashOrder): { measurement: Measurement; date: string }[] {
  const keyword = PREVIOUS_KEYWORD.exec(text.trim());
  if (!keyword) return [];
  const parts = text.trim().slice(keyword[0].length).split(';');
  const found = parts.map((part) => valueAndDate(part, order));
  return found.every((f) => f !== null) ? (found as { measurement: Measurement; date: string }[]) : [];
}

/** A bracketed note that a test has no earlier result: `(no previous)`, `(first result)`, `(kein Vorwert)`. */
const NO_EARLIER_NOTE =
  /(?<!\s)\s*[([]\s*(?:no\s+(?:previous|prior|earlier)(?:\s+(?:results?|values?))?|first\s+(?:result|value)|kein\s+vorwert|sin\s+(?:resultado\s+)?anterior|pas\s+de\s+(?:valeur|r[ée]sultat)\s+ant[ée]rieur(?:e)?)\s*[)\]]/giu;

/** The line without a note that the test has no earlier result (it says nothing about the current one). */
export function withoutNoEarlierNote(text: string): string {
  return text.replace(NO_EARLIER_NOTE, '');
}

/**
 * An earlier result of the same test in brackets on a reading's line (see the module comment), or null. The bracket
 * must hold the keyword, one value and one date (either order), nothing else.
 */
export function splitPreviousResult(text: string, order: SlashOrder): PreviousResult | null {
  for (const group of text.matchAll(/[([]([^()[\]]{3,120})[)\]]/g)) {
    const [earlier, ...older] = earlierResults(group[1] as string, order);
    if (!earlier) continue;
    const head = text.slice(0, group.index).replace(/\s+$/, '');
    const tail = text.slice(group.index + group[0].length).trim();
    const rest = tail === '' ? head : `${head} ${tail}`;
    return { rest, ...earlier, older };
  }
  return null;
}

/**
 * A line of its own under a reading, as patient portals stack it: `Previous result: 1.3 mg/dL on 02/01/2026`,
 * `Last value 1.3 (12/01/2026)`. The earlier value and its date, or null; the caller gives it the name above.
 */
export function previousResultLine(text: string, order: SlashOrder): { measurement: Measurement; date: string } | null {
  if (text.length > 100) return null;
  return earlierResult(text, order);
}

/**
 * A cumulative header copied without its column gaps (PDF viewers and `pdftotext` without `-layout` collapse them):
 * `Test 27/03/26 12/01/26 03/10/25 Units Ref range`. The dates, newest or oldest first, and whether a unit and a
 * range follow the values on each row.
 */
export interface SpacedDatedHeader {
  dates: string[];
  unit: boolean;
  range: boolean;
}

const EMPTY_TOKEN = /^(?:[-–—]{1,6}|\.{1,3}|n\/?a)$/i;
const NUMBER_TOKEN = /^[<>≤≥]?\d+(?:[.,]\d+)?$/;
/** Flags a collapsed row prints after a value: case-sensitive letters (a lone `h` or `l` is not one). */
const FLAG_TOKEN = /^(?:\(?(?:HH|LL|H|L|A|N)\)?|\*{1,3}|!{1,2}|↑↑?|↓↓?)$/u;

/** The header captions after the dates: each a unit, range or flag caption (up to four words), or null. */
function trailingCaptions(text: string): ColumnRole[] | null {
  const words = text.split(/\s+/).filter((w) => w !== '');
  const roles: ColumnRole[] = [];
  let i = 0;
  while (i < words.length) {
    let matched = 0;
    for (let n = Math.min(4, words.length - i); n >= 1 && matched === 0; n--) {
      const role = headerRole(words.slice(i, i + n).join(' '));
      if (role === 'unit' || role === 'range' || role === 'flag') {
        roles.push(role);
        matched = n;
      }
    }
    if (matched === 0) return null;
    i += matched;
  }
  return roles;
}

export function detectSpacedDatedHeader(line: string, order: SlashOrder): SpacedDatedHeader | null {
  const text = line.trim();
  if (/\t|\s{2}/.test(text)) return null; // gapped headers are `table-layout.ts`'s
  const dates = findDates(text, order);
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (dates.length < 2 || !first || !last) return null;
  // Only a collection time may stand between two dates (`27/03/26 09:42 12/01/26 10:15`).
  for (let k = 1; k < dates.length; k++) {
    if (!COLUMN_TIME.test(text.slice((dates[k - 1] as DateMatch).end, (dates[k] as DateMatch).start))) return null;
  }
  const lead = text.slice(0, first.start).trim();
  const leadRole = lead === '' ? 'name' : headerRole(lead);
  if (leadRole !== 'name' && leadRole !== 'date') return null;
  const captions = trailingCaptions(
    text.slice(last.end).replace(/^\s*(?:\d{1,2}[:h.]\d{2}(?::\d{2})?|[0-2]\d[0-5]\d)(?=\s|$)/, ''),
  );
  if (captions === null) return null;
  return { dates: dates.map((d) => d.iso), unit: captions.includes('unit'), range: captions.includes('range') };
}

/**
 * A collapsed row under such a header: `WCC 6.2 -- 11.8 H x10^9/L 4.0-11.0`. The name runs to the first number or
 * empty mark; then one cell per date (a number, perhaps flagged, or an empty mark), then the unit and range. Without
 * gaps a missing cell cannot be placed: a row of several values that are not one per date gives no reading (an
 * empty list, so that no other reader dates them either); null when the line is no such row.
 */
export function readSpacedDatedRow(
  line: string,
  header: SpacedDatedHeader,
  order: SlashOrder,
): { name: string; readings: { measurement: Measurement; date: string }[] } | null {
  const tokens = line.trim().split(/\s+/);
  const start = tokens.findIndex((t) => NUMBER_TOKEN.test(t) || EMPTY_TOKEN.test(t));
  if (start <= 0) return null;
  const name = tokens.slice(0, start).join(' ');
  if (!/\p{L}/u.test(name) || findDates(name, order).length > 0 || name.length > 60) return null;
  const cells: (Measurement | null)[] = [];
  let i = start;
  for (; i < tokens.length && cells.length <= header.dates.length; i++) {
    const token = tokens[i] as string;
    const previous = cells[cells.length - 1];
    if (NUMBER_TOKEN.test(token) && cells.length < header.dates.length) {
      cells.push({ value: token, unit: null, referenceRange: null, flag: null, qualitative: false, rest: '' });
    } else if (EMPTY_TOKEN.test(token) && cells.length < header.dates.length) cells.push(null);
    else if (FLAG_TOKEN.test(token) && previous && previous.flag === null) previous.flag = bareFlag(token);
    else break;
  }
  // Two values or more for fewer dates: a cumulative row with a cell lost, which no date can be given to safely.
  if (cells.length !== header.dates.length) return cells.length >= 2 ? { name, readings: [] } : null;
  let unit: string | null = null;
  let rest = tokens.slice(i);
  if (header.unit && rest[0] !== undefined && !/^[<>≤≥]?\d/.test(rest[0])) {
    unit = rest[0];
    rest = rest.slice(1);
  }
  let range: string | null = null;
  if (rest.length > 0) {
    const parsed = header.range ? parseRangeText(rest.join(' ')) : null;
    if (parsed === null) return null;
    range = parsed.range;
    unit ??= parsed.unit;
  }
  const readings: { measurement: Measurement; date: string }[] = [];
  cells.forEach((cell, k) => {
    if (cell) readings.push({ measurement: { ...cell, unit, referenceRange: range }, date: header.dates[k] as string });
  });
  for (const earlier of earlierThanNewest(readings, (r) => r.date)) earlier.measurement.referenceRange = null;
  return readings.length > 0 ? { name, readings } : null;
}

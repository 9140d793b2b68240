/**
 * Transposed tables: the tests are the columns and each row is a date or a field of every test.
 *
 *   Date          Glucose (mg/dL)   HbA1c (%)        Test:     Sodium    Potassium
 *   2026-02-01    118               6.9              Result:   139       5.4
 *   2026-03-01    109                                Unit:     mmol/L    mmol/L
 *                                                    Range:    135-145   3.5-5.1
 *
 * The header has a label column (empty, or a caption such as `Date`, `Test:`) and at least two columns named by
 * measurements the resolver knows or that carry their unit, which are at least half of its columns. A row is read only when its label is a date or a header
 * word for a field (result, unit, range, flag) and every filled cell fits that field; a row of goals (`Target`,
 * `Zielwert`) and a Markdown rule are part of the table but hold no reading; any other row ends the table.
 *
 * A delimited export may open with metadata lines (patient, flowsheet) before its header, whose date column may be
 * the first (`"Date","A1C (%)",...,"Foot exam","Comments"`); comment columns are left out and a column no test names
 * may hold words (`Done`). A patient's Markdown log of home readings (`| Mon 3/2 | 7:05 AM | 148 | 91 |`) is one too:
 * a yearless day takes the year of the message (`yearless-dates.ts`).
 */
import { findDates, type SlashOrder, WEEKDAY, withTimeAfter } from './dates';
import { plausibleName } from './inline-readings';
import { type Delimiter, detectDelimiter, splitCells } from './lines';
import { FLAG_CELL, looksLikeUnit, type Measurement, parseMeasurement, parseRangeText } from './measurement';
import { headerRole, isKnownMeasurement } from './vocabulary';
import { yearlessCellDate } from './yearless-dates';

export interface TransposedColumn {
  name: string;
  unit: string | null;
  start: number;
  /** Named by a measurement the resolver knows or by its unit; a wide export's other columns may hold words. */
  known?: boolean;
  /** The range a `Ref range` row printed above the first values gave this column: every value below takes it. */
  range?: string;
}

export interface TransposedLayout {
  delimiter: Delimiter;
  columns: TransposedColumn[];
  /** A delimited export's cell holding each row's date, and its collection time's (default: the first cell, none). */
  dateCell?: number;
  timeCell?: number;
  /**
   * Fixed width: where a home log's clock-time column (`Hora`, `Time`) and its free-text notes column (`Notas`) start.
   * Neither names a test; their cells give the row's time or are passed over.
   */
  timeStart?: number;
  noteStart?: number;
  /** Fixed width: where columns about the visit rather than the body start (`Age`, `Checked by`): passed over. */
  asideStarts?: number[];
  /**
   * Each row is labelled by a clock time of the document's day (a dialysis sheet's intradialytic obs, an ICU hourly
   * chart: `Time  Sys BP  Pulse  Qb  Comments`); columns no known test names (machine settings: `Qb`, `TMP`) are
   * passed over.
   */
  timeRows?: boolean;
}

export type TransposedRow =
  | { kind: 'values'; date: string | null; cells: (Measurement | null)[] }
  | { kind: 'unit' | 'range' | 'flag'; cells: (string | null)[] }
  /** `Ref low` / `Ref high` rows: each bound of the range in a row of its own. */
  | { kind: 'low' | 'high'; cells: (string | null)[] }
  /** A row of goals (`Target`, `Goal`) or a Markdown rule (`|---|---|`): part of the table, no reading in it. */
  | { kind: 'skip' };

/** A row of treatment goals under a flowsheet's readings: `Target`, `Goal`, `Ziel`, `Objectif`, `Meta`. */
const GOAL_LABEL =
  /^\s*(?:targets?|goals?|aims?|treatment\s+(?:targets?|goals?)|target\s+(?:values?|ranges?)|ziel(?:wert|werte|bereich)?|objectifs?|cibles?|objetivos?|metas?|obiettivi|obiettivo)\s*:?\s*$/i;

/** A Markdown table's rule row: every cell dashes, with alignment colons. */
const RULE_CELL = /^:?-{2,}:?$/;

/**
 * A wide export's date caption: a date header word, the day of a patient's own log, or a home device's
 * `Measurement Date` (OMRON connect, other blood-pressure and glucose-meter apps).
 */
const DAY_CAPTION =
  /^(?:day|days|reading\s+date|date\s+of\s+reading|(?:measurement|measured|test)\s+date|date\s+(?:measured|of\s+measurement)|date\s*(?:&|and|\/)\s*time|date-?time|when|jour|tag|d[ií]a|giorno)$/i;

/**
 * A column of a dated record that says who or what the visit was, not what was measured: the child's age at a
 * growth check (`10 days`, `8 weeks`), who checked, signed or saw, where. Its cells are never readings.
 */
const ASIDE_CAPTION =
  /^(?:age|corrected\s+age|alter|[âa]ge|edad|et[àa]|idade|checked\s+by|signed(?:\s+by)?|seen\s+by|by|initials|staff|clinician|nurse|examiner|signature|visa|unterschrift|firma|assinatura|m[ée]decin|arzt|place|location|site|venue|clinic|visit|reason)$/i;

/** A free-text column of a wide export (`Comments`, `Notes`): never a test, whatever it holds. */
const NOTE_CAPTION =
  /^(?:comments?|notes?|remarks?|memo|kommentar(?:e)?|bemerkung(?:en)?|commentaires?|remarques?|comentarios?|notas?|observa(?:tions?|ciones|ções)|note)$/i;

const BOUND_LABEL =
  /^\s*(?:ref(?:erence)?\.?\s*(?:range\s*)?|normal\s*|range\s*)?(low(?:er)?|min(?:imum)?|high(?:er)?|upper|max(?:imum)?)(?:\s*(?:limit|bound|ref(?:erence)?))?\s*[:.]?\s*$/i;

/** `Glucose (mg/dL)`, `HbA1c [%]`: the test name and the unit its column is given in. */
function nameAndUnit(text: string): { name: string; unit: string | null } {
  const m = /^(.*?\S)\s*[([]\s*([^()[\]]+?)\s*[)\]]$/.exec(text);
  if (m && looksLikeUnit(m[2] as string)) return { name: m[1] as string, unit: m[2] as string };
  return { name: text, unit: null };
}

/** A home blood-pressure monitor's column captions (OMRON prints `SYS  DIA  PUL`), abbreviated past what the resolver knows. */
const SYSTOLIC_CAPTION = /^(?:sys|syst|sbp|systolic)\.?$/i;
const DIASTOLIC_CAPTION = /^(?:dia|dias|diast|dbp|diastolic)\.?$/i;
const PULSE_CAPTION = /^(?:pul|pulse|pr|hr)\.?$/i;

/**
 * The header cells that name a blood pressure's halves (and its pulse) by a monitor's abbreviations: only when both
 * halves are columns of the header, since `Dia` alone is a day in Portuguese and Spanish and `Sys` a word of prose.
 */
function bloodPressureCaptions(cells: readonly string[]): Set<string> {
  const names = cells.map((c) => nameAndUnit(c.trim()).name);
  if (!names.some((n) => SYSTOLIC_CAPTION.test(n)) || !names.some((n) => DIASTOLIC_CAPTION.test(n))) return new Set();
  return new Set(names.filter((n) => SYSTOLIC_CAPTION.test(n) || DIASTOLIC_CAPTION.test(n) || PULSE_CAPTION.test(n)));
}

/** Whether a header cell names a test column: a measurement the resolver knows, or a name with its unit. */
function namesTest(text: string, bloodPressure: ReadonlySet<string> = new Set()): boolean {
  const { name, unit } = nameAndUnit(text);
  if (name === '' || headerRole(name) !== null) return false;
  return unit !== null || bloodPressure.has(name) || isKnownMeasurement(name, null);
}

/**
 * A wide spreadsheet or flowsheet export (`MRN,Patient,Visit Date,Weight (kg),HbA1c (%)`): several leading cells
 * about the patient and the visit, one of them the date (and perhaps one the time), then a column per test. The
 * layout with the date cell named, or null when the line is not one.
 */
function wideExportHeader(line: string, delimiter: Delimiter, order: SlashOrder): TransposedLayout | null {
  if (delimiter === 'spaces') return null;
  const cells = splitCells(line, delimiter);
  const bloodPressure = bloodPressureCaptions(cells.map((c) => c.text));
  const firstTest = cells.findIndex((c) => namesTest(c.text, bloodPressure));
  if (firstTest < 1) return null;
  const lead = cells.slice(0, firstTest).map((c) => (DAY_CAPTION.test(c.text.trim()) ? 'date' : headerRole(c.text)));
  const dateCell = lead.indexOf('date');
  if (dateCell < 0 || lead.filter((r) => r === 'date').length > 1) return null;
  const timeCell = lead.indexOf('time');
  const columns: TransposedColumn[] = [];
  for (let k = firstTest; k < cells.length; k++) {
    const text = (cells[k] as { text: string }).text;
    // A column of comments, or about the order (`Lab`, `Site`: which laboratory ran it), holds no test.
    if (NOTE_CAPTION.test(text.trim()) || headerRole(text) === 'other') continue;
    const { name, unit } = nameAndUnit(text);
    if (name === '' || headerRole(name) !== null || !plausibleName(name, order)) return null;
    columns.push({ name, unit, start: k, known: namesTest(text, bloodPressure) });
  }
  const known = columns.filter((c) => c.known).length;
  // One test is enough for a log of a single measurement (`Date | Time | Glucose (mmol/L) | Notes`) when its column
  // gives the unit and no column beside it is unknown.
  const single = known === 1 && columns.length === 1 && (columns[0] as TransposedColumn).unit !== null;
  if ((known < 2 && !single) || known * 2 < columns.length) return null;
  return { delimiter, columns, dateCell, ...(timeCell >= 0 ? { timeCell } : {}) };
}

/** The layout a transposed header line announces, or null. */
export function detectTransposedHeader(line: string, order: SlashOrder): TransposedLayout | null {
  const delimiter = detectDelimiter(line, true);
  const wide = wideExportHeader(line, delimiter, order);
  if (wide) return wide;
  const cells = splitCells(line, delimiter).filter((c, k) => delimiter !== 'spaces' || c.text !== '' || k === 0);
  if (cells.length < 2) return null;
  const first = cells[0] as { text: string; start: number };
  // The label column: an empty first cell or caption, or (fixed width) the space in front of the first test.
  const labelled = first.text === '' || headerRole(first.text) !== null;
  const implicit = delimiter === 'spaces' && !labelled && first.start >= 4;
  if (!labelled && !implicit) return null;
  let testCells = labelled ? cells.slice(1) : cells;
  // A home log (`Fecha  Hora  Sistólica ... Notas`): the time column right after the date, the notes column last.
  const aside: { timeStart?: number; noteStart?: number; asideStarts?: number[] } = {};
  const dateLabelled = labelled && headerRole(first.text) === 'date';
  if (delimiter === 'spaces' && dateLabelled && testCells[0] && headerRole(testCells[0].text) === 'time') {
    aside.timeStart = testCells[0].start;
    testCells = testCells.slice(1);
  }
  const timeLabelled = delimiter === 'spaces' && labelled && headerRole(first.text) === 'time';
  const lastCell = testCells[testCells.length - 1];
  if (delimiter === 'spaces' && (dateLabelled || timeLabelled) && lastCell && NOTE_CAPTION.test(lastCell.text.trim())) {
    aside.noteStart = lastCell.start;
    testCells = testCells.slice(0, -1);
  }
  if (delimiter === 'spaces' && dateLabelled) {
    const asides = testCells.filter((c) => ASIDE_CAPTION.test(c.text.trim()));
    if (asides.length > 0) {
      aside.asideStarts = asides.map((c) => c.start);
      testCells = testCells.filter((c) => !asides.includes(c));
    }
  }
  if (timeLabelled) {
    // Machine settings and other columns no known test names sit among the obs; they hold no reading.
    const unnamed = testCells.filter((c) => !namesTest(c.text));
    if (unnamed.length > 0) {
      aside.asideStarts = unnamed.map((c) => c.start);
      testCells = testCells.filter((c) => !unnamed.includes(c));
    }
  }
  if (testCells.length < 2) return null;
  const columns: TransposedColumn[] = [];
  const bloodPressure = bloodPressureCaptions(testCells.map((c) => c.text));
  let known = 0;
  for (const [k, cell] of testCells.entries()) {
    const { name, unit } = nameAndUnit(cell.text);
    if (name === '' || headerRole(name) !== null || !plausibleName(name, order)) return null;
    if (/^[\d\s.,<>-]+$/.test(name)) return null;
    if (isKnownMeasurement(name, unit) || unit !== null || bloodPressure.has(name)) known++;
    columns.push({ name, unit, start: delimiter === 'spaces' ? cell.start : k + (labelled ? 1 : 0) });
  }
  // Most columns must be tests the resolver knows (or that carry their unit); a few it does not know may sit among them.
  if (known < 2 || known * 2 < columns.length) return null;
  return { delimiter, columns, ...aside, ...(timeLabelled ? { timeRows: true } : {}) };
}

/** The row's cells: its label and the text under each test column (fixed width: by overlap with the header). */
function rowCells(line: string, layout: TransposedLayout): { label: string; time: string; texts: string[] } {
  const texts = layout.columns.map(() => '');
  const cells = splitCells(line, layout.delimiter);
  if (layout.delimiter !== 'spaces') {
    const label = cells[layout.dateCell ?? 0]?.text ?? '';
    const time = layout.timeCell === undefined ? '' : (cells[layout.timeCell]?.text ?? '');
    layout.columns.forEach((column, k) => {
      texts[k] = cells[column.start]?.text ?? '';
    });
    return { label, time, texts };
  }
  let label = '';
  let time = '';
  // The time, notes and aside columns take part in the overlap contest (`-1`, `-2`) but hold no test.
  const spans = layout.columns.map((column, k) => ({ start: column.start, k }));
  if (layout.timeStart !== undefined) spans.push({ start: layout.timeStart, k: -1 });
  if (layout.noteStart !== undefined) spans.push({ start: layout.noteStart, k: -2 });
  for (const start of layout.asideStarts ?? []) spans.push({ start, k: -2 });
  spans.sort((a, b) => a.start - b.start);
  const firstStart = (spans[0] as { start: number }).start;
  for (const cell of cells) {
    if (cell.end <= firstStart) {
      label = label ? `${label} ${cell.text}` : cell.text;
      continue;
    }
    let best = -3;
    let bestOverlap = -1;
    spans.forEach((span, j) => {
      const end = spans[j + 1]?.start ?? Number.POSITIVE_INFINITY;
      const overlap = Math.min(cell.end, end) - Math.max(cell.start, span.start);
      if (overlap > bestOverlap) {
        bestOverlap = overlap;
        best = span.k;
      }
    });
    if (best === -2) continue;
    if (best === -1) {
      if (time !== '') return { label: '\u0000', time: '', texts };
      time = cell.text;
      continue;
    }
    if (best < 0 || texts[best] !== '') return { label: '\u0000', time: '', texts };
    texts[best] = cell.text;
  }
  return { label, time, texts };
}

/** A clock time closing a row's date cell: `2026-03-02 07:05`, `Mon 3/2 7:05 AM`, `3/3 at 6:50 pm`. */
const TRAILING_TIME = /\s*(?:,|\bat\b|\bum\b|à)?\s*(\d{1,2}[:h]\d{2}(?::\d{2})?\s*(?:[ap]\.?\s?m\.?)?)$/i;

/**
 * The date a row's label gives, with the time written after it (`2026-03-02`, `Mon 2026-03-02 07:05`, a log's
 * yearless `Mon 3/2 7:05 AM`), or null.
 */
function rowLabelDate(label: string, order: SlashOrder, anchor: string | null): string | null {
  if (label === '') return null;
  const timed = TRAILING_TIME.exec(label);
  const day = timed ? label.slice(0, timed.index) : label;
  const at = (date: string | null) => (date !== null && timed ? withTimeAfter(date, ` ${timed[1]}`) : date);
  const dates = findDates(day, order);
  const date = dates.length === 1 ? dates[0] : undefined;
  if (date !== undefined) {
    const rest = (day.slice(0, date.start) + day.slice(date.end)).replace(WEEKDAY, '');
    return /[\p{L}\d]/u.test(rest) ? null : at(date.iso);
  }
  return dates.length === 0 ? at(yearlessCellDate(day, order, anchor)) : null;
}

/**
 * One row under a transposed header, or null when the row does not belong to the table. `anchor` (the document's
 * date) gives its year to a patient log's yearless row dates.
 */
export function readTransposedRow(
  line: string,
  layout: TransposedLayout,
  order: SlashOrder,
  anchor: string | null = null,
  day: string | null = anchor,
): TransposedRow | null {
  const { label, time, texts } = rowCells(line, layout);
  if (texts.every((t) => t === '')) return null;
  if (layout.timeRows) return timeRow(label, texts, layout, day);
  if (layout.delimiter === 'pipe' && RULE_CELL.test(label.trim()) && texts.every((t) => RULE_CELL.test(t))) {
    return { kind: 'skip' };
  }
  if (GOAL_LABEL.test(label)) return { kind: 'skip' };
  const rowDate = rowLabelDate(label, order, anchor);
  const role = label === '' ? null : headerRole(label);
  if (rowDate !== null || role === 'value') {
    const cells: (Measurement | null)[] = [];
    for (const [k, text] of texts.entries()) {
      if (text === '' || text === '-' || text === '—') {
        cells.push(null);
        continue;
      }
      // A wide export's column no test names (`Foot exam`) may hold a word (`Done`): no reading, still the table.
      if (layout.columns[k]?.known === false && !/\d/.test(text)) {
        cells.push(null);
        continue;
      }
      const measurement = parseMeasurement(text, 0, { resultCell: true });
      // Nor is a code in it (a device model, `HEM-7361T`) a value; in a test's own column it would end the table.
      const unnamed = layout.columns[k]?.known === false;
      if (unnamed && (measurement === null || measurement.rest !== '')) {
        cells.push(null);
        continue;
      }
      if (measurement === null) return null;
      if (measurement.rest !== '') return null; // a sentence or another table, not a value cell
      cells.push(measurement);
    }
    const dated = rowDate === null || rowDate.includes('T') ? rowDate : withTimeAfter(rowDate, ` ${time}`);
    return { kind: 'values', date: dated, cells };
  }
  return unitsRow(label, role, texts, layout);
}

/** A clock time alone: `08:00`, `8h30`, `2:15 pm`. */
const CLOCK_LABEL = /^\d{1,2}[:h]\d{2}(?::\d{2})?(?:\s*[ap]\.?\s?m\.?)?$/i;

/** A row of a table whose rows are times of the day: every cell a value, dated on `day` at the row's time. */
function timeRow(label: string, texts: string[], layout: TransposedLayout, day: string | null): TransposedRow | null {
  if (!CLOCK_LABEL.test(label.trim())) return label === '' ? unitsRow(label, null, texts, layout) : null;
  const cells: (Measurement | null)[] = [];
  for (const text of texts) {
    if (text === '' || text === '-' || text === '—') {
      cells.push(null);
      continue;
    }
    const measurement = parseMeasurement(text, 0, { resultCell: true });
    if (measurement === null || measurement.rest !== '') return null;
    cells.push(measurement);
  }
  const date = day === null ? null : withTimeAfter(day.slice(0, 10), ` ${label.trim()}`);
  return { kind: 'values', date, cells };
}

/** `(mmHg)`, `[mg/dL]`: a unit row under a log's header may bracket each unit as the header cells would. */
function unbracketed(text: string): string {
  return text.replace(/^[([]\s*([^()[\]]+?)\s*[)\]]$/, '$1');
}

/** A row of units (or of ranges, bounds or flags) under the header, or null when the row is none of them. */
function unitsRow(
  label: string,
  role: ReturnType<typeof headerRole>,
  rawTexts: string[],
  layout: TransposedLayout,
): TransposedRow | null {
  const bracketed =
    label === '' && rawTexts.some((t) => t !== '') && rawTexts.every((t) => t === '' || /^[([].*[)\]]$/.test(t));
  const texts = bracketed ? rawTexts.map(unbracketed) : rawTexts;
  const unitRow = role === 'unit' || (label === '' && texts.every((t) => t === '' || looksLikeUnit(t)));
  if (unitRow) {
    // Units are wider than the values they sit under, so one space may part two of them (`mmol/L mmol/L`): a row
    // with exactly one unit per column is still the unit row.
    const tokens = texts.join(' ').trim().split(/\s+/);
    if (tokens.length === layout.columns.length && tokens.every(looksLikeUnit)) return { kind: 'unit', cells: tokens };
    if (!texts.every((t) => t === '' || looksLikeUnit(t))) return null;
    return { kind: 'unit', cells: texts.map((t) => (t === '' ? null : t)) };
  }
  const bound = BOUND_LABEL.exec(label);
  if (bound && texts.every((t) => t === '' || /^\d+(?:[.,]\d+)?$/.test(t))) {
    const side = /^(?:low|min)/i.test(bound[1] as string) ? 'low' : 'high';
    return { kind: side, cells: texts.map((t) => (t === '' ? null : t)) };
  }
  if (role === 'range') {
    if (!texts.every((t) => t === '' || parseRangeText(t) !== null)) return null;
    return { kind: 'range', cells: texts.map((t) => (t === '' ? null : t)) };
  }
  if (role === 'flag') {
    if (!texts.every((t) => t === '' || FLAG_CELL.test(t))) return null;
    return { kind: 'flag', cells: texts.map((t) => (t === '' ? null : t)) };
  }
  return null;
}

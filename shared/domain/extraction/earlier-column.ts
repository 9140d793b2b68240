/**
 * An earlier-results column dated once, in the header, rather than in each cell:
 *
 *                                          Valeurs de référence     Antériorités
 *                                                                   12/05/2026
 *     Glycémie à jeun        1,08 g/L      0,70 - 1,10              0,99
 *
 * French laboratories (and German ones, `Vorwert`) print the date of the earlier results under the column's caption;
 * each cell is then a bare value. That value is the same test on the header's date, in the row's unit and against
 * its range (as a cumulative table's date column is, `cumulative.ts`). The date line heads the column, not a section:
 * the rows above and below it stay dated by the report. A column whose cells carry their own date (`1,02 le
 * 15/03/25`) is `result-columns.ts`'s.
 */
import type { PreviousResult } from './cumulative';
import { findDates, type SlashOrder } from './dates';
import { splitCells } from './lines';
import { parseMeasurement } from './measurement';
import type { TableLayout } from './table-layout';
import { EARLIER_CAPTION, foldText } from './vocabulary';

export interface EarlierColumn {
  /** Where the caption sits on its line (the column's cells start about there). */
  start: number;
  end: number;
  /** The line index of the caption, so that only the lines right under it may date it. */
  line: number;
  /** The date printed under the caption, once read. */
  date: string | null;
}

/**
 * A header line ending in an earlier-results caption (`Valeurs de référence   Antériorités`): no figures, at most
 * four cells, the caption last. Its place, or null.
 */
export function earlierColumnCaption(text: string, line: number): EarlierColumn | null {
  if (text.length > 200 || /\d/.test(text)) return null;
  const cells = splitCells(text, 'spaces').filter((c) => c.text !== '');
  const last = cells[cells.length - 1];
  if (!last || cells.length > 4 || !EARLIER_CAPTION.test(foldText(last.text))) return null;
  // A caption alone at the left is a heading (`Antériorités :` above a list), not a column.
  if (last.start < 20) return null;
  return { start: last.start, end: last.start + last.text.length, line, date: null };
}

/** How far a date may sit from its caption's edges, and how far a cell from the column's start. */
const DATE_SLACK = 6;
const CELL_SLACK = 8;
/** The date may be printed on the caption's second line (`référence` / `12/05/2026` under a two-line header). */
const DATE_LINES_BELOW = 2;

/** A line that is only one date (perhaps with its time) under the caption: that date, or null. */
export function earlierColumnDate(text: string, line: number, column: EarlierColumn, order: SlashOrder): string | null {
  if (column.date !== null || line - column.line > DATE_LINES_BELOW || text.length > 200) return null;
  const dates = findDates(text, order);
  const only = dates[0];
  if (dates.length !== 1 || !only) return null;
  if (!/^\s*(?:\d{1,2}[:h]\d{2})?\s*$/.test(text.slice(only.end))) return null;
  // Another column's caption may wrap onto the date's line (`Valores de` / `Referência   18/11/2025`): words only,
  // ending well left of the column.
  const before = text.slice(0, only.start);
  if (before.trim() !== '' && (/\d/.test(before) || before.trimEnd().length > column.start - DATE_SLACK)) return null;
  if (only.start < column.start - DATE_SLACK || only.start > column.end + DATE_SLACK) return null;
  return only.iso;
}

/** What may join a caption to its date: `Vorwert vom 02.12.2025`, `Antériorités du 12/05/2026`, `Previous (…)`. */
const CAPTION_DATE_JOINER = /[\s:([-]*(?:\b(?:vom|von|am|du|le|del|de|from|on|of|dated)\b)?[\s:([-]*$/iu;

/**
 * A header cell naming the earlier-results column with its date on the same line (`Vorwert (02.12.2025)`,
 * `Antériorités du 12/05/2026`): that date, or null. Its cells are then the same test on that day, as under a
 * caption dated on the line below.
 */
export function earlierCaptionDate(cell: string, order: SlashOrder): string | null {
  if (cell.length > 60) return null;
  const dates = findDates(cell, order);
  const only = dates[0];
  if (dates.length !== 1 || !only || !/^\s*[)\]]?\s*$/.test(cell.slice(only.end))) return null;
  const caption = cell.slice(0, only.start).replace(CAPTION_DATE_JOINER, '').trim();
  if (EARLIER_CAPTION.test(foldText(caption))) return only.iso;
  // `(03.12.2025)` alone, its caption `Vorwert` on the line above: a bracketed date heads no current result, which a
  // header captions in words (`Ergebnis`), so it dates the earlier column as its caption would.
  return caption === '' && /^\s*\(/.test(cell) && /\)\s*$/.test(cell) ? only.iso : null;
}

/** A bare value in the column: a number, perhaps censored, nothing after it. */
const BARE_VALUE = /^[<>≤≥]?\s?\d+(?:[.,]\d+)?$/u;

/**
 * A row whose last cell, after a column gap, is a bare value under the dated earlier-results column: the row without
 * it, and that value on the column's date (it takes the row's unit and range), or null.
 */
export function splitEarlierColumnCell(text: string, column: EarlierColumn | null): PreviousResult | null {
  if (column?.date == null || text.length > 300) return null;
  const cells = splitCells(text, 'spaces').filter((c) => c.text !== '');
  const last = cells[cells.length - 1];
  if (!last || cells.length < 3 || !BARE_VALUE.test(last.text)) return null;
  if (last.start < column.start - CELL_SLACK || last.start > column.end + CELL_SLACK) return null;
  const rest = text.slice(0, last.start).replace(/\s+$/, '');
  // The row keeps its own value before the column: a lone figure out there is no earlier result of anything.
  if (!/\p{L}/u.test(rest) || !/\d/.test(rest)) return null;
  const measurement = parseMeasurement(last.text, 0);
  if (measurement?.rest !== '' || measurement.qualitative) return null;
  return { rest, measurement, date: column.date, older: [] };
}

/**
 * A date alone under a table header's earlier-results caption (`LAST RESULT` / `(02-Nov-2025)`, `Previous` /
 * `12/05/2026`): it dates that column's cells, not the rows under it. True when it was taken so.
 */
export function datePreviousColumn(layout: TableLayout, text: string, line: number, order: SlashOrder): boolean {
  const column = layout.columns.find((c) => c.role === 'previous' && c.earlierDate === undefined && c.date === null);
  if (!column) return false;
  const bare = text.replace(/[()[\]]/g, ' ');
  const date = earlierColumnDate(bare, line, { start: column.start, end: column.start + 20, line, date: null }, order);
  if (date === null) return false;
  column.earlierDate = date;
  return true;
}

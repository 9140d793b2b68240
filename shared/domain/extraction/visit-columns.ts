/**
 * Check-up sheets (Japanese 健康診断/人間ドック, Korean 건강검진, Chinese 体检) print this visit's results beside the
 * earlier visits': columns captioned `今回` / `前回` / `前々回`, `금회` / `전회`, `本次` / `上次`, or by year
 * (`2026年度`, `令和7年度`, `2025년`). Each filled cell is a reading of the row's test, dated by its visit.
 *
 * The visits' dates are rarely in the header: a `受診日` (`검진일`, `体检日期`, `Visit date`) line prints them one per
 * column, just above or below the header. They are given to the visit columns left to right when the counts agree.
 * This visit without a date takes the report's; an earlier visit without one is left out (a reading must say when).
 */
import { ERA_START as DATE_ERA_START, findDates, type SlashOrder } from './dates';
import { isJudgementCell } from './judgement-grades';
import { FLAG_CELL, looksLikeUnit, QUALITATIVE_CELL } from './measurement';
import type { Column } from './table-layout';

const CURRENT =
  /^(?:今回|今回値|今回結果|当回|本次|本次结果|本次結果|这次|금회|이번|금번|this\s+visit|current\s+visit)$/iu;
const PREVIOUS =
  /^(?:前回|前回値|前回結果|上次|上次结果|上次結果|前次|전회|지난|지난번|직전|last\s+visit|previous\s+visit)$/iu;
const BEFORE_PREVIOUS = /^(?:前々回|前前回|前々回値|上上次|전전회)$/u;
/** `2026年度`, `2025年`, `2025년`, `2025년도`, `FY2025`, `令和7年度`, `R7年度`, `平成30年度`. */
const YEAR = /^(?:fy\s?)?(\d{4})\s*(?:年度?|년도?)?$/iu;
const ERA_YEAR = /^(令和|平成|R|H)\s*(元|\d{1,2})\s*年度?$/u;
// Check-up captions also abbreviate the era to its letter (`R7年度`, `H30`).
const ERA_START: Readonly<Record<string, number>> = {
  ...DATE_ERA_START,
  R: DATE_ERA_START.令和 as number,
  H: DATE_ERA_START.平成 as number,
};

export interface VisitCaption {
  /** 0 for this visit, 1 for the one before, 2 before that; null for a year caption until the header ranks it. */
  rank: number | null;
  year: number | null;
}

/** A dipstick grade in brackets, as check-up sheets print urine results and their expected grade: `(-)`, `(−)` (a minus sign), `（±）`, `(2+)`. */
export const BRACKETED_GRADE = /^[(（]\s?(?:[-+±－＋−–]|[1-4][+＋]|[+＋]{2,4})\s?[)）]$/u;

/** A cell holding a value first: a number (with a comparator), a dipstick grade or a qualitative word. */
export const VALUE_START = {
  test: (cell: string): boolean => {
    const first = cell.split(/\s+(?=\S+$)/)[0] as string;
    return /^(?:[<>≤≥]\s?)?[-+]?\d/.test(cell) || QUALITATIVE_CELL.test(first) || BRACKETED_GRADE.test(first);
  },
};

/**
 * A reference range cell of a check-up sheet: bounds (`30～149`, `～129`, `40～`, `84.9以下`, `40以上`, `3.5-5.0`, `<200`) or an expected
 * dipstick grade (`（－）`).
 */
const RANGE_CELL =
  /^(?:[<>≤≥]\s?\d[\d.,]*|\d[\d.,]*\s?(?:以上|以下|未満|超|이상|이하|미만)|[~〜～]\s?\d[\d.,]*|\d[\d.,]*\s?[~〜～](?:\s?\d[\d.,]*)?|\d[\d.,]*\s?-\s?\d[\d.,]*|[(（]\s?[-+±－＋]\s?[)）])$/u;

/** What a header cell says about its visit, or null when it names none. */
export function visitCaption(text: string): VisitCaption | null {
  const caption = text.trim().replace(/\s+/g, ' ');
  if (CURRENT.test(caption)) return { rank: 0, year: null };
  if (PREVIOUS.test(caption)) return { rank: 1, year: null };
  if (BEFORE_PREVIOUS.test(caption)) return { rank: 2, year: null };
  const year = YEAR.exec(caption);
  // A bare four-digit number is a year only when it is one: 1990 to 2099.
  if (year && /[年년f]/iu.test(caption)) return { rank: null, year: Number(year[1]) };
  const era = ERA_YEAR.exec(caption);
  if (era) {
    const n = era[2] === '元' ? 1 : Number(era[2]);
    return { rank: null, year: (ERA_START[era[1] as string] as number) + n };
  }
  return null;
}

/**
 * A visit caption and its date in one header cell (`前回 2025/04/18`, `今回（2026/04/21）`, `전회: 2025.05.02`,
 * `2026/04/21 今回`, `2025年度（2025/04/18）`): the column is that visit's and dated by the cell, so no dates line is
 * needed. Null unless the cell is exactly one caption and one date.
 */
export function datedVisitCaption(
  text: string,
  order: SlashOrder,
): { rank: number | null; year: number | null; date: string } | null {
  if (text.length > 40) return null;
  const dates = findDates(text, order);
  const only = dates[0];
  if (dates.length !== 1 || !only) return null;
  const around = `${text.slice(0, only.start)} ${text.slice(only.end)}`.replace(/[\s:：()（）[\]［］]+/gu, ' ');
  const caption = visitCaption(around);
  // A year caption must be the date's year (`2025年度 2025/04/18`): another year is a date of something else.
  if (caption === null || (caption.year !== null && caption.year !== Number(only.iso.slice(0, 4)))) return null;
  return { rank: caption.rank, year: caption.year, date: only.iso };
}

/** Year columns ranked newest first (`2025年度  2026年度`: 2026 is this visit). Mutates the columns. */
export function rankVisitColumns(columns: Column[]): void {
  const years = columns.filter((c) => c.visit !== undefined && c.visitYear !== undefined);
  const sorted = [...new Set(years.map((c) => c.visitYear as number))].sort((a, b) => b - a);
  for (const column of years) column.visit = sorted.indexOf(column.visitYear as number);
}

/** The caption of a line printing the visits' dates: `受診日`, `検査日`, `健診日`, `검진일`, `体检日期`, `Visit date`. */
const VISIT_DATE_CAPTION =
  /^(?:受診日|受診年月日|健診日|検診日|検査日|検査年月日|実施日|受検日|검진일|검사일|수검일|검사일자|体检日期|检查日期|检验日期|visit\s+dates?|date\s+of\s+visit|exam(?:ination)?\s+dates?)\s*[:：]?$/iu;

/**
 * A line giving the visits' dates (a caption, then two or more dates and nothing else), in written order. Right under
 * a header with visit columns the caption may be missing (`検査項目 単位 基準値 今回 前回`, then only the dates under
 * `今回` and `前回`): the caller says so with `uncaptioned`.
 */
export function visitDatesLine(text: string, order: SlashOrder, uncaptioned = false): string[] | null {
  const dates = findDates(text, order);
  if (dates.length < 2 || dates.length > 6) return null;
  const caption = text.slice(0, (dates[0] as { start: number }).start).trim();
  if (!VISIT_DATE_CAPTION.test(caption) && !(uncaptioned && caption === '')) return null;
  let between = '';
  for (let k = 1; k < dates.length; k++) {
    between += text.slice((dates[k - 1] as { end: number }).end, (dates[k] as { start: number }).start);
  }
  between += text.slice((dates[dates.length - 1] as { end: number }).end);
  if (/[\p{L}\d]/u.test(between)) return null;
  return dates.map((d) => d.iso);
}

/** Whether a layout has visit columns. */
export function hasVisitColumns(columns: readonly Column[]): boolean {
  return columns.some((c) => c.visit !== undefined);
}

/** Whether a layout has visit columns none of which is dated yet (a dates line may follow the header uncaptioned). */
export function hasUndatedVisitColumns(columns: readonly Column[]): boolean {
  const visits = columns.filter((c) => c.visit !== undefined);
  return visits.length > 0 && visits.every((c) => c.date === null);
}

/** Gives the visit columns their dates, left to right, when there is one date per column. Mutates the columns. */
export function dateVisitColumns(columns: Column[], dates: readonly string[]): boolean {
  const visits = columns.filter((c) => c.visit !== undefined).sort((a, b) => a.start - b.start);
  if (visits.length === 0 || visits.length !== dates.length) return false;
  visits.forEach((column, k) => {
    column.date = dates[k] as string;
  });
  return true;
}

/**
 * The cells of a check-up row in column order, when they can be read that way: full-width text padded to printed
 * widths does not line up with a header of ideographs counted as characters, and each visit's flag sits in a cell of
 * its own after its value (`２６．３　Ｈ　　２５．８　Ｈ`). Flag cells joined to the value before them, the row must
 * have one cell per column and a value in every visit column; else null (the row is read by position).
 *
 * A judgement column after the visits (`前回 … 今回 … 判定`) holds a grade only on the rows the sheet judged: a last
 * cell that is a grade (`B`, `Ａ`, `要経過観察`) is that column's, and a row without one leaves it empty. Taken off
 * first, the grade is never joined to the last visit's value as its flag (`（－）　Ａ` is no abnormal dipstick).
 */
export function visitRowCells(cells: readonly string[], columns: readonly Column[]): string[] | null {
  const judged =
    columns.length > 1 &&
    columns[columns.length - 1]?.role === 'flag' &&
    columns[columns.length - 2]?.visit !== undefined;
  const last = cells[cells.length - 1];
  const grade = judged && cells.length > 2 && last !== undefined && isJudgementCell(last) ? last : null;
  const body = grade === null ? cells : cells.slice(0, -1);
  const own = judged ? columns.slice(0, -1) : columns;
  const joined: string[] = [];
  for (const cell of body) {
    const previous = joined[joined.length - 1];
    if (previous !== undefined && joined.length > 1 && FLAG_CELL.test(cell) && VALUE_START.test(previous)) {
      joined[joined.length - 1] = `${previous} ${cell}`;
    } else joined.push(cell);
  }
  const inOrder = joined.length === own.length ? joined : cellsByRole(joined, own);
  const fits =
    inOrder !== null && own.every((column, k) => column.visit === undefined || VALUE_START.test(inOrder[k] as string));
  if (!fits) return null;
  return judged ? [...inOrder, grade ?? ''] : inOrder;
}

/**
 * A row with fewer cells than columns under a header whose visit columns come last (`検査項目 単位 基準値 今回 前回`),
 * where the unit or range cell is empty (`BMI  18.5～24.9  25.5 H  24.8`): the last cells are the visits' values,
 * right to left, and the cells between the name and them go to the unit and range columns by what they look like.
 * Every visit must have its value (else which visit an empty cell belongs to is unknown) and every cell a column;
 * else null.
 */
function cellsByRole(cells: readonly string[], columns: readonly Column[]): string[] | null {
  const firstVisit = columns.findIndex((c) => c.visit !== undefined);
  const visits = columns.length - firstVisit;
  if (firstVisit < 1 || columns.slice(firstVisit).some((c) => c.visit === undefined)) return null;
  if (columns[0]?.role !== 'name' || cells.length < visits + 1 || cells.length >= columns.length) return null;
  const texts = columns.map(() => '');
  texts[0] = cells[0] as string;
  const values = cells.slice(cells.length - visits);
  if (!values.every((cell) => VALUE_START.test(cell))) return null;
  values.forEach((cell, k) => {
    texts[firstVisit + k] = cell;
  });
  for (const cell of cells.slice(1, cells.length - visits)) {
    const role = looksLikeUnit(cell) && !VALUE_START.test(cell) ? 'unit' : RANGE_CELL.test(cell) ? 'range' : null;
    const k = columns.findIndex((c, i) => i < firstVisit && c.role === role && texts[i] === '');
    if (k < 0) return null;
    texts[k] = cell;
  }
  return texts;
}

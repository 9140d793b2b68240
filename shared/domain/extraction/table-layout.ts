/**
 * Tables with a header row: the header names each column's role (test, result, unit, reference range, flag, date)
 * in English, German, Spanish or French, in any order, and rows are read column by column. Fixed-width rows are
 * mapped to columns by character overlap with the header (so an empty flag cell does not shift the others);
 * delimited rows (tab, semicolon, pipe, CSV) by cell index. A header whose columns are dates makes one reading per
 * date cell, dated by its column, and a `Previous Result and Date` column a second, earlier reading (`cumulative.ts`).
 */
import {
  columnDate,
  earlierThanNewest,
  isEmptyCumulativeCell,
  nameColumnOfDatedHeader,
  type RowTail,
  rowTailCell,
  shareRowUnitAndRange,
  valueAndDate,
} from './cumulative';
import { findDates, type SlashOrder, withTimeAfter } from './dates';
import { earlierCaptionDate } from './earlier-column';
import { splitCellFlag, splitGluedFlag } from './flag-first';
import { militaryAsClock, splitSpilledDate } from './flowsheet-cells';
import { plausibleName } from './inline-readings';
import { isJudgementCell, judgementGrade, letterGrade } from './judgement-grades';
import { type Cell, type Delimiter, detectDelimiter, hasWideCharacters, splitCells } from './lines';
import {
  bareFlag,
  FLAG_CELL,
  looksLikeUnit,
  type Measurement,
  parseMeasurement,
  parseRangeText,
  QUALITATIVE_CELL,
} from './measurement';
import { withoutLeaderTail } from './name-leaders';
import { joinSplitRangeCell, joinSplitResultCell } from './number-spacing';
import { isOcrSplitName } from './ocr-split-names';
import { stripRowMarks } from './row-marks';
import { splitLeadingSymbol, splitTrailingSign, statusCellFlag } from './value-marks';
import {
  BRACKETED_GRADE,
  datedVisitCaption,
  hasVisitColumns,
  rankVisitColumns,
  VALUE_START,
  visitCaption,
  visitRowCells,
} from './visit-columns';
import { type ColumnRole, EARLIER_CAPTION, foldText, headerRole, MAX_HEADER_PHRASE_WORDS } from './vocabulary';
import { plausibleYearlessColumns, yearlessColumnDate } from './yearless-columns';

export interface Column {
  role: ColumnRole;
  start: number;
  /** For a date column of a cumulative report: the date of every value in it. */
  date: string | null;
  /** A unit the header gives for every value of the column (`Result (mg/dL)`, `mmol/L`), or null. */
  unit?: string | null;
  /** A check-up's visit column (`visit-columns.ts`): 0 this visit, 1 the one before...; its date once known. */
  visit?: number;
  /** The year a visit column is captioned with (`2025年度`), which ranks it. */
  visitYear?: number;
  /** For an earlier-results column dated in its caption (`Vorwert (02.12.2025)`): the date of its bare values. */
  earlierDate?: string;
}

export interface TableLayout {
  delimiter: Delimiter;
  columns: Column[];
  /** The header is written in CJK characters: its rows may be laid out in printed widths rather than characters. */
  wide?: boolean;
}

/** One reading of a table row, before acceptance. */
export interface RowReading {
  name: string;
  measurement: Measurement;
  measuredAt: string | null;
}

/**
 * Single-spaced header lines (`Test Result Units Reference Range Flag`): words grouped greedily into the longest
 * header phrases. Null unless every word belongs to one.
 */
function headerPhrases(line: string): Cell[] | null {
  // Words are split off as the phrases reach them: most lines fail on their first words, which is all they cost.
  const pattern = /\S+/g;
  const words: Cell[] = [];
  let allSplit = false;
  const wordsUpTo = (count: number): number => {
    while (!allSplit && words.length < count) {
      const m = pattern.exec(line);
      if (m === null)
        allSplit = true; // a global pattern starts again from the line's start after its last match
      else words.push({ text: m[0], start: m.index, end: m.index + m[0].length });
    }
    return words.length;
  };
  const cells: Cell[] = [];
  let i = 0;
  while (i < wordsUpTo(i + 1)) {
    let matched = 0;
    for (let n = Math.min(MAX_HEADER_PHRASE_WORDS, wordsUpTo(i + MAX_HEADER_PHRASE_WORDS) - i); n >= 1; n--) {
      const phrase = words
        .slice(i, i + n)
        .map((w) => w.text)
        .join(' ');
      if (headerRole(phrase) !== null) {
        matched = n;
        break;
      }
    }
    if (matched === 0) return null;
    const first = words[i] as Cell;
    const last = words[i + matched - 1] as Cell;
    cells.push({ text: line.slice(first.start, last.end), start: first.start, end: last.end });
    i += matched;
  }
  return cells;
}

/**
 * A result column whose header states the unit once for every row: `Result (mg/dL)`, `Risultato [mmol/l]`,
 * `Value in mmol/L`, or the unit alone (`mmol/L`). The unit, or null.
 */
function headerUnit(text: string): string | null {
  const m = /^(.*?)\s*(?:[([]\s*([^()[\]]+?)\s*[)\]]|\s+in\s+(\S+))$/i.exec(text);
  if (m) {
    const unit = (m[2] ?? m[3] ?? '').trim();
    const caption = (m[1] as string).trim();
    if ((caption === '' || headerRole(caption) === 'value') && looksLikeUnit(unit)) return unit;
    return null;
  }
  return /[/%]/.test(text) && looksLikeUnit(text) ? text : null;
}

/**
 * Header cells the vocabulary does not know. A printed table allows one (a caption we lack). A delimited export
 * (spreadsheet, practice software) repeats patient, order and laboratory columns on every row under captions no
 * vocabulary lists; its cells are unambiguous, so once it names a test, a result and at least one more role, up to
 * as many unknown columns as known ones are tolerated.
 */
function unknownColumnsAllowed(delimiter: Delimiter, columns: readonly Column[], recognised: number): number {
  if (delimiter === 'spaces' || recognised < 3 || !columns.some((c) => c.role === 'name')) return 1;
  return recognised;
}

/**
 * An export's caption the vocabulary does not list whole, by its head word: `Result Value`, `Abnormal Flag`,
 * `Performing Lab`, `Date de prélèvement`. The last word decides, else the first; only in delimited headers, whose
 * cells are captions for certain, and only for short captions.
 */
function exportCaptionRole(text: string): ColumnRole | null {
  const words = text.trim().split(/\s+/);
  if (words.length < 2 || words.length > 4) return null;
  return headerRole(words[words.length - 1] as string) ?? headerRole(words[0] as string);
}

/** A caption with a bracketed note of words after it: `Ref (early follicular)`, `Reference range (adult male)`. */
const NOTED_CAPTION = /^(\p{L}[^()]*?)\s*\(([^()\d/%]*\p{L}[^()\d/%]*)\)$/u;

/**
 * The role of a caption carrying a note on whom or what its values are for (the population a range is for). A
 * bracketed unit (`Result (mg/dL)`) is no note: `headerUnit` reads it.
 */
function notedCaptionRole(text: string): ColumnRole | null {
  // Captions are short; the bound keeps the pattern linear on a long cell.
  if (text.length > 60) return null;
  const m = NOTED_CAPTION.exec(text.trim());
  if (!m || looksLikeUnit((m[2] as string).trim())) return null;
  return headerRole((m[1] as string).trim());
}

/**
 * A report printing every result twice, in SI then in conventional units (Philippine, Indonesian and Middle-Eastern
 * hospitals: `TEST  RESULT  REFERENCE VALUES  RESULT  REFERENCE VALUES`, under `SI UNITS  CONVENTIONAL UNITS`): one
 * test column, then the result group repeated. The first group is the reading (as a French dual-unit result is read
 * in its first unit); from the second result column on, the columns are another system's copy and are set aside.
 * Two tables side by side name their test column twice and are left to `columns.ts`.
 */
function dropSecondUnitSystem(columns: Column[]): void {
  if (columns.filter((c) => c.role === 'name').length !== 1) return;
  if (columns.some((c) => c.date !== null || c.visit !== undefined)) return;
  const values = columns.flatMap((c, k) => (c.role === 'value' ? [k] : []));
  const second = values[1];
  if (values.length !== 2 || second === undefined) return;
  const firstGroup = columns.slice(0, second);
  const secondGroup = columns.slice(second);
  const repeats = (role: ColumnRole) =>
    firstGroup.some((c) => c.role === role) && secondGroup.some((c) => c.role === role);
  if (!repeats('range') && !repeats('unit')) return;
  for (const column of secondGroup) column.role = 'other';
}

/**
 * The layout a header line announces, or null when the line is not a table header. `anchor` (the document's date)
 * lets a letter's table date its columns by day and month alone (`yearless-columns.ts`).
 */
export function detectHeader(line: string, order: SlashOrder, anchor: string | null = null): TableLayout | null {
  const delimiter = detectDelimiter(line, true);
  let cells = splitCells(line, delimiter).filter((c) => delimiter !== 'spaces' || c.text !== '');
  let phrased = false;
  if (delimiter === 'spaces' && cells.length < 3) {
    const phrases = headerPhrases(line);
    // Two captions already parted by a column gap (`Resultado      Valor de referencia` over a sediment table whose
    // names have no caption) are a header as they stand; only words grouped out of single spacing need a third.
    if (phrases) {
      phrased = phrases.length > cells.length;
      cells = phrases;
    }
  }
  const roleOf = (text: string): ColumnRole | null =>
    headerRole(text) ?? (delimiter === 'spaces' ? null : exportCaptionRole(text)) ?? notedCaptionRole(text);
  if (delimiter === 'comma' && !cells.some((c) => roleOf(c.text) === 'value')) return null;
  const columns: Column[] = [];
  // A header captioning its test column (`Analyse  Resultat  Einheit  Referenzbereich  Vorbefund`) is a table's: any
  // earlier-results caption there names the column of earlier values, not only the few the vocabulary lists. Alone
  // over the result columns (`Resultado  Valores de  anterior`) the caption is `earlier-column.ts`'s.
  const captionsTests = cells.some((c) => roleOf(c.text) === 'name');
  let recognised = 0;
  let unknown = 0;
  let dateColumns = 0;
  const yearlessDates: string[] = [];
  let visitColumns = 0;
  cells.forEach((cell, index) => {
    const start = delimiter === 'spaces' ? cell.start : index;
    const earlierDate = delimiter === 'spaces' ? earlierCaptionDate(cell.text, order) : null;
    if (earlierDate !== null) {
      recognised++;
      columns.push({ role: 'previous', start, date: null, earlierDate });
      return;
    }
    const role = roleOf(cell.text) ?? (captionsTests && EARLIER_CAPTION.test(foldText(cell.text)) ? 'previous' : null);
    if (role !== null) {
      recognised++;
      columns.push({ role, start, date: null });
      return;
    }
    const unit = headerUnit(cell.text);
    if (unit !== null) {
      recognised++;
      columns.push({ role: 'value', start, date: null, unit });
      return;
    }
    const yearless = columnDate(cell.text, order) === null;
    const date = columnDate(cell.text, order) ?? yearlessColumnDate(cell.text, order, anchor);
    if (date) {
      dateColumns++;
      if (yearless) yearlessDates.push(date);
      recognised++;
      columns.push({ role: 'value', start, date });
      return;
    }
    const datedVisit = datedVisitCaption(cell.text, order);
    if (datedVisit) {
      visitColumns++;
      columns.push({
        role: 'value',
        start,
        date: datedVisit.date,
        visit: datedVisit.rank ?? 0,
        ...yearOf(datedVisit.year),
      });
      return;
    }
    const visit = visitCaption(cell.text);
    if (visit) {
      visitColumns++;
      columns.push({ role: 'value', start, date: null, visit: visit.rank ?? 0, ...yearOf(visit.year) });
      return;
    }
    if (cell.text !== '') unknown++;
    columns.push({ role: 'other', start, date: null });
  });
  // One day-and-month cell is no dated header (`Dose 1/2`), nor are cells that make no run of recent days (`Test  1/2
  // 3/4`): read the line again as if it had no date at all.
  if (yearlessDates.length > 0 && !plausibleYearlessColumns(yearlessDates, anchor)) return detectHeader(line, order);
  nameColumnOfDatedHeader(columns);
  rankVisitColumns(columns);
  // Visit captions alone (`今回  前回` over the dates line) are no header: a test, unit or range caption must be there.
  if (visitColumns > 0 && recognised === 0) return null;
  recognised += visitColumns;
  const hasValue = columns.some((c) => c.role === 'value');
  if (!hasValue || unknown > unknownColumnsAllowed(delimiter, columns, recognised)) return null;
  dropSecondUnitSystem(columns);
  // A header naming the test, unit or range column twice is two tables side by side (`columns.ts` splits them).
  for (const role of ['name', 'unit', 'range'] as const) {
    if (columns.filter((c) => c.role === role).length > 1) return null;
  }
  if (dateColumns === 0 && recognised < (phrased ? 3 : 2)) return null;
  if (dateColumns > 0 && dateColumns < 2 && recognised < 3) return null;
  if (!columns.some((c) => c.role === 'name')) {
    // No name header: names sit in front of the first column (fixed width) or in an unlabelled first cell.
    if (delimiter === 'spaces') columns.unshift({ role: 'name', start: 0, date: null });
    else if (columns[0]?.role === 'other' && (cells[0]?.text ?? '') === '') (columns[0] as Column).role = 'name';
    else return null;
  }
  return { delimiter, columns, wide: hasWideCharacters(line) };
}

function yearOf(year: number | null): { visitYear?: number } {
  return year === null ? {} : { visitYear: year };
}

/** Assigns each cell of a fixed-width row to the header column it overlaps most (ties: the earlier column). */
function cellsByColumn(line: string, layout: TableLayout): string[] {
  const texts = layout.columns.map(() => '');
  const cells = splitCells(line, layout.delimiter);
  if (layout.delimiter !== 'spaces') {
    cells.forEach((cell, index) => {
      if (index < texts.length) texts[index] = cell.text;
    });
    return texts;
  }
  if (hasVisitColumns(layout.columns)) {
    const inOrder = visitRowCells(
      cells.map((cell) => cell.text).filter((text) => text !== ''),
      layout.columns,
    );
    if (inOrder) return inOrder;
  }
  const spans = layout.columns.map((column, k) => ({
    start: k === 0 ? 0 : column.start,
    end: layout.columns[k + 1]?.start ?? Number.POSITIVE_INFINITY,
  }));
  let merged = false;
  const flagColumn = layout.columns.findIndex((c) => c.role === 'flag');
  for (const cell of cells) {
    const overflow = flagColumn > 0 ? flagOverflowingName(cell, layout.columns[flagColumn] as Column) : null;
    if (overflow && texts[flagColumn] === '') {
      texts[flagColumn] = overflow.flag;
      texts[0] = texts[0] ? `${texts[0]} ${overflow.name}` : overflow.name;
      continue;
    }
    let best = 0;
    let bestOverlap = -1;
    spans.forEach((span, k) => {
      const overlap = Math.min(cell.end, span.end) - Math.max(cell.start, span.start);
      if (overlap > bestOverlap) {
        bestOverlap = overlap;
        best = k;
      }
    });
    merged ||= texts[best] !== '';
    texts[best] = texts[best] ? `${texts[best]} ${cell.text}` : cell.text;
  }
  // A CJK row with two cells under one header but exactly one cell per column is not aligned with its header: it was
  // laid out in characters where the header was in printed widths (or the reverse), or separated by two spaces rather
  // than padded. Its cells are the columns in order. Only for CJK rows: in Latin text two cells under the name column
  // are a name written with a gap (`Glucose  Fasting`), and the other columns are aligned.
  if (merged && cells.length === texts.length && hasWideCharacters(line)) return cells.map((cell) => cell.text);
  // With fewer cells than columns (no unit for a dipstick grade), or a flag in a cell of its own after the value
  // (`８２　Ｈ　Ｕ／Ｌ` under `結果　単位`), the cells are the first columns in order when each fits its column: a name
  // with letters, a value, a unit, a range, a flag. Also for rows whose full-width text became ASCII under a CJK header.
  const wide = hasWideCharacters(line) || layout.wide === true;
  const written = cells.map((cell) => cell.text).filter((text) => text !== '');
  if (merged && wide) {
    const inOrder = cellsInColumnOrder(written, layout);
    if (inOrder) return inOrder;
  }
  // A full-width name whose bracketed gloss runs into the value with no gap (`ＨｂＡ１ｃ（ＮＧＳＰ）５．９　Ｈ　％`):
  // the value is the name cell's tail, and the cells after it are read in order.
  const unglued = wide && written[0] !== undefined ? valueGluedToName(written[0]) : null;
  if (unglued) return cellsInColumnOrder([...unglued, ...written.slice(1)], layout) ?? texts;
  return texts;
}

/**
 * An arrow printed after a column of no role of the reader's (`|.........*  ↑` under a Czech `Graf` bar chart), or a
 * remarks column holding only a flag word (`Tinggi` under an Indonesian `KETERANGAN`): the row's flag, as an arrow or
 * a word saying high or low is wherever it stands on the row. Letters alone (`A`, `N`) there may be anything.
 */
function flagInOtherColumn(layout: TableLayout, texts: readonly string[]): string | null {
  for (let k = 0; k < layout.columns.length; k++) {
    if ((layout.columns[k] as Column).role !== 'other') continue;
    const text = (texts[k] ?? '').trim();
    const arrow = /(?:^|\s)([↑↓⬆⬇▲▼]{1,2})$/u.exec(text);
    if (arrow) return arrow[1] as string;
    if (/\p{L}{3}/u.test(text) && FLAG_CELL.test(text)) return bareFlag(text);
  }
  return null;
}

/**
 * A name too long for its column runs into the flag column, one space before the flag (`Albumin/Creatinine Ratio,
 * Urine H     4.6`, LifeLabs): the flag letter standing under the flag caption is the row's flag, the rest its name.
 */
function flagOverflowingName(
  cell: { text: string; start: number },
  flag: Column,
): { name: string; flag: string } | null {
  if (cell.start >= flag.start) return null;
  // `A` is left out: a long name may end in it (`Immunoglobulin A`, `Hepatitis A`); the high and low marks never do.
  const m = / ((?:H|L|HH|LL|\*|\*\*))$/.exec(cell.text);
  if (!m || !/\p{L}{2}/u.test(cell.text.slice(0, m.index))) return null;
  const at = cell.start + m.index + 1;
  if (at < flag.start - 1 || at > flag.start + 6) return null;
  return { name: cell.text.slice(0, m.index), flag: m[1] as string };
}

/** Cells read as the first columns in order, a flag cell joined to its value, when each fits its column; else null. */
function cellsInColumnOrder(written: readonly string[], layout: TableLayout): string[] | null {
  for (const inOrder of [written, withFlagsOnValues(written)]) {
    const fits = inOrder.every((text, k) => fitsRole(text, layout.columns[k]?.role ?? 'other'));
    if (inOrder.length <= layout.columns.length && fits) return layout.columns.map((_, k) => inOrder[k] ?? '');
  }
  return null;
}

/**
 * A name closing with a bracket and a number right after it (`ＨｂＡ１ｃ（ＮＧＳＰ）５．９`, `γ-GT(γ-GTP)58`): the name
 * and the value. A name ending in its own digits (`ＣＡ１９－９`, `ビタミンＢ１２`) has no bracket before them.
 */
function valueGluedToName(cell: string): [string, string] | null {
  if (cell.length > 60) return null;
  const m = /^(.*\p{L}.*[)）])([0-9０-９]+(?:[.．][0-9０-９]+)?)$/u.exec(cell);
  return m ? [m[1] as string, m[2] as string] : null;
}

/** A flag cell joined to the value cell before it: `82`, `H` → `82 H`. */
function withFlagsOnValues(cells: readonly string[]): string[] {
  const joined: string[] = [];
  for (const cell of cells) {
    const previous = joined[joined.length - 1];
    const isValue = previous !== undefined && joined.length > 1 && parseMeasurement(previous, 0, { resultCell: true });
    if (isValue && FLAG_CELL.test(cell)) joined[joined.length - 1] = `${previous} ${cell}`;
    else joined.push(cell);
  }
  return joined;
}

/** Whether a cell's text can be what its column holds (for reading a misaligned CJK row in column order). */
function fitsRole(text: string, role: ColumnRole): boolean {
  switch (role) {
    case 'name':
      return /\p{L}/u.test(text);
    case 'value':
      return parseMeasurement(text, 0, { resultCell: true }) !== null;
    case 'unit':
      return looksLikeUnit(text);
    case 'range':
      // CJK sheets write open bounds with a wave dash: `～80` (up to 80), `40～` (40 and over).
      return parseRangeText(text) !== null || /^[~〜]\s?\d[\d.,]*$|^\d[\d.,]*\s?[~〜]$/.test(text);
    case 'flag':
      return FLAG_CELL.test(text) || letterGrade(text) !== null;
    default:
      return true;
  }
}

/**
 * A result cell read as a measurement (`104`, `6.2 H`, `6.1 %`, `10-20`, `Negative`). A word the vocabulary does
 * not know (`Trouble`, `Opalescent`) is taken as a qualitative result when the row also states a range or unit.
 */
/**
 * A worded result printed in two languages (`Âm tính / Negative`, `Negatif / Negative`, `Отрицательно / Negative`): one
 * result, as written, when one side is a result word the reader knows.
 */
function isGlossedWordValue(text: string): boolean {
  const sides = /^(\p{L}+(?:[\s-]\p{L}+){0,2})\s*\/\s*(\p{L}+(?:[\s-]\p{L}+){0,2})$/u.exec(text.trim());
  return sides !== null && (QUALITATIVE_CELL.test(sides[1] as string) || QUALITATIVE_CELL.test(sides[2] as string));
}

function readResultCell(text: string, rowHasContext: boolean): Measurement | null {
  const options = { resultCell: true, besideUnitOrRange: rowHasContext };
  const measurement = parseMeasurement(text, 0, options);
  if (measurement && measurement.rest === '') return measurement;
  if (BRACKETED_GRADE.test(text)) {
    return { value: text, unit: null, referenceRange: null, flag: null, qualitative: true, rest: '' };
  }
  const flagged =
    splitCellFlag(text) ??
    splitLeadingSymbol(text) ??
    (rowHasContext ? (splitGluedFlag(text) ?? splitTrailingSign(text)) : null);
  const afterFlag = flagged ? parseMeasurement(flagged.text, 0, options) : null;
  if (flagged && afterFlag?.rest === '') return { ...afterFlag, flag: afterFlag.flag ?? flagged.flag };
  if (rowHasContext && /^\p{L}+(?:[\s-]\p{L}+){0,2}$/u.test(text) && !FLAG_CELL.test(text)) {
    return { value: text, unit: null, referenceRange: null, flag: null, qualitative: true, rest: '' };
  }
  if (isGlossedWordValue(text)) {
    return { value: text, unit: null, referenceRange: null, flag: null, qualitative: true, rest: '' };
  }
  return null;
}

/**
 * A unit longer than its column runs into the range column with one space (`ml/min/1.73m2 > 90` under `Einheit`),
 * so the two are read as one cell: the unit, and the band after it.
 */
function unitOverflowingRange(cell: string): { unit: string; range: string } | null {
  const m = /^(\S+)\s+(\S.*)$/.exec(cell);
  if (!m) return null;
  const found = unitThenBand(m[1] as string, m[2] as string);
  if (found || cell.length > 80) return found;
  // A unit holding a space of its own (`mL/min/1,73 m² >= 60`, Québec and French reports): its second word is short
  // letters (`m²`, `m2`, `SC`), and the band after it opens with a figure, a comparator or a bracket.
  const spaced = /^(\S+\s\p{L}{1,3}[²³23]?)\s+([<>≤≥=([\d].*)$/u.exec(cell);
  return spaced ? unitThenBand(spaced[1] as string, spaced[2] as string) : null;
}

function unitThenBand(unit: string, written: string): { unit: string; range: string } | null {
  if (!looksLikeUnit(unit)) return null;
  // The band may be bracketed as the range column prints it (`mL/min/1.73m2 (>59)` over `(135-145)` above).
  const band = written.replace(/^[([]\s*(.*?)\s*[)\]]$/, '$1');
  const range = parseRangeText(band);
  // A worded band must be bracketed (`mg/dL (assenti)`): a bare word after the unit may be a flag or a note.
  const bracketed = band !== written;
  return range && (/\d/.test(range.range) || bracketed) && range.unit === null ? { unit, range: band } : null;
}

/**
 * A worded range (`negativan`, `negative`, `non réactif`) with a flag after it in a report without a flag column
 * (`Urin - krv   2+   negativan   ↑`): arrows, triangles and stars are never part of a word; a lone `H`/`L` counts
 * only after a one-word range.
 */
const WORDED_RANGE_FLAG = /^(\p{L}[\p{L}.-]*(?:\s\p{L}[\p{L}.-]*){0,2})\s+(↑↑?|↓↓?|▲|▼|\*{1,3}|H|L)$/u;

/**
 * A flag printed after the range with no column of its own (`0 - 37   Yüksek`, `130 - 180  Below low reference
 * limit`, e-Nabız and NHS GP records) lands in the range cell: the band, and the flag after it.
 */
function rangeAndTrailingFlag(cell: string): { range: string; flag: string | null } {
  const worded = cell.length <= 60 ? WORDED_RANGE_FLAG.exec(cell) : null;
  if (worded && (!/^[HL]$/.test(worded[2] as string) || !/\s/.test(worded[1] as string)))
    return { range: worded[1] as string, flag: worded[2] as string };
  const m = /^(.*?\d.*?)\s+(\S[^\d]*)$/u.exec(cell);
  if (!m || !FLAG_CELL.test(m[2] as string) || parseRangeText(m[1] as string) === null)
    return { range: cell, flag: null };
  return { range: m[1] as string, flag: bareFlag(m[2] as string) };
}

const NO_UNIT_PLACEHOLDER = /^[-–—－ー―]+$/u;

/** Reading-level fields from the unit, range and flag columns (columns win over what the result cell held). */
/** A cell that is only a range or a bound, no unit: `2.5 - 6.7`, `< 5.0`, `>= 60`. */
const BARE_RANGE = /^\s*(?:\d+(?:[.,]\d+)?\s*[-–]\s*\d+(?:[.,]\d+)?|(?:[<>≤≥]=?|=[<>])\s*\d+(?:[.,]\d+)?)\s*$/u;

function completeFromColumns(
  measurement: Measurement,
  unitCell: string,
  rangeCell: string,
  flagText: string,
  graded = false,
): void {
  const overflow = rangeCell === '' ? unitOverflowingRange(unitCell) : null;
  let unitText = overflow?.unit ?? unitCell;
  if (overflow) rangeCell = overflow.range;
  // A section printed without the flag column its header has (`Urea  4.1  mmol/l  2.5 - 6.7` under `RESULT  (flag)
  // UNIT  REF. RANGE`) sits a column left: the unit went into the result cell, and the unit cell holds the range.
  if (rangeCell === '' && measurement.unit !== null && BARE_RANGE.test(unitText)) {
    rangeCell = unitText;
    unitText = '';
  }
  // A dash in the unit column (`-`, `－`) is the sheet's placeholder for a result without a unit (a dipstick grade).
  if (unitText !== '' && !NO_UNIT_PLACEHOLDER.test(unitText)) measurement.unit = unitText;
  // Italian referti bracket the range column: `[70 - 100]`.
  const flagged = rangeAndTrailingFlag(rangeCell.replace(/^\[\s*(.*?)\s*\]$/, '$1'));
  const rangeText = flagged.range;
  if (flagged.flag !== null) measurement.flag ??= flagged.flag;
  if (rangeText !== '') {
    const range = parseRangeText(rangeText);
    if (range) {
      measurement.referenceRange = range.range;
      measurement.unit ??= range.unit;
    } else {
      // Quest writes the unit in the range column when there is no range: `mg/dL (calc)`.
      // A worded band in the bracket is the range that ran left into the unit column (`mg/dL (assenti)`).
      const unitOnly = /^([^\s()]+)(?:\s*\(([^()]*)\))?$/.exec(rangeText);
      const wordedBand = unitOnly?.[2] !== undefined ? parseRangeText(unitOnly[2]) : null;
      if (unitOnly && /[/%]/.test(unitOnly[1] as string)) measurement.unit ??= unitOnly[1] as string;
      else measurement.referenceRange = rangeText;
      if (unitOnly && wordedBand && measurement.qualitative) measurement.referenceRange = wordedBand.range;
    }
  }
  // A CJK check-up's judgement column grades by letter (`判定  C`): `A` there is no abnormal flag but plain normal.
  const status = flagText === '' ? null : ((graded ? letterGrade(flagText) : null) ?? statusCellFlag(flagText));
  if (status) measurement.flag = status;
}

/**
 * The collection date of a long export's row (`14.10.2025;07:50` in date and time columns, or `2026-02-03 07:50` in
 * one cell), with its time when one is written, as the report date keeps it (`dates.ts`).
 */
function rowDateOf(dateCell: string, timeCell: string, order: SlashOrder): string | null {
  const date = dateCell ? findDates(dateCell, order)[0] : undefined;
  if (!date) return null;
  const after = dateCell.slice(date.end);
  return withTimeAfter(date.iso, /\d/.test(after) ? militaryAsClock(after) : ` ${timeCell}`);
}

/** The `Previous Result and Date` cell of a row (`97  01/05/2025`): the test's earlier reading, with the row's unit. */
function earlierReading(
  layout: TableLayout,
  texts: string[],
  current: RowReading,
  order: SlashOrder,
): RowReading | null {
  const k = layout.columns.findIndex((c) => c.role === 'previous');
  const column = layout.columns[k];
  const cell = texts[k] ?? '';
  const earlier =
    column === undefined
      ? null
      : (valueAndDate(cell, order) ?? (column.earlierDate ? valueOnCaptionDate(cell, column.earlierDate) : null));
  if (!earlier) return null;
  const measurement = earlier.measurement;
  // Its range is its own only: the row's is the current reading's (`earlierThanNewest`).
  measurement.unit ??= current.measurement.unit;
  return { name: current.name, measurement, measuredAt: earlier.date };
}

/**
 * A note after the range saying when this row's sample was taken (`( < 14 )   Collected 03/06/2026 17:25`, a repeat
 * troponin in a Healthlink message): the range without it, and the note's date and time for the row's date cell.
 */
function collectedNote(cell: string): { range: string; date: string } | null {
  const m = /^(.*?\S)\s+(?:collected|taken|drawn|sampled|specimen\s+collected)\s*(?:at|on)?\s*:?\s*(\d.*)$/iu.exec(
    cell,
  );
  return m ? { range: m[1] as string, date: m[2] as string } : null;
}

/** A bare value (perhaps flagged: `1,21 H`) under an earlier-results caption that dates the column. */
function valueOnCaptionDate(cell: string, date: string): { measurement: Measurement; date: string } | null {
  const measurement = parseMeasurement(cell.trim(), 0);
  if (!measurement || measurement.qualitative || measurement.unit !== null) return null;
  // `1,21 +`: the sign flags of a report that marks `+ = über Normbereich` mark its earlier values too.
  if (measurement.flag === null && SIGN_FLAG.test(measurement.rest)) {
    return { measurement: { ...measurement, flag: measurement.rest, rest: '' }, date };
  }
  return measurement.rest === '' ? { measurement, date } : null;
}

/** A flag written as a sign or an arrow after an earlier value: `+`, `--`, `*`, `↑`. */
const SIGN_FLAG = /^(?:\+{1,2}|-{1,2}|\*|↑|↓)$/u;

/**
 * The readings of one row under a header: one for a plain table, one per filled date cell for a cumulative table.
 * Null when the row does not fit the layout (no name, no result where the result column is), so that the caller
 * can try the other readers.
 */
export function readTableRow(line: string, layout: TableLayout, order: SlashOrder): RowReading[] | null {
  const texts = cellsByColumn(line, layout);
  const cellOf = (role: ColumnRole): string => {
    const k = layout.columns.findIndex((c, i) => c.role === role && c.date === null && (texts[i] ?? '') !== '');
    return k >= 0 ? (texts[k] as string).trim() : '';
  };
  const nameIndex = layout.columns.findIndex((c) => c.role === 'name');
  // A name cell may end in dot leaders and a colon (`Hemácias.........:`), as a name in a line does.
  const nameCell = (texts[nameIndex >= 0 ? nameIndex : 0] ?? '').trim();
  // `Colesterol HDL ........ 41 mg/dl`: dot leaders lead to the row's own value inside the name cell, so the cells
  // right of it are its range, not its result; the line is a leadered row for the line readers.
  if (/(?:\.{3,}|…+)\s*[<>≤≥]?\s*\d/u.test(nameCell)) return null;
  const name = stripRowMarks(withoutLeaderTail(nameCell));
  if (!plausibleName(name, order) && !isOcrSplitName(name)) return null;
  if (headerRole(name) !== null) return null;
  const unitText = cellOf('unit');
  const hasDateColumn = layout.columns.some((c) => c.role === 'date' && c.date === null);
  const spilled = hasDateColumn && cellOf('date') === '' ? splitSpilledDate(cellOf('range'), order) : null;
  const noted = spilled ? null : collectedNote(cellOf('range'));
  const rangeText = joinSplitRangeCell(spilled?.range ?? noted?.range ?? cellOf('range'));
  const rowDate = rowDateOf(spilled?.date ?? noted?.date ?? cellOf('date'), cellOf('time'), order);
  const rowHasContext = unitText !== '' || rangeText !== '';

  const readings: RowReading[] = [];
  const dated = layout.columns.some((c) => c.date !== null || c.visit !== undefined);
  // A check-up's judgement beside several visits' results grades the sheet's visit, not each reading: the marks
  // printed beside each value (`25.5 H`) are the readings' flags.
  // Only a CJK sheet's column grades so: under an English `Flag` caption a lone `A` is `abnormal`.
  const visitJudgement = dated && layout.wide === true && isJudgementCell(cellOf('flag'));
  const flagText = visitJudgement ? '' : cellOf('flag');
  // Two digit groups in the result cell are one damaged number only where no other column could hold the second
  // (an earlier-results column, `previous`, or one the vocabulary does not know, `other`).
  const oneValueColumn =
    !dated &&
    layout.columns.filter((c) => c.role === 'value').length === 1 &&
    !layout.columns.some((c) => c.role === 'other' || c.role === 'previous');
  // A cumulative row's unit and range with no column of their own fall in the last date's cell (`cumulative.ts`).
  const sharedTail = dated && !layout.columns.some((c) => c.role === 'unit' || c.role === 'range');
  const lastDated = layout.columns.findLastIndex((c) => c.date !== null);
  let tail: RowTail | null = null;
  // What each date's cell printed as its own range, before the row's range column is read into it.
  const ownRanges = new Map<Measurement, string | null>();
  for (let k = 0; k < layout.columns.length; k++) {
    const column = layout.columns[k] as Column;
    const written = (texts[k] ?? '').trim();
    if (column.role !== 'value' || written === '') continue;
    const text = oneValueColumn ? joinSplitResultCell(written) : written;
    if (dated && column.date === null && column.visit === undefined) continue;
    if (sharedTail && k === lastDated) {
      tail = rowTailCell(text);
      if (tail) continue;
    }
    // An earlier visit whose date the sheet does not print is left out: a reading must say when it was taken.
    if (column.visit !== undefined && column.visit > 0 && column.date === null) continue;
    if (dated && isEmptyCumulativeCell(text)) continue;
    // A visit column holds values: a row of words under it (a grading legend, `Ｄ 要医療`) is no reading.
    if (column.visit !== undefined && !VALUE_START.test(text)) return null;
    const measurement = readResultCell(text, rowHasContext);
    if (!measurement) return null;
    ownRanges.set(measurement, measurement.referenceRange);
    completeFromColumns(measurement, unitText, rangeText, flagText, layout.wide === true);
    measurement.flag ??= dated ? null : flagInOtherColumn(layout, texts);
    measurement.unit ??= column.unit ?? null;
    readings.push({ name, measurement, measuredAt: column.date ?? rowDate });
    if (!dated) break;
  }
  if (readings.length === 0) return null;
  // A visit's unit printed inside its value cell (`171.2     cm`, a CJK header's wide captions shift the unit column):
  // one row is one test in one unit, so the other visits' values take it.
  const rowUnit = dated ? readings.find((r) => r.measurement.unit !== null)?.measurement.unit : undefined;
  if (rowUnit) for (const { measurement } of readings) if (!measurement.qualitative) measurement.unit ??= rowUnit;
  if (sharedTail) {
    // The row's range is printed in one of its date cells there: no cell's range is its own.
    ownRanges.clear();
    shareRowUnitAndRange(readings, tail);
  }
  // An undated result column beside dated ones (`今回結果` beside `前回(2025/06/12)`) is the current, newest result.
  const older = earlierThanNewest(readings, (r) => r.measuredAt ?? (dated ? '\uffff' : null));
  for (const { measurement } of older) measurement.referenceRange = ownRanges.get(measurement) ?? null;
  // The visit's judgement (`判定  C`) grades the newest result, the one it stands beside: its flag as printed, `A` none
  // (README, session 26). The earlier visits were judged on their own sheets.
  const grade = visitJudgement ? (letterGrade(cellOf('flag')) ?? judgementGrade(cellOf('flag'))) : null;
  if (grade) for (const r of readings) if (!older.includes(r)) r.measurement.flag ??= grade;
  if (!dated && QUALITATIVE_CELL.test(name)) return null;
  const earlier = earlierReading(layout, texts, readings[0] as RowReading, order);
  if (earlier) readings.push(earlier);
  return readings;
}

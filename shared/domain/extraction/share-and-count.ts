/**
 * A white-cell differential printed with two results per row: the cell type's share of the white cells and its
 * absolute count (`Neutrófilos   58,0 %   3.944 /mm3`). Brazilian `Leucograma` (`Relativo` / `Absoluto`), Spanish
 * `Fórmula leucocitaria` (`%` and `x10^3/µL`), Italian (`%` and `10^9/L`), French (`%` and `G/L`) and German
 * (`%` and `/nl`) reports all print it so. Each row is two readings under the one printed name.
 *
 * - Under a header naming the two value columns (`%  /mm3  V.R. %  V.R. /mm3`, `Relativo  Absoluto  Valores de
 *   referência`), a row's values may go without units: the header gives them. A range column per value column gives
 *   each reading its own range.
 * - Without a header, the row must write both units itself, one `%` and one count per volume (`/mm3`, `x10^3/µL`):
 *   a value in two other units (`HbA1c  6,8 %  51 mmol/mol`) is one result converted, never two.
 *
 * A reference band is never a second reading: only the numbers before the first range are values. Rows are read
 * item by item (value, unit, range, flag) rather than by column position, so OCR'd rows whose spacing no longer
 * lines up with the header still read.
 */

import { FLAG_CELL, looksLikeUnit, parseRangeText } from './measurement';
import { foldText, headerRole } from './vocabulary';

/** A count per volume: `/mm3`, `mil/mm3`, `/µL`, `x10^3/µL`, `10^9/L`, `G/L`, `/nl`, `K/uL`, `cells/µL`. */
const COUNT_UNIT =
  /^(?:(?:(?:x|×)\s?)?10\s?(?:\^|e|\*\*)?\s?[369³⁶⁹]\s?\/\s?(?:[µuμ]l|l|mm3|mm³)|(?:mil|k|cells?|c[ée]l(?:ulas|s)?\.?|giga)?\s?\/\s?(?:mm3|mm³|[µuμ]l|nl|cmm))$/iu;
/** Giga per litre, in capitals: `g/L` is a mass concentration. */
const GIGA_PER_LITRE = /^(?:G|Gpt)\/L$/u;

/** Whether a unit counts cells per volume (the absolute column). */
export function isCountUnit(unit: string): boolean {
  return unit.length <= 16 && (COUNT_UNIT.test(unit.trim()) || GIGA_PER_LITRE.test(unit.trim()));
}

const SHARE_WORDS = new Set([
  'relativo',
  'relativos',
  'relativa',
  'valor relativo',
  'valores relativos',
  'relative',
  'relative value',
  'rel',
  'rel.',
  'relativ',
  'porcentaje',
  'porcentual',
  'percent',
  'percentage',
  'percentuale',
  'pourcentage',
  'valeur relative',
  'valore relativo',
  'valori relativi',
  '%',
]);

const COUNT_WORDS = new Set([
  'absoluto',
  'absolutos',
  'absoluta',
  'valor absoluto',
  'valores absolutos',
  'absolute',
  'absolute value',
  'absolute count',
  'abs',
  'abs.',
  'absolut',
  'recuento',
  'recuento absoluto',
  'count',
  '#',
  'valeur absolue',
  'valeurs absolues',
  'valore assoluto',
  'valori assoluti',
  'assoluto',
]);

/** Range captions a column of ranges may carry besides the vocabulary's (`V.R. %`, `Ref.`). */
const RANGE_CAPTION =
  /^(?:v\.?\s?r\.?|ref\.?|val\.?\s?ref\.?|valores?\s+de\s+refer[eê]ncia|valori\s+di\s+riferimento)$/i;

type ColumnKind = 'share' | 'count' | 'range';

interface HeaderColumn {
  kind: ColumnKind;
  unit: string | null;
  /** Where its caption is printed on the header line: the middle of it. */
  middle?: number;
}

/** A share-and-count header: its value columns (share and count, in printed order) and range columns. */
export interface ShareCountHeader {
  values: HeaderColumn[];
  ranges: HeaderColumn[];
}

/** A caption and a unit written after it or in brackets: `V.R. /mm3`, `Relativo (%)`, `Absoluto /µL`. */
function captionAndUnit(cell: string): { caption: string; unit: string | null } {
  // A header caption is a few words; the lazy patterns below would rescan a long blank run from each of its spaces.
  if (cell.length > 80) return { caption: cell.trim(), unit: null };
  const bracketed = /^(.*?)\s*[([]\s*([^()[\]\s]{1,16})\s*[)\]]$/u.exec(cell);
  if (bracketed) return { caption: (bracketed[1] as string).trim(), unit: bracketed[2] as string };
  const trailing = /^(.*\S)\s+(%|\S*\/\S+)$/u.exec(cell);
  if (trailing) return { caption: (trailing[1] as string).trim(), unit: trailing[2] as string };
  return { caption: cell.trim(), unit: null };
}

function classifyCell(cell: string): HeaderColumn | null {
  if (cell === '%') return { kind: 'share', unit: '%' };
  if (isCountUnit(cell)) return { kind: 'count', unit: cell };
  const { caption, unit } = captionAndUnit(cell);
  const folded = foldText(caption);
  if (unit !== null && unit !== '%' && !isCountUnit(unit)) return null;
  if (SHARE_WORDS.has(folded) && (unit === null || unit === '%')) return { kind: 'share', unit: unit ?? null };
  if (COUNT_WORDS.has(folded) && (unit === null || unit !== '%')) return { kind: 'count', unit };
  if (RANGE_CAPTION.test(caption) || headerRole(caption) === 'range') return { kind: 'range', unit };
  return null;
}

/**
 * The header of a share-and-count table, or null. Cells are parted by two spaces or more; a first cell of words may
 * title the table (`LEUCOGRAMA`, `Fórmula leucocitaria`, `Test`). Exactly one share and one count column, the first
 * of them before any range column, and at most two range columns.
 */
export function detectShareCountHeader(text: string): ShareCountHeader | null {
  if (text.length > 200) return null;
  const cells = [...text.matchAll(/\S+(?: \S+)*/g)];
  if (cells.length < 2 || cells.length > 6) return null;
  const columns: HeaderColumn[] = [];
  cells.forEach(({ 0: cell, index }, k) => {
    const column = classifyCell(cell);
    if (column) columns.push({ ...column, middle: index + cell.length / 2 });
    else if (k !== 0 || !/^[\p{L}\s.\-()]+$/u.test(cell)) columns.push({ kind: 'range', unit: 'reject' });
  });
  if (columns.some((c) => c.unit === 'reject')) return null;
  const values = columns.filter((c) => c.kind !== 'range');
  const ranges = columns.filter((c) => c.kind === 'range');
  if (values.length !== 2 || values[0]?.kind === values[1]?.kind || ranges.length > 2) return null;
  // A value column first; its range may follow it (`Relativo  V.R.  Absoluto  V.R.`) or the ranges come last.
  if (columns[0]?.kind === 'range') return null;
  return { values, ranges };
}

/** A number; OCR reads a zero as the letter O among its digits (`8,O`, `1O4`), never as a word's first letter. */
const NUMBER = String.raw`\d(?:[\d.,]|[Oo](?!\p{L})){0,12}`;

/** The number as the report means it: an O among its digits is a zero (like the line pipeline's OCR repairs). */
function repairedNumber(text: string): string {
  return text.replace(/(?<=\d[.,]?)[Oo]|[Oo](?=[.,]?\d)/g, '0');
}
const SEPARATOR = String.raw`\s{0,2}(?:-|–|—|a|à|até|ate|to|bis|al|hasta)\s{0,2}`;
const UNIT_TOKEN = String.raw`(?:%|[^\s\d()[\]<>≤≥][^\s()[\]]{0,15}|10(?:\^?[369]|[³⁶⁹])\/\S{1,4})`;
/** One item of a row after its name: a range (bracketed or not), or a value. Bounded, so it never backtracks far. */
const ITEM = new RegExp(
  String.raw`\s*(?:([([]?\s*(?:[<>≤≥]\s?${NUMBER}|${NUMBER}${SEPARATOR}${NUMBER})\s*[)\]]?)|([<>≤≥]?${NUMBER}))(?:\s?(${UNIT_TOKEN}))?`,
  'iuy',
);

interface RowValue {
  value: string;
  unit: string | null;
  flag: string | null;
  range: { range: string; unit: string | null } | null;
  /** Where its item ends in the row's rest (for placing a lone value under its column). */
  end: number;
}

interface RowItems {
  values: RowValue[];
  /** Ranges written after all values, in order. */
  trailingRanges: Array<{ range: string; unit: string | null }>;
}

/** The items of a row's part after the name, or null when something there is neither value, range, unit nor flag. */
function rowItems(rest: string): RowItems | null {
  const values: RowValue[] = [];
  const trailingRanges: Array<{ range: string; unit: string | null }> = [];
  let at = 0;
  while (at < rest.length) {
    if (rest.slice(at).trim() === '') break;
    ITEM.lastIndex = at;
    const m = ITEM.exec(rest);
    if (!m) {
      // A flag after a value (`H`, `*`, `↑`).
      const flag = /\s*(\S+)/y;
      flag.lastIndex = at;
      const f = flag.exec(rest);
      const last = values[values.length - 1];
      if (!f || !last || trailingRanges.length > 0 || last.range || !FLAG_CELL.test(f[1] as string)) return null;
      last.flag = f[1] as string;
      at = flag.lastIndex;
      continue;
    }
    at = ITEM.lastIndex;
    let unit = m[3] ?? null;
    if (unit !== null && FLAG_CELL.test(unit)) {
      // `58,0 H`: the word after the value is its flag, not a unit.
      if (m[2] !== undefined) {
        values.push({ value: repairedNumber(m[2]), unit: null, flag: unit, range: null, end: at });
        continue;
      }
      return null;
    }
    if (unit !== null && unit !== '%' && !isCountUnit(unit) && !looksLikeUnit(unit)) return null;
    if (m[1] !== undefined) {
      const parsed = parseRangeText(
        repairedNumber(m[1])
          .trim()
          .replace(/^[([]\s*|\s*[)\]]$/g, ''),
      );
      if (!parsed) return null;
      const range = { range: parsed.range, unit: unit ?? parsed.unit };
      const last = values[values.length - 1];
      // A range right after a value (`58,0 %  (45-70)  3.944 /mm3  (1.700-7.000)`) is that value's.
      if (last && !last.range && trailingRanges.length === 0 && values.length === 1) last.range = range;
      else if (last && !last.range && trailingRanges.length === 0 && values.length === 2 && values[0]?.range) {
        last.range = range;
      } else trailingRanges.push(range);
      continue;
    }
    if (trailingRanges.length > 0) return null; // a value after the ranges: not this layout
    unit ??= null;
    values.push({ value: repairedNumber(m[2] as string), unit, flag: null, range: null, end: at });
  }
  return { values, trailingRanges };
}

/** The printed name opening a row and the rest of the row, or null. Dot leaders and a colon end the name. */
function splitName(text: string): { name: string; rest: string } | null {
  const m = /^\s*(\p{L}[^\d<>≤≥]{0,60}?(?:\p{L}\d\p{L}[^\d<>≤≥]{0,30}?)?)\s*(?:\.{2,}\s*)?:?\s+(?=[<>≤≥]?\d)/u.exec(
    text,
  );
  if (!m) return null;
  const name = (m[1] as string).replace(/[\s.:]+$/, '').trim();
  if (name === '' || !/\p{L}{2}/u.test(name)) return null;
  return { name, rest: text.slice(m[0].length) };
}

export interface ShareCountReading {
  name: string;
  value: string;
  unit: string | null;
  referenceRange: string | null;
  flag: string | null;
}

/** A number's size for comparing scales: the last `.` or `,` is the decimal mark (both columns write it alike). */
function magnitude(text: string): number {
  const digits = text.replace(/[^\d.,]/g, '');
  const mark = Math.max(digits.lastIndexOf('.'), digits.lastIndexOf(','));
  const whole = mark < 0 ? digits : `${digits.slice(0, mark).replace(/[.,]/g, '')}.${digits.slice(mark + 1)}`;
  return Number(whole);
}

/** How far outside its range a value may lie and still be of the range's scale. */
const SCALE_SLACK = 5;

/**
 * Which value a range without a unit describes, by scale: a range is written in its value's unit, so its value lies
 * in it or within a few times its bounds (`1.700 a 7.000` fits `3.944`, not `58,0`). The one value inside, else the
 * one value near; -1 when that does not settle it.
 */
function valueInScale(range: string, values: readonly string[]): number {
  const bounds = [...range.matchAll(/\d[\d.,]*/g)].map((m) => magnitude(m[0]));
  const low = Math.min(...bounds);
  const high = Math.max(...bounds);
  if (!Number.isFinite(high) || high <= 0) return -1;
  const sizes = values.map(magnitude);
  const inside = sizes.map((size) => size <= high && (bounds.length < 2 || size >= low));
  if (inside.filter(Boolean).length === 1) return inside.indexOf(true);
  const near = sizes.map((size) => size <= high * SCALE_SLACK && (bounds.length < 2 || size >= low / SCALE_SLACK));
  return near.filter(Boolean).length === 1 ? near.indexOf(true) : -1;
}

/** Which of the two values a range belongs to, by its unit, or -1 when its unit says nothing. */
function valueForUnit(unit: string | null, units: ReadonlyArray<string | null>): number {
  if (unit === null) return -1;
  const share = unit === '%';
  const k = units.findIndex((u) => u !== null && (u === '%') === share);
  return k;
}

/**
 * A row with one value and no unit under the header (`Leucócitos ....:      7.350     3.600 a 11.000`): the value
 * is in the column its printed place is nearest to, clearly (twice as near as to the other), and takes its unit.
 */
function loneValueReading(
  items: RowItems,
  header: ShareCountHeader,
  restAt: number,
): Omit<ShareCountReading, 'name'> | null {
  const value = items.values[0] as RowValue;
  if (value.unit !== null || items.trailingRanges.length > 1) return null;
  const middle = restAt + value.end - value.value.length / 2;
  const distances = header.values.map((column) => Math.abs((column.middle ?? Number.NaN) - middle));
  const [near, far] = (distances[0] as number) <= (distances[1] as number) ? [0, 1] : [1, 0];
  if (!((distances[near] as number) * 2 < (distances[far] as number))) return null;
  const column = header.values[near] as HeaderColumn;
  const unit = column.unit;
  let range = value.range?.range ?? null;
  const trailing = items.trailingRanges[0];
  if (range === null && trailing) {
    const rangeUnit = trailing.unit ?? (header.ranges.length === 1 ? header.ranges[0]?.unit : null) ?? null;
    const units = header.values.map((c) => c.unit);
    if (rangeUnit === null || valueForUnit(rangeUnit, units) === near) range = trailing.range;
  }
  return { value: value.value, unit, referenceRange: range, flag: value.flag };
}

/**
 * The two readings of a share-and-count row, or null. With `header` the values may go without units; without it,
 * both units must be written, one `%` and one count.
 */
export function readShareCountRow(text: string, header: ShareCountHeader | null): ShareCountReading[] | null {
  if (text.length > 300) return null;
  // Without a header the row must write its share's `%` itself: a line without one is not parsed (every line is asked).
  if (header === null && !text.includes('%')) return null;
  const split = splitName(text);
  if (!split) return null;
  const items = rowItems(split.rest);
  if (items && header && items.values.length === 1) {
    const lone = loneValueReading(items, header, text.length - split.rest.length);
    return lone ? [{ name: split.name, ...lone }] : null;
  }
  if (items?.values.length !== 2) return null;
  const [first, second] = items.values as [RowValue, RowValue];
  const units = [first.unit ?? header?.values[0]?.unit ?? null, second.unit ?? header?.values[1]?.unit ?? null];
  const kinds = units.map((u) => (u === '%' ? 'share' : u !== null && isCountUnit(u) ? 'count' : null));
  if (header === null) {
    if (first.unit === null || second.unit === null) return null;
    if (!kinds.includes('share') || !kinds.includes('count')) return null;
  } else {
    // A written unit must agree with its column (a `%` under the count column is another layout).
    for (const [k, value] of [first, second].entries()) {
      const column = header.values[k] as HeaderColumn;
      if (value.unit === null) continue;
      if ((value.unit === '%') !== (column.kind === 'share')) return null;
    }
  }
  const ranges: Array<string | null> = [first.range?.range ?? null, second.range?.range ?? null];
  const trailing = items.trailingRanges;
  if (trailing.length > 2) return null;
  if (trailing.length === 2 && ranges[0] === null && ranges[1] === null) {
    trailing.forEach((range, k) => {
      const byUnit = valueForUnit(range.unit ?? header?.ranges[k]?.unit ?? null, units);
      ranges[byUnit >= 0 ? byUnit : k] ??= range.range;
    });
  } else if (trailing.length === 1) {
    // One range for two values: the value's whose unit it (or its column caption) writes, else the one of its scale.
    const range = trailing[0] as { range: string; unit: string | null };
    const rangeUnit = range.unit ?? (header?.ranges.length === 1 ? header.ranges[0]?.unit : null) ?? null;
    const owner =
      rangeUnit === null ? valueInScale(range.range, [first.value, second.value]) : valueForUnit(rangeUnit, units);
    if (owner >= 0) ranges[owner] ??= range.range;
  } else if (trailing.length > 0) return null;
  return [first, second].map((value, k) => ({
    name: split.name,
    value: value.value,
    unit: units[k] ?? null,
    referenceRange: ranges[k] ?? null,
    flag: value.flag,
  }));
}

/** Cell-level reading of spreadsheet rows: dates and times to ISO 8601, values, totals rows. */
import { foldHeader } from './headers';

/** How ambiguous slash dates (`03/04/2024`) are read: settled per column from its cells, else by language. */
export type SlashOrder = 'dmy' | 'mdy';

const pad = (n: string | number) => String(n).padStart(2, '0');

function validDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2200) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCDate() === day;
}

function timePart(hours: string, minutes: string, seconds: string | undefined, meridiem?: string): string | null {
  let h = Number(hours);
  const m = Number(minutes);
  const s = Number(seconds ?? 0);
  if (meridiem) {
    const pm = meridiem.toLowerCase() === 'pm';
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (pm ? 12 : 0);
  }
  if (h > 23 || m > 59 || s > 59) return null;
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
}

const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*([ap]m)?`;
const ISO = new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})(?:[T ]${TIME}\s*(Z|[+-]\d{2}:?\d{2})?)?$`, 'i');
const DOTTED = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:,?\s+${TIME})?$`, 'i');
const SLASHED = new RegExp(String.raw`^(\d{1,2})[/-](\d{1,2})[/-](\d{4})(?:,?\s+${TIME})?$`, 'i');
const YEAR_FIRST_SLASH = new RegExp(String.raw`^(\d{4})/(\d{1,2})/(\d{1,2})(?:,?\s+${TIME})?$`, 'i');
const TIME_ONLY = new RegExp(`^(?:1899-12-3[01]T)?${TIME}$`, 'i');

/** The first two numbers of a slash date, to settle a column's order. */
export function slashParts(cell: string): [number, number] | null {
  const match = SLASHED.exec(cell.trim());
  return match ? [Number(match[1]), Number(match[2])] : null;
}

/** A column's slash order: a first part above 12 means day first, a second above 12 month first, else `fallback`. */
export function slashOrderOf(cells: Iterable<string>, fallback: SlashOrder): SlashOrder {
  for (const cell of cells) {
    const parts = slashParts(cell);
    if (!parts) continue;
    if (parts[0] > 12) return 'dmy';
    if (parts[1] > 12) return 'mdy';
  }
  return fallback;
}

function compose(year: number, month: number, day: number, time: string | null, zone?: string): string | null {
  if (!validDate(year, month, day)) return null;
  const date = `${year}-${pad(month)}-${pad(day)}`;
  if (!time) return date;
  const offset = zone ? (zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')) : '';
  return `${date}T${time}${offset}`;
}

/**
 * A date or date-time cell as ISO 8601 (`2024-03-01`, `2024-03-01T08:30:00`, with its offset when it had one), or
 * null when the cell is not a date. Reads ISO, `01.03.2024` (day first), `2024/03/01`, and slash dates in `order`.
 * Two-digit years are refused: a wrong century is worse than no date.
 */
export function parseDateCell(cell: string, order: SlashOrder = 'mdy'): string | null {
  const text = cell.trim();
  const iso = ISO.exec(text);
  if (iso) {
    const time = iso[4] ? timePart(iso[4], iso[5] as string, iso[6], iso[7]) : null;
    if (iso[4] && !time) return null;
    return compose(Number(iso[1]), Number(iso[2]), Number(iso[3]), time, iso[8]);
  }
  const dotted = DOTTED.exec(text);
  if (dotted) {
    const time = dotted[4] ? timePart(dotted[4], dotted[5] as string, dotted[6], dotted[7]) : null;
    return compose(Number(dotted[3]), Number(dotted[2]), Number(dotted[1]), time);
  }
  const yearFirst = YEAR_FIRST_SLASH.exec(text);
  if (yearFirst) {
    const time = yearFirst[4] ? timePart(yearFirst[4], yearFirst[5] as string, yearFirst[6], yearFirst[7]) : null;
    return compose(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]), time);
  }
  const slashed = SLASHED.exec(text);
  if (slashed) {
    const [a, b] = [Number(slashed[1]), Number(slashed[2])];
    const time = slashed[4] ? timePart(slashed[4], slashed[5] as string, slashed[6], slashed[7]) : null;
    return order === 'dmy' ? compose(Number(slashed[3]), b, a, time) : compose(Number(slashed[3]), a, b, time);
  }
  return null;
}

/** A time-of-day cell (`08:30`, `8:30 pm`, or Excel's `1899-12-30T08:30:00` time serial) as `HH:MM:SS`. */
export function parseTimeCell(cell: string): string | null {
  const match = TIME_ONLY.exec(cell.trim());
  return match ? timePart(match[1] as string, match[2] as string, match[3], match[4]) : null;
}

/** Joins a date column and a time column into one date-time. */
export function combineDateTime(date: string | null, time: string | null): string | null {
  if (!date) return null;
  if (!time || date.includes('T')) return date;
  return `${date}T${time}`;
}

/** A result as written: a number (`5.4`, `5,4`, `-1`, `1,250`), a comparator (`<0.1`, `>= 60`), a ratio (`120/80`). */
const NUMERIC_VALUE = /^(?:[<>≤≥]=?\s*)?[-+]?(?:\d+(?:[.,]\d+)*|[.,]\d+)(?:\s*\/\s*\d+(?:[.,]\d+)?)?/;

/** Qualitative results in the four languages. */
const QUALITATIVE = new Set(
  [
    'positive|negative|pos|neg|reactive|non reactive|nonreactive|detected|not detected|trace|normal|abnormal|present|' +
      'absent|nil',
    'positiv|negativ|nachweisbar|nicht nachweisbar|spuren|unauffallig',
    'positivo|negativo|detectado|no detectado|reactivo|no reactivo|trazas',
    'positif|negatif|detecte|non detecte|traces',
  ].flatMap((words) => words.split('|')),
);

/** Flags that may trail a value in its cell (`104 H`) and are not a unit. */
const FLAG_WORD = /^(?:h|l|hh|ll|\*+|high|low|hoch|niedrig|alto|bajo|haut|bas|↑|↓|\+|-)$/i;

export interface ValueCell {
  value: string;
  /** A unit written in the value cell after the number (`104 mg/dL`). */
  unit: string | null;
  /** A flag written in the value cell after the number (`104 H`). */
  flag?: string;
}

/** A cell that states a result, split into the value and any unit after it; null for text that is not a result. */
export function parseValueCell(cell: string): ValueCell | null {
  const text = cell.trim();
  if (text === '') return null;
  const numeric = NUMERIC_VALUE.exec(text);
  if (numeric) {
    const rest = text.slice(numeric[0].length).trim();
    if (rest === '') return { value: text, unit: null };
    if (FLAG_WORD.test(rest)) return { value: numeric[0].trim(), unit: null, flag: rest };
    // Units are short and start with a letter, %, µ or °; anything longer is a note after a number (`12 tablets taken`).
    if (/^[%µμ°a-z/][^\s]*(?:\s[^\s]+)?$/i.test(rest) && rest.length <= 12)
      return { value: numeric[0].trim(), unit: rest };
    return null;
  }
  return QUALITATIVE.has(foldHeader(text)) ? { value: text, unit: null } : null;
}

/** Cells that stand for "no value": `n/a`, `NA`, `-`, `—`, `.`, `?`. */
export function isPlaceholderCell(cell: string): boolean {
  return /^(?:n\/?a|n\.a\.|na|none|null|-+|—|–|\.|\?|k\.a\.|s\/d|nd)$/i.test(cell.trim());
}

/** Whether a cell is a number, for telling measurement columns from text columns. */
export function isNumericCell(cell: string): boolean {
  return NUMERIC_VALUE.test(cell.trim());
}

/** Labels of rows that summarise others rather than state a reading (folded). */
const TOTALS = new Set(
  [
    'total|totals|sum|subtotal|grand total|average|avg|mean|median|min|max|minimum|maximum|count|std|std dev|' +
      'standard deviation|overall',
    'gesamt|summe|insgesamt|durchschnitt|mittelwert|mittel|anzahl',
    'suma|promedio|media|total general|minimo|maximo',
    'somme|moyenne|mediane|nombre',
  ].flatMap((words) => words.split('|')),
);

/** `Total`, `Average`, `Ø`, `Summe:`: a totals row, whose values are not readings. */
export function isTotalsLabel(cell: string): boolean {
  const folded = foldHeader(cell);
  return TOTALS.has(folded) || /^(?:ø|⌀|σ|∑)/.test(cell.trim());
}

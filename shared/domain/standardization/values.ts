import { parseSpelledNumber } from './spelled-numbers';
import type { StandardizedReading } from './types';

export type Comparator = NonNullable<StandardizedReading['comparator']>;

export interface ParsedValue {
  /** Decimal string (`"5.4"`), or null when the value is not numeric. */
  parsedValue: string | null;
  comparator: Comparator | null;
  qualitative: string | null;
  /** Unit written after the number (`"97 mg/dL"`), used only when the reading has no unit of its own. */
  inlineUnit: string | null;
  /** Set when the value was a duration (`"7h 30m"`): the UCUM unit `parsedValue` is expressed in. */
  durationUnit: string | null;
}

const COMPARATORS: ReadonlyMap<string, Comparator> = new Map([
  ['<', '<'],
  ['<=', '<='],
  ['≤', '<='],
  ['=<', '<='],
  ['>', '>'],
  ['>=', '>='],
  ['≥', '>='],
  ['=>', '>='],
]);

/** Qualitative results in the languages HDS reads, to one English term (the FHIR mirror codes these). */
const QUALITATIVE: ReadonlyMap<string, string> = new Map([
  ...['positive', 'pos', 'positiv', 'positivo', 'positif', '阳性'].map((k) => [k, 'positive'] as const),
  ...['negative', 'neg', 'negativ', 'negativo', 'négatif', 'negatif', '阴性'].map((k) => [k, 'negative'] as const),
  ...['trace', 'traces', 'spur', 'spuren', 'trazas', 'indicios', '微量'].map((k) => [k, 'trace'] as const),
  ...['detected', 'nachweisbar', 'detectado', 'détecté', '检出'].map((k) => [k, 'detected'] as const),
  ...['not detected', 'nicht nachweisbar', 'no detectado', 'non détecté', 'undetected', 'none detected', '未检出'].map(
    (k) => [k, 'not detected'] as const,
  ),
  ...['reactive', 'reaktiv', 'reactivo', 'réactif'].map((k) => [k, 'reactive'] as const),
  ...['non-reactive', 'nonreactive', 'non reactive', 'nicht reaktiv', 'no reactivo', 'non réactif'].map(
    (k) => [k, 'non-reactive'] as const,
  ),
  ...['present', 'absent'].map((k) => [k, k] as const),
]);

const NUMBER = String.raw`[+-]?(?:\d[\d.,]*|[.,]\d+)`;
const COMPARATOR = '<=|>=|=<|=>|≤|≥|<|>';
const VALUE_WITH_UNIT = new RegExp(String.raw`^(${COMPARATOR})?\s*(${NUMBER})\s*(\S.*)?$`);
const BLOOD_PRESSURE = /^\s*(\d{2,3}(?:\.\d+)?)\s*\/\s*(\d{2,3}(?:\.\d+)?)\s*(?:mm\s*\[?hg\]?)?\s*$/i;
const DURATION_PART = /(\d+(?:[.,]\d+)?)\s*(h|hr|hrs|hours?|m|min|mins|minutes?|s|sec|secs|seconds?)\b/gi;
const DURATION_WHOLE = /^\s*(?:\d+(?:[.,]\d+)?\s*(?:h|hr|hrs|hours?|m|min|mins|minutes?|s|sec|secs|seconds?)\b\s*)+$/i;
const ISO_DURATION = /^P(?:T(?=\d)(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)$/i;

/** Plain decimal notation for a JS number, never exponent notation (`1e-7` → `"0.0000001"`). */
export function formatDecimal(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  if (Object.is(value, -0)) return '0';
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value
    .toFixed(20)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
}

/**
 * The number in a string written with either decimal convention: `5.4`, `5,4` (decimal comma), `1,234` and
 * `1,234.5` (thousands commas), `1.234,5` (European thousands dots). Returns a decimal string or null.
 */
export function parseDecimal(text: string): string | null {
  const t = text.trim();
  let sign = '';
  let body = t;
  if (body.startsWith('-') || body.startsWith('+')) {
    sign = body.startsWith('-') ? '-' : '';
    body = body.slice(1);
  }
  let plain: string | null = null;
  if (/^\d+(?:\.\d+)?$/.test(body)) plain = body;
  else if (/^\.\d+$/.test(body)) plain = `0${body}`;
  else if (/^,\d+$/.test(body)) plain = `0.${body.slice(1)}`;
  else if (/^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(body)) plain = body.replace(/,/g, '');
  else if (/^\d{1,3}(?:\.\d{3})+,\d+$/.test(body)) plain = body.replace(/\./g, '').replace(',', '.');
  else if (/^\d+,\d+$/.test(body)) plain = body.replace(',', '.');
  if (plain === null) return null;
  plain = plain.replace(/^0+(?=\d)/, '');
  return sign === '-' && /[1-9]/.test(plain) ? `-${plain}` : plain;
}

/** `142 over 91`, `ninety over sixty mmHg`: blood pressure said rather than written with a slash. */
const OVER = /^(.+?)\s+over\s+(.+?)(\s*mm\s*\[?hg\]?)?$/i;

/** One side of `N over M`: digits, or a whole number phrase (`one hundred forty two`, never `one forty`). */
function overSide(text: string): string | null {
  const t = text.trim();
  return /^\d+(?:\.\d+)?$/.test(t) ? t : parseSpelledNumber(t);
}

/**
 * A value written in words as the digits it stands for, else null: a number phrase (`seventy-eight` → `78`,
 * `ninety eight point six` → `98.6`, `7 point 2` → `7.2`), or `N over M` as `N/M` when that is a blood pressure the
 * slash form would be. Only whole phrases are read; `twice daily`, `seventy-something` and `one forty` stay text.
 */
function spelledAsDigits(text: string): string | null {
  const over = OVER.exec(text);
  if (over) {
    const systolic = overSide(over[1] as string);
    const diastolic = overSide(over[2] as string);
    if (systolic === null || diastolic === null) return null;
    const slash = `${systolic}/${diastolic}${over[3] ?? ''}`;
    return BLOOD_PRESSURE.test(slash) ? slash : null;
  }
  return parseSpelledNumber(text);
}

const FLAG_LIKE = /^\(?(?:H|L|HH|LL|A|N|\*)\)?$/;

function timeUnitOf(part: string): 'h' | 'min' | 's' {
  const p = part.toLowerCase();
  return p.startsWith('h') ? 'h' : p.startsWith('m') ? 'min' : 's';
}

/**
 * A value is converted as a duration when it has several parts (`7h 30m`), is ISO 8601 (`PT7H30M`), or is one part
 * in a different time unit than the reading's (`450 min` on an `h` reading). `45 min` alone stays 45 with unit min.
 */
function isDurationText(text: string, unit: string | null): boolean {
  if (ISO_DURATION.test(text)) return true;
  if (!DURATION_WHOLE.test(text)) return false;
  const parts = [...text.matchAll(DURATION_PART)];
  if (parts.length > 1) return true;
  const only = parts[0];
  return (
    only !== undefined && (unit === 'h' || unit === 'min' || unit === 's') && timeUnitOf(only[2] as string) !== unit
  );
}

function durationUnitFor(unit: string | null): 'h' | 'min' | 's' {
  return unit === 'min' || unit === 's' ? unit : 'h';
}

/**
 * A duration (`"7h 30m"`, `"45 min"`, `"PT7H30M"`) in the reading's unit. With unit `min` or `s` the value is
 * expressed in that unit; otherwise (no unit, or `h`) in hours, because sleep and exercise series are kept in hours.
 */
function parseDuration(text: string, unit: string | null): { value: string; unit: 'h' | 'min' | 's' } | null {
  let seconds = 0;
  const iso = ISO_DURATION.exec(text.trim());
  if (iso) {
    seconds = Number(iso[1] ?? 0) * 3600 + Number(iso[2] ?? 0) * 60 + Number(iso[3] ?? 0);
  } else {
    if (!DURATION_WHOLE.test(text)) return null;
    for (const match of text.matchAll(DURATION_PART)) {
      const amount = Number((match[1] as string).replace(',', '.'));
      const part = timeUnitOf(match[2] as string);
      seconds += amount * (part === 'h' ? 3600 : part === 'min' ? 60 : 1);
    }
  }
  const target = durationUnitFor(unit);
  const divisor = target === 'h' ? 3600 : target === 'min' ? 60 : 1;
  const value = formatDecimal(Math.round((seconds / divisor) * 1e6) / 1e6);
  return value === null ? null : { value, unit: target };
}

/**
 * Parses a value as written, in digits or in words (`seventy-eight`, `six point two`). `unit` is the reading's canonical UCUM unit, used to express durations.
 * @see https://hl7.org/fhir/R4/datatypes.html#Quantity — comparator semantics (`<`, `<=`, `>=`, `>`)
 */
export function parseValue(value: string | number, unit: string | null): ParsedValue {
  const empty: ParsedValue = {
    parsedValue: null,
    comparator: null,
    qualitative: null,
    inlineUnit: null,
    durationUnit: null,
  };
  if (typeof value === 'number') return { ...empty, parsedValue: formatDecimal(value) };
  const text = value.normalize('NFKC').trim();
  if (text === '') return empty;
  const readable = spelledAsDigits(text) ?? text;

  if (isDurationText(readable, unit)) {
    const duration = parseDuration(readable, unit);
    if (duration) return { ...empty, parsedValue: duration.value, durationUnit: duration.unit };
  }

  const match = VALUE_WITH_UNIT.exec(readable);
  if (match) {
    const number = parseDecimal(match[2] as string);
    const trailing = match[3]?.trim() ?? null;
    if (number !== null && (trailing === null || !/^[\d.,]/.test(trailing))) {
      return {
        ...empty,
        parsedValue: number,
        comparator: match[1] ? (COMPARATORS.get(match[1]) ?? null) : null,
        inlineUnit: trailing === null || FLAG_LIKE.test(trailing) ? null : trailing,
      };
    }
  }

  const word = text.toLowerCase().replace(/[.!]+$/, '');
  return { ...empty, qualitative: QUALITATIVE.get(word) ?? text };
}

/** `"120/80"` or `"120 over 80"` (optionally `mmHg`, sides in digits or words) → systolic and diastolic, else null. */
export function parseBloodPressure(value: string | number): { systolic: string; diastolic: string } | null {
  if (typeof value !== 'string') return null;
  const text = value.normalize('NFKC');
  const match = BLOOD_PRESSURE.exec(spelledAsDigits(text.trim()) ?? text);
  if (!match) return null;
  return { systolic: parseDecimal(match[1] as string) ?? '', diastolic: parseDecimal(match[2] as string) ?? '' };
}

/**
 * Withings' measure API and account export (`measuregrps`): each group is one weigh-in or one cuff reading, dated in
 * Unix seconds, and holds measures written as an integer `value`, a power of ten `unit` and a `type` code (1 weight,
 * 6 fat ratio, 9 and 10 diastolic and systolic blood pressure, 11 heart pulse, ...). The reading's value is
 * `value × 10^unit` written out exactly (`72345`, `-3` → `72.345`); its name and unit are those Withings documents
 * for the code (`../withings-measure-types.ts`, the table the provider sync and the corpus build read too). Codes not
 * read there are left unread rather than named by a number. The date is the export's own time zone's wall time when
 * it names one (`"timezone": "Europe/Paris"`), else UTC.
 */

import { WITHINGS_MEASURE_TYPES } from '../withings-measure-types';
import type { Json, JsonObject } from './fhir-json';
import type { ExtractedReading } from './types';

/**
 * The types an export's value is one measured result of: Withings' measures with a documented unit. Scores,
 * classifications, per-segment values and the types the reference gives no unit for (the ECG intervals) stay unread.
 */
const READ_TYPES: ReadonlyMap<number, { name: string; unit: string }> = new Map(
  WITHINGS_MEASURE_TYPES.flatMap((t) =>
    t.kind === 'measure' && t.unit !== null ? [[t.type, { name: t.name, unit: t.unit }] as const] : [],
  ),
);

const MAX_NESTING = 8;

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An integer field (the JSON reader hands numbers over as their written text). */
function integer(value: Json | undefined): number | null {
  const written = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^-?\d{1,15}$/.test(written)) return null;
  const number = Number(written);
  return Number.isSafeInteger(number) ? number : null;
}

/** `value × 10^exponent` written exactly: no binary floating point between the integer and its decimal. */
export function scaledDecimal(value: number, exponent: number): string | null {
  if (!Number.isSafeInteger(value) || !Number.isInteger(exponent) || Math.abs(exponent) > 12) return null;
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value));
  if (exponent >= 0) return `${sign}${digits}${'0'.repeat(exponent)}`;
  const places = -exponent;
  const padded = digits.padStart(places + 1, '0');
  return `${sign}${padded.slice(0, -places)}.${padded.slice(-places)}`;
}

/** Unix seconds as the wall time of the zone (ISO without offset), or as UTC when the zone is unknown. */
function wallTime(seconds: number, zone: string | null): string | null {
  if (seconds <= 0 || seconds > 4_102_444_800) return null;
  const date = new Date(seconds * 1000);
  if (zone !== null) {
    try {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(date);
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
      return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
    } catch {
      // An unknown zone name: UTC below.
    }
  }
  return date.toISOString().slice(0, 19);
}

/** A group's `category`: 1 a real measurement, 2 a user objective (a target weight), which is never a reading. */
const USER_OBJECTIVE = 2;

function groupReadings(group: JsonObject, zone: string | null, into: ExtractedReading[]): void {
  if (integer(group.category) === USER_OBJECTIVE) return;
  const seconds = integer(group.date);
  const measuredAt = seconds === null ? null : wallTime(seconds, zone);
  if (measuredAt === null || !Array.isArray(group.measures)) return;
  for (const measure of group.measures) {
    if (!isObject(measure)) continue;
    const type = READ_TYPES.get(integer(measure.type) ?? -1);
    const raw = integer(measure.value);
    const exponent = integer(measure.unit);
    const value = type && raw !== null && exponent !== null ? scaledDecimal(raw, exponent) : null;
    if (!type || value === null) continue;
    into.push({ indicator: type.name, value, unit: type.unit, referenceRange: null, flag: null, measuredAt });
  }
}

function collect(value: Json, zone: string | null, into: ExtractedReading[], depth: number): void {
  if (depth > MAX_NESTING || !isObject(value)) return;
  const ownZone = typeof value.timezone === 'string' ? value.timezone : zone;
  const groups = value.measuregrps;
  if (Array.isArray(groups)) {
    for (const group of groups) if (isObject(group)) groupReadings(group, ownZone, into);
    return;
  }
  for (const child of Object.values(value)) collect(child, ownZone, into, depth + 1);
}

/** The readings of Withings measure groups among parsed JSON values, or null when none holds `measuregrps`. */
export function readWithingsGroups(values: readonly Json[]): ExtractedReading[] | null {
  const readings: ExtractedReading[] = [];
  let found = false;
  for (const value of values) {
    const before = readings.length;
    collect(value, null, readings, 0);
    if (readings.length > before) found = true;
  }
  return found ? readings : null;
}

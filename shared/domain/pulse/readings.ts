/**
 * What a provider mapping produces: readings named from a fixed vocabulary, each under a natural key so a re-fetch
 * or a redelivered webhook rewrites the same row instead of adding one (design §4.1, §10).
 */
import type { ReadingInput } from '../standardization/types';
import { parseTimestamp } from '../timestamps';
import type { ProviderSlug } from './providers';

/**
 * One reading to store. Structurally the record writer's `ReadingToStore` (`shared/services/record-writer.ts`),
 * declared here because the domain does not import from services; `test/unit/pulse/readings.test.ts` keeps the two
 * assignable both ways.
 */
export interface PulseReading {
  input: ReadingInput;
  /** ISO 8601 UTC. */
  time: string;
  endTime: string | null;
  /** The provider slug, exactly (`oura`, `whoop`, …): the spec's Record input `source`, returned as `comment`. */
  comment: string;
}

export interface KeyedReading {
  key: string;
  reading: PulseReading;
}

export interface WearableIndicator {
  /** The indicator name as written; the resolver, not the mapping, decides its code. */
  name: string;
  /** Unit as written (UCUM); null for a nominal value such as the exercise activity's name. */
  unit: string | null;
  /** The LOINC code the real resolver must give this name, or null where no code is confident (pinned by a test). */
  loinc: string | null;
}

/** The fixed vocabulary of the wearable mappings (design §4.1 table). */
export const WEARABLE_INDICATORS = {
  dailySteps: { name: 'Daily steps', unit: '{steps}', loinc: '41950-7' },
  activeEnergy: { name: 'Active energy burned', unit: 'kcal', loinc: '41981-2' },
  sleepDuration: { name: 'Sleep duration', unit: 'h', loinc: '93832-4' },
  heartRate: { name: 'Heart rate', unit: '/min', loinc: '8867-4' },
  restingHeartRate: { name: 'Resting heart rate', unit: '/min', loinc: '40443-4' },
  // No RMSSD code in the corpus; 80404-7 is SDNN and must not be used.
  hrvRmssd: { name: 'Heart rate variability RMSSD', unit: 'ms', loinc: null },
  hrvSdnn: { name: 'Heart rate variability SDNN', unit: 'ms', loinc: '80404-7' },
  oxygenSaturation: { name: 'Oxygen saturation', unit: '%', loinc: '59408-5' },
  respiratoryRate: { name: 'Respiratory rate', unit: '/min', loinc: '9279-1' },
  bodyWeight: { name: 'Body weight', unit: 'kg', loinc: '29463-7' },
  bodyFatPercentage: { name: 'Body fat percentage', unit: '%', loinc: '41982-0' },
  leanBodyMass: { name: 'Lean body mass', unit: 'kg', loinc: '91557-9' },
  fatMass: { name: 'Fat mass', unit: 'kg', loinc: null },
  bodyMassIndex: { name: 'Body mass index', unit: 'kg/m2', loinc: '39156-5' },
  systolic: { name: 'Systolic blood pressure', unit: 'mm[Hg]', loinc: '8480-6' },
  diastolic: { name: 'Diastolic blood pressure', unit: 'mm[Hg]', loinc: '8462-4' },
  bodyTemperature: { name: 'Body temperature', unit: 'Cel', loinc: '8310-5' },
  exerciseActivity: { name: 'Exercise activity', unit: null, loinc: '73985-4' },
  workoutDistance: { name: 'Workout distance', unit: 'm', loinc: null },
  // Skin temperature is not body temperature (8310-5): both stay uncoded.
  skinTemperature: { name: 'Skin temperature', unit: 'Cel', loinc: null },
  skinTemperatureDeviation: { name: 'Skin temperature deviation', unit: 'Cel', loinc: null },
} as const satisfies Record<string, WearableIndicator>;

export type WearableIndicatorId = keyof typeof WEARABLE_INDICATORS;

export class ProviderPayloadError extends Error {
  constructor(
    readonly provider: ProviderSlug,
    readonly resource: string,
    detail: string,
  ) {
    // Names the field, never its value: provider bodies carry health data.
    super(`${provider} ${resource}: ${detail}`);
    this.name = 'ProviderPayloadError';
  }
}

/**
 * `<slug>|<resource>|<object id or day>|<metric>` (design §4.1). A part holding `|` would make two different
 * readings share a key, so it is refused.
 */
export function naturalKey(provider: ProviderSlug, resource: string, id: string, metric: string): string {
  for (const part of [resource, id, metric]) {
    if (part.length === 0 || part.includes('|'))
      throw new ProviderPayloadError(provider, resource, 'a natural-key part is empty or holds "|"');
  }
  return `${provider}|${resource}|${id}|${metric}`;
}

/** A UTC offset as providers give it: seconds east of UTC (Garmin), `+05:00` / `-0700` / `Z` text, or none (UTC). */
export type UtcOffset = number | string | null | undefined;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `+HH:MM` for an offset, or null when it is not one a clock can have (whole minutes, at most 14 h). */
export function offsetText(offset: UtcOffset): string | null {
  if (offset === null || offset === undefined) return '+00:00';
  if (typeof offset === 'number') {
    if (!Number.isInteger(offset) || offset % 60 !== 0 || Math.abs(offset) > 14 * 3600) return null;
    const minutes = Math.abs(offset) / 60;
    const sign = offset < 0 ? '-' : '+';
    return `${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  const text = offset.trim();
  if (text.toUpperCase() === 'Z') return '+00:00';
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!m || Number(m[2]) > 14 || Number(m[3]) > 59) return null;
  return `${m[1]}${m[2]}:${m[3]}`;
}

/**
 * A day total as an episode from the local midnight of `day` to the next (spec `POST /v1/data` aggregation
 * guidance), in UTC. The offset is the provider's for that day; 24 h long, since one offset is all a day carries.
 */
export function dayEpisode(day: string, offset: UtcOffset): { time: string; endTime: string } {
  const zone = offsetText(offset);
  const time = DAY.test(day) && zone ? parseTimestamp(`${day}T00:00:00${zone}`) : null;
  if (!time) throw new RangeError(`not a day with a valid UTC offset: ${JSON.stringify(day)} ${String(offset)}`);
  return { time, endTime: new Date(Date.parse(time) + 86_400_000).toISOString() };
}

/** The offset written at the end of an ISO 8601 date-time (`…+01:00` → `+01:00`, `…Z` → `Z`), or null. */
export function offsetOf(timestamp: string): string | null {
  const m = /(Z|[+-]\d{2}:?\d{2})$/i.exec(timestamp.trim());
  return m ? (m[1] as string) : null;
}

/** An instant a provider wrote, as ISO 8601 UTC; throws the provider's payload error when it is not one. */
export function instant(provider: ProviderSlug, resource: string, field: string, text: string): string {
  const parsed = parseTimestamp(text);
  if (!parsed) throw new ProviderPayloadError(provider, resource, `${field} is not an ISO 8601 time`);
  return parsed;
}

/**
 * A provider's local date-time (`2026-11-18T23:10:30.000`, Fitbit's form) at the user's offset, as ISO 8601 UTC; a
 * text that carries its own offset keeps it.
 */
export function localInstant(
  provider: ProviderSlug,
  resource: string,
  field: string,
  text: string,
  offset: UtcOffset,
): string {
  const zone = offsetOf(text) ? '' : offsetText(offset);
  if (zone === null) throw new RangeError(`not a valid UTC offset: ${String(offset)}`);
  return instant(provider, resource, field, `${text}${zone}`);
}

/** Unix seconds → ISO 8601 UTC. */
export function fromUnixSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

/** Rounds to `digits` decimals, so stored values do not carry binary-float tails (7.516666… h → 7.52). */
export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * An activity name as a reader expects it: providers write `strength_training`, `STREET_RUNNING` or `Running`; all
 * become sentence case with spaces (`Strength training`, `Street running`, `Running`).
 */
export function activityLabel(text: string): string {
  const words = text
    .trim()
    .replace(/[_\s]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One reading of the vocabulary, as a keyed reading with the provider slug as its comment. */
export function keyed(
  provider: ProviderSlug,
  key: string,
  indicator: WearableIndicatorId,
  value: number | string,
  time: string,
  endTime: string | null,
): KeyedReading {
  const { name, unit } = WEARABLE_INDICATORS[indicator];
  const input: ReadingInput = unit === null ? { indicator: name, value } : { indicator: name, value, unit };
  return { key, reading: { input, time, endTime, comment: provider } };
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * WHOOP API v2 records → keyed readings (design §4.3). Shapes: §3.2 (WHOOP's OpenAPI: Sleep, Recovery, Workout,
 * body measurement). Only `SCORED` records carry numbers; `PENDING_SCORE` and `UNSCORABLE` write nothing yet (the
 * `*.updated` event after scoring fetches them again).
 */
import { type JsonObject, payloadReader } from '../payload';
import { activityLabel, instant, type KeyedReading, keyed, naturalKey, round } from '../readings';

export type WhoopObjectResource = 'sleep' | 'recovery' | 'workout';

/** Every metric an object can write: a `*.deleted` event removes exactly these keys. */
export const WHOOP_METRICS: Readonly<Record<WhoopObjectResource, readonly string[]>> = {
  sleep: ['duration', 'respiratory_rate'],
  recovery: ['rhr', 'hrv_rmssd', 'spo2', 'skin_temp'],
  workout: ['activity', 'heart_rate', 'energy', 'distance'],
};

/** The keys an object may have written; for `recovery` the id is the cycle id. */
export function whoopObjectKeys(resource: WhoopObjectResource, id: string): string[] {
  return WHOOP_METRICS[resource].map((metric) => naturalKey('whoop', resource, id, metric));
}

const KILOJOULES_PER_KCAL = 4.184;
const MS_PER_HOUR = 3_600_000;

function scored(doc: JsonObject, resource: string): JsonObject | null {
  const read = payloadReader('whoop', resource);
  if (read.optionalString(doc, 'score_state') !== 'SCORED' || doc.score === null || doc.score === undefined)
    return null;
  return read.object(doc.score, 'score');
}

/** A page `{records, next_token}` of `/v2/activity/sleep`. */
export function mapWhoopSleeps(body: unknown): KeyedReading[] {
  const read = payloadReader('whoop', 'sleep');
  return read.list(read.object(body, 'answer'), 'records').flatMap(mapWhoopSleep);
}

/** A night's sleep (not a nap): asleep time = light + slow-wave + REM, and the respiratory rate, over the sleep. */
export function mapWhoopSleep(record: unknown): KeyedReading[] {
  const read = payloadReader('whoop', 'sleep');
  const doc = read.object(record, 'record');
  if (doc.nap === true) return [];
  const score = scored(doc, 'sleep');
  if (!score) return [];
  const id = read.id(doc, 'id');
  const time = instant('whoop', 'sleep', 'start', read.string(doc, 'start'));
  const endTime = instant('whoop', 'sleep', 'end', read.string(doc, 'end'));
  const key = (metric: string) => naturalKey('whoop', 'sleep', id, metric);
  const out: KeyedReading[] = [];
  const stages = score.stage_summary;
  if (stages !== null && stages !== undefined) {
    const s = read.object(stages, 'score.stage_summary');
    const asleep = [
      'total_light_sleep_time_milli',
      'total_slow_wave_sleep_time_milli',
      'total_rem_sleep_time_milli',
    ].map((field) => read.optionalNumber(s, field));
    if (asleep.every((ms) => ms !== null)) {
      const ms = (asleep as number[]).reduce((a, b) => a + b, 0);
      out.push(keyed('whoop', key('duration'), 'sleepDuration', round(ms / MS_PER_HOUR, 2), time, endTime));
    }
  }
  const respiratory = read.optionalNumber(score, 'respiratory_rate');
  if (respiratory !== null)
    out.push(keyed('whoop', key('respiratory_rate'), 'respiratoryRate', respiratory, time, endTime));
  return out;
}

/**
 * A page `{records, next_token}` of `/v2/recovery`. A recovery is a morning value: it is written at the end of the
 * sleep it belongs to (`sleepEnds`: sleep id → its `end`, fetched with it), or at the recovery's `created_at` when
 * that sleep is not at hand.
 */
export function mapWhoopRecoveries(body: unknown, sleepEnds: ReadonlyMap<string, string>): KeyedReading[] {
  const read = payloadReader('whoop', 'recovery');
  return read.list(read.object(body, 'answer'), 'records').flatMap((record) => {
    const sleepId = payloadReader('whoop', 'recovery').object(record, 'record').sleep_id;
    return mapWhoopRecovery(record, typeof sleepId === 'string' ? (sleepEnds.get(sleepId) ?? null) : null);
  });
}

/** One recovery (`GET /v2/cycle/{id}/recovery`): resting heart rate, RMSSD, SpO2 and skin temperature, as points. */
export function mapWhoopRecovery(record: unknown, sleepEnd: string | null): KeyedReading[] {
  const read = payloadReader('whoop', 'recovery');
  const doc = read.object(record, 'record');
  const score = scored(doc, 'recovery');
  if (!score) return [];
  const cycleId = read.id(doc, 'cycle_id');
  const at = sleepEnd ?? read.string(doc, 'created_at');
  const time = instant('whoop', 'recovery', sleepEnd ? 'sleep end' : 'created_at', at);
  const key = (metric: string) => naturalKey('whoop', 'recovery', cycleId, metric);
  const out: KeyedReading[] = [];
  const metrics = [
    ['resting_heart_rate', 'rhr', 'restingHeartRate'],
    ['hrv_rmssd_milli', 'hrv_rmssd', 'hrvRmssd'],
    ['spo2_percentage', 'spo2', 'oxygenSaturation'],
    ['skin_temp_celsius', 'skin_temp', 'skinTemperature'],
  ] as const;
  for (const [field, metric, indicator] of metrics) {
    const value = read.optionalNumber(score, field);
    if (value !== null) out.push(keyed('whoop', key(metric), indicator, value, time, null));
  }
  return out;
}

/** A page `{records, next_token}` of `/v2/activity/workout`. */
export function mapWhoopWorkouts(body: unknown): KeyedReading[] {
  const read = payloadReader('whoop', 'workout');
  return read.list(read.object(body, 'answer'), 'records').flatMap(mapWhoopWorkout);
}

/** A workout: its sport, mean heart rate, energy (kJ → kcal, 1 decimal) and distance, over the workout. */
export function mapWhoopWorkout(record: unknown): KeyedReading[] {
  const read = payloadReader('whoop', 'workout');
  const doc = read.object(record, 'record');
  const score = scored(doc, 'workout');
  if (!score) return [];
  const id = read.id(doc, 'id');
  const time = instant('whoop', 'workout', 'start', read.string(doc, 'start'));
  const endTime = instant('whoop', 'workout', 'end', read.string(doc, 'end'));
  const key = (metric: string) => naturalKey('whoop', 'workout', id, metric);
  const out: KeyedReading[] = [];
  const sport = read.optionalString(doc, 'sport_name');
  if (sport) out.push(keyed('whoop', key('activity'), 'exerciseActivity', activityLabel(sport), time, endTime));
  const heartRate = read.optionalNumber(score, 'average_heart_rate');
  if (heartRate !== null) out.push(keyed('whoop', key('heart_rate'), 'heartRate', heartRate, time, endTime));
  const kilojoule = read.optionalNumber(score, 'kilojoule');
  if (kilojoule !== null)
    out.push(keyed('whoop', key('energy'), 'activeEnergy', round(kilojoule / KILOJOULES_PER_KCAL, 1), time, endTime));
  const distance = read.optionalNumber(score, 'distance_meter');
  if (distance !== null) out.push(keyed('whoop', key('distance'), 'workoutDistance', distance, time, endTime));
  return out;
}

/**
 * `/v2/user/measurement/body` has no time of measurement: the weight is written at fetch time, one per UTC day, so a
 * day's later fetch corrects it in place and a new day adds a point.
 */
export function mapWhoopBody(body: unknown, nowMs: number): KeyedReading[] {
  const read = payloadReader('whoop', 'body');
  const doc = read.object(body, 'answer');
  const weight = read.optionalNumber(doc, 'weight_kilogram');
  if (weight === null) return [];
  const now = new Date(nowMs).toISOString();
  const key = naturalKey('whoop', 'body', now.slice(0, 10), 'weight');
  return [keyed('whoop', key, 'bodyWeight', weight, now, null)];
}

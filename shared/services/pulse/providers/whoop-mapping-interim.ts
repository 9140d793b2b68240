/**
 * Stand-in for the WHOOP half of `shared/domain/pulse/mapping/whoop.ts` (design §4.3) until the pulse domain's WHOOP
 * mapping lands: WHOOP API v2 records → keyed readings, built on the domain's vocabulary and helpers. Replaced by
 * imports of the domain mapping at the merge.
 */
import { type JsonObject, payloadReader } from '../../../domain/pulse/payload';
import { activityLabel, instant, type KeyedReading, keyed, naturalKey, round } from '../../../domain/pulse/readings';

const KJ_PER_KCAL = 4.184;
const MS_PER_HOUR = 3_600_000;

/** A scored sleep that is not a nap: Sleep duration (light + slow-wave + REM) and Respiratory rate over its span. */
export function mapWhoopSleep(record: unknown): KeyedReading[] {
  const read = payloadReader('whoop', 'sleep');
  const doc = read.object(record, 'sleep');
  if (doc.nap === true || read.optionalString(doc, 'score_state') !== 'SCORED') return [];
  const id = read.id(doc, 'id');
  const time = instant('whoop', 'sleep', 'start', read.string(doc, 'start'));
  const endTime = instant('whoop', 'sleep', 'end', read.string(doc, 'end'));
  const score = read.object(doc.score, 'score');
  const stages = read.object(score.stage_summary, 'score.stage_summary');
  const key = (metric: string) => naturalKey('whoop', 'sleep', id, metric);
  const asleepMs =
    read.number(stages, 'total_light_sleep_time_milli') +
    read.number(stages, 'total_slow_wave_sleep_time_milli') +
    read.number(stages, 'total_rem_sleep_time_milli');
  const out = [keyed('whoop', key('duration'), 'sleepDuration', round(asleepMs / MS_PER_HOUR, 2), time, endTime)];
  const respiratory = read.optionalNumber(score, 'respiratory_rate');
  if (respiratory !== null)
    out.push(keyed('whoop', key('respiratory_rate'), 'respiratoryRate', round(respiratory, 1), time, endTime));
  return out;
}

/**
 * A scored recovery, as points at the end of the sleep it was computed from (`sleepEnd`, the sleep fetched with it):
 * Resting heart rate, HRV RMSSD, and, from WHOOP 4.0 on, SpO2 and skin temperature. Keyed by the cycle id, which is
 * what `recovery.*` webhooks name.
 */
export function mapWhoopRecovery(record: unknown, sleepEnd: string): KeyedReading[] {
  const read = payloadReader('whoop', 'recovery');
  const doc = read.object(record, 'recovery');
  if (read.optionalString(doc, 'score_state') !== 'SCORED') return [];
  const cycleId = read.id(doc, 'cycle_id');
  const time = instant('whoop', 'recovery', 'sleep end', sleepEnd);
  const score = read.object(doc.score, 'score');
  const key = (metric: string) => naturalKey('whoop', 'recovery', cycleId, metric);
  const out: KeyedReading[] = [];
  const add = (metric: string, field: string, indicator: Parameters<typeof keyed>[2], digits: number) => {
    const value = read.optionalNumber(score, field);
    if (value !== null) out.push(keyed('whoop', key(metric), indicator, round(value, digits), time, null));
  };
  add('rhr', 'resting_heart_rate', 'restingHeartRate', 1);
  add('hrv_rmssd', 'hrv_rmssd_milli', 'hrvRmssd', 1);
  add('spo2', 'spo2_percentage', 'oxygenSaturation', 1);
  add('skin_temp', 'skin_temp_celsius', 'skinTemperature', 2);
  return out;
}

/** A scored workout: its sport, average heart rate, energy (kJ → kcal) and distance over its span. */
export function mapWhoopWorkout(record: unknown): KeyedReading[] {
  const read = payloadReader('whoop', 'workout');
  const doc = read.object(record, 'workout');
  if (read.optionalString(doc, 'score_state') !== 'SCORED') return [];
  const id = read.id(doc, 'id');
  const time = instant('whoop', 'workout', 'start', read.string(doc, 'start'));
  const endTime = instant('whoop', 'workout', 'end', read.string(doc, 'end'));
  const score: JsonObject = read.object(doc.score, 'score');
  const key = (metric: string) => naturalKey('whoop', 'workout', id, metric);
  const out = [
    keyed('whoop', key('activity'), 'exerciseActivity', activityLabel(read.string(doc, 'sport_name')), time, endTime),
  ];
  const heartRate = read.optionalNumber(score, 'average_heart_rate');
  if (heartRate !== null) out.push(keyed('whoop', key('heart_rate'), 'heartRate', heartRate, time, endTime));
  const kilojoule = read.optionalNumber(score, 'kilojoule');
  if (kilojoule !== null)
    out.push(keyed('whoop', key('energy'), 'activeEnergy', round(kilojoule / KJ_PER_KCAL, 1), time, endTime));
  const distance = read.optionalNumber(score, 'distance_meter');
  if (distance !== null)
    out.push(keyed('whoop', key('distance'), 'workoutDistance', round(distance, 1), time, endTime));
  return out;
}

/**
 * The body measurement has no time of its own: it is read as of the fetch, one weight per UTC day (a later fetch the
 * same day rewrites that day's reading).
 */
export function mapWhoopBody(body: unknown, fetchedAtMs: number): KeyedReading[] {
  const read = payloadReader('whoop', 'body');
  const weight = read.optionalNumber(read.object(body, 'body'), 'weight_kilogram');
  if (weight === null) return [];
  const time = new Date(fetchedAtMs).toISOString();
  const key = naturalKey('whoop', 'body', time.slice(0, 10), 'weight');
  return [keyed('whoop', key, 'bodyWeight', round(weight, 2), time, null)];
}

/**
 * Fitbit Web API answers → keyed readings (design §4.5), a stand-in until `shared/domain/pulse/mapping/fitbit.ts`
 * lands and replaces it at the merge. Fitbit writes its times in the user's local time without an offset; they are
 * read as UTC here (design §4.1: "UTC when none").
 */
import type { FitbitResource } from '../../../domain/pulse/fetch-steps';
import { type JsonObject, payloadReader } from '../../../domain/pulse/payload';
import {
  activityLabel,
  dayEpisode,
  instant,
  type KeyedReading,
  keyed,
  naturalKey,
  round,
} from '../../../domain/pulse/readings';

const key = (resource: string, id: string, metric: string) => naturalKey('fitbit', resource, id, metric);

/**
 * One answer of `resource`. `date` is the day an activities summary was asked for (its answer does not repeat it);
 * `until` (`yyyy-MM-dd`, inclusive) bounds the activity list, which Fitbit pages from a start date onwards only.
 */
export function mapFitbitAnswer(
  resource: FitbitResource,
  body: unknown,
  opts: { date?: string; until?: string } = {},
): KeyedReading[] {
  const read = payloadReader('fitbit', resource);
  if (resource === 'spo2') return spo2Days(body).flatMap(spo2Day);
  const answer = read.object(body, 'answer');
  switch (resource) {
    case 'activities_summary': {
      if (!opts.date) return read.fail('the summary date is missing');
      const summary = read.object(answer.summary ?? {}, 'summary');
      return daySummary(opts.date, summary);
    }
    case 'heart':
      return read.list(answer, 'activities-heart').flatMap((item) => {
        const day = read.object(item, 'activities-heart item');
        const value = read.object(day.value ?? {}, 'value');
        const resting = read.optionalNumber(value, 'restingHeartRate');
        if (resting === null) return [];
        const date = read.string(day, 'dateTime');
        const { time, endTime } = dayEpisode(date, null);
        return [keyed('fitbit', key('activities', date, 'resting_hr'), 'restingHeartRate', resting, time, endTime)];
      });
    case 'sleep':
      return read.list(answer, 'sleep').flatMap((item) => sleepLog(read.object(item, 'sleep item')));
    case 'hrv':
      return read.list(answer, 'hrv').flatMap((item) => {
        const day = read.object(item, 'hrv item');
        const rmssd = read.optionalNumber(read.object(day.value ?? {}, 'value'), 'dailyRmssd');
        if (rmssd === null) return [];
        const date = read.string(day, 'dateTime');
        const { time, endTime } = dayEpisode(date, null);
        return [keyed('fitbit', key('hrv', date, 'daily'), 'hrvRmssd', round(rmssd, 1), time, endTime)];
      });
    case 'weight':
      return read.list(answer, 'weight').flatMap((item) => weightLog(read.object(item, 'weight item')));
    case 'activity_list':
      return read
        .list(answer, 'activities')
        .map((item) => read.object(item, 'activity item'))
        .filter((a) => !opts.until || read.string(a, 'startTime').slice(0, 10) <= opts.until)
        .flatMap(activityLog);
  }
}

/** The SpO2 interval summary is a bare array of days; a single day answers one object. */
function spo2Days(body: unknown): JsonObject[] {
  const read = payloadReader('fitbit', 'spo2');
  const items = Array.isArray(body) ? body : [body];
  return items.map((item) => read.object(item, 'spo2 day'));
}

function spo2Day(day: JsonObject): KeyedReading[] {
  const read = payloadReader('fitbit', 'spo2');
  const avg = read.optionalNumber(read.object(day.value ?? {}, 'value'), 'avg');
  if (avg === null) return [];
  const date = read.string(day, 'dateTime');
  const { time, endTime } = dayEpisode(date, null);
  return [keyed('fitbit', key('spo2', date, 'avg'), 'oxygenSaturation', round(avg, 1), time, endTime)];
}

function daySummary(date: string, summary: JsonObject): KeyedReading[] {
  const read = payloadReader('fitbit', 'activities_summary');
  const { time, endTime } = dayEpisode(date, null);
  const out: KeyedReading[] = [];
  const steps = read.optionalNumber(summary, 'steps');
  const calories = read.optionalNumber(summary, 'activityCalories');
  // A day nothing was worn answers zeros; they are not a measurement.
  if (!steps && !calories) return out;
  if (steps !== null) out.push(keyed('fitbit', key('activities', date, 'steps'), 'dailySteps', steps, time, endTime));
  if (calories !== null)
    out.push(keyed('fitbit', key('activities', date, 'active_energy'), 'activeEnergy', calories, time, endTime));
  const resting = read.optionalNumber(summary, 'restingHeartRate');
  if (resting !== null)
    out.push(keyed('fitbit', key('activities', date, 'resting_hr'), 'restingHeartRate', resting, time, endTime));
  return out;
}

function sleepLog(log: JsonObject): KeyedReading[] {
  const read = payloadReader('fitbit', 'sleep');
  const id = read.id(log, 'logId');
  const start = instant('fitbit', 'sleep', 'startTime', read.string(log, 'startTime'));
  const end = instant('fitbit', 'sleep', 'endTime', read.string(log, 'endTime'));
  const minutes = read.optionalNumber(log, 'minutesAsleep');
  const hours = minutes !== null ? minutes / 60 : read.number(log, 'duration') / 3_600_000;
  return [keyed('fitbit', key('sleep', id, 'duration'), 'sleepDuration', round(hours, 2), start, end)];
}

function weightLog(log: JsonObject): KeyedReading[] {
  const read = payloadReader('fitbit', 'weight');
  const id = read.id(log, 'logId');
  const date = read.string(log, 'date');
  const at = instant('fitbit', 'weight', 'date', `${date}T${read.optionalString(log, 'time') ?? '00:00:00'}`);
  const out = [keyed('fitbit', key('weight', id, 'weight'), 'bodyWeight', read.number(log, 'weight'), at, null)];
  const bmi = read.optionalNumber(log, 'bmi');
  if (bmi !== null) out.push(keyed('fitbit', key('weight', id, 'bmi'), 'bodyMassIndex', round(bmi, 2), at, null));
  const fat = read.optionalNumber(log, 'fat');
  if (fat !== null) out.push(keyed('fitbit', key('weight', id, 'fat'), 'bodyFatPercentage', round(fat, 2), at, null));
  return out;
}

function activityLog(log: JsonObject): KeyedReading[] {
  const read = payloadReader('fitbit', 'activity_list');
  const id = read.id(log, 'logId');
  const start = instant('fitbit', 'activity_list', 'startTime', read.string(log, 'startTime'));
  const end = new Date(Date.parse(start) + read.number(log, 'duration')).toISOString();
  const out = [
    keyed(
      'fitbit',
      key('activity', id, 'activity'),
      'exerciseActivity',
      activityLabel(read.string(log, 'activityName')),
      start,
      end,
    ),
  ];
  const calories = read.optionalNumber(log, 'calories');
  if (calories !== null) out.push(keyed('fitbit', key('activity', id, 'energy'), 'activeEnergy', calories, start, end));
  const distance = read.optionalNumber(log, 'distance');
  if (distance !== null) {
    // Metric answers give kilometres (`distanceUnit: "Kilometer"`); anything else is not guessed at.
    const unit = read.optionalString(log, 'distanceUnit');
    if (unit !== null && unit !== 'Kilometer') read.fail('distanceUnit is not Kilometer');
    out.push(
      keyed('fitbit', key('activity', id, 'distance'), 'workoutDistance', round(distance * 1000, 1), start, end),
    );
  }
  return out;
}

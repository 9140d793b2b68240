/**
 * Fitbit Web API answers → keyed readings (design §4.5). Shapes: §3.4. Fitbit writes local date-times without an
 * offset, so every mapper takes the user's clock: the profile's IANA `timezone`, whose offset is taken at each local
 * date-time (a window crossing a DST change is right on both sides), else the profile's `offsetFromUTCMillis` / 1000,
 * else UTC.
 * Units are the metric ones Fitbit answers without `Accept-Language` (**unverified**, design §18).
 */
import { type JsonObject, payloadReader } from '../payload';
import { activityLabel, type KeyedReading, keyed, localInstant, naturalKey, offsetText, round } from '../readings';
import { clockOffsetAt, type LocalClock, localDay, zoneOffsetAt } from '../zones';

/**
 * `GET /1/user/-/profile.json` → the user's offset in seconds east of UTC: `user.offsetFromUTCMillis` / 1000, else
 * the offset of `user.timezone` (IANA) at `nowMs`, else null (UTC, design §4.1). Never throws: a missing or odd
 * profile must not fail a link or a refresh, only leave the times at UTC.
 * Shape: <https://dev.fitbit.com/build/reference/web-api/user/get-profile/>.
 */
export function fitbitProfileOffset(body: unknown, nowMs: number): number | null {
  const user = isObject(body) && isObject(body.user) ? body.user : null;
  if (!user) return null;
  const millis = user.offsetFromUTCMillis;
  if (typeof millis === 'number' && Number.isInteger(millis / 1000)) {
    // Whole minutes within ±14 h, as a clock can be set; anything else is not an offset to trust.
    if (offsetText(millis / 1000) !== null) return millis / 1000;
  }
  if (typeof user.timezone !== 'string' || user.timezone === '') return null;
  return zoneOffsetAt(user.timezone, nowMs);
}

/**
 * The profile's `user.timezone` when Intl knows it as an IANA zone, else null (the fixed offset, then UTC, serve).
 * Never throws, as `fitbitProfileOffset`.
 */
export function fitbitProfileZone(body: unknown): string | null {
  const user = isObject(body) && isObject(body.user) ? body.user : null;
  const zone = user?.timezone;
  return typeof zone === 'string' && zone !== '' && zoneOffsetAt(zone, 0) !== null ? zone : null;
}

/** A Fitbit local date-time at the user's offset in force at that local time, as ISO 8601 UTC. */
function local(resource: string, field: string, text: string, clock: LocalClock): string {
  return localInstant('fitbit', resource, field, text, clockOffsetAt(clock, text));
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const DISTANCE_UNIT_METRES: Readonly<Record<string, number>> = { Kilometer: 1000, Mile: 1609.344, Meter: 1 };

/** `GET /1/user/-/activities/date/{date}.json`: the day's steps, active calories and resting heart rate. */
export function mapFitbitActivitySummary(date: string, body: unknown, clock: LocalClock): KeyedReading[] {
  const read = payloadReader('fitbit', 'activities');
  const summary = read.object(read.object(body, 'answer').summary, 'summary');
  const { time, endTime } = localDay(date, clock);
  const key = (metric: string) => naturalKey('fitbit', 'activities', date, metric);
  const out: KeyedReading[] = [];
  const steps = read.optionalNumber(summary, 'steps');
  if (steps !== null) out.push(keyed('fitbit', key('steps'), 'dailySteps', steps, time, endTime));
  const calories = read.optionalNumber(summary, 'activityCalories');
  if (calories !== null) out.push(keyed('fitbit', key('active_energy'), 'activeEnergy', calories, time, endTime));
  const resting = read.optionalNumber(summary, 'restingHeartRate');
  if (resting !== null) out.push(keyed('fitbit', key('rhr'), 'restingHeartRate', resting, time, endTime));
  return out;
}

/**
 * `GET /1/user/-/activities/heart/date/{start}/{end}.json`: the resting heart rate per day, under the same key as the
 * day's summary (the range answer fills a backfill, the summary a day: one row either way).
 */
export function mapFitbitHeart(body: unknown, clock: LocalClock): KeyedReading[] {
  const read = payloadReader('fitbit', 'heart');
  return read.list(read.object(body, 'answer'), 'activities-heart').flatMap((element) => {
    const day = read.object(element, 'activities-heart');
    const date = read.string(day, 'dateTime');
    const resting = read.optionalNumber(read.object(day.value ?? {}, 'value'), 'restingHeartRate');
    if (resting === null) return [];
    const { time, endTime } = localDay(date, clock);
    return [
      keyed('fitbit', naturalKey('fitbit', 'activities', date, 'rhr'), 'restingHeartRate', resting, time, endTime),
    ];
  });
}

/** `GET /1.2/user/-/sleep/date/{start}/{end}.json`: each sleep log's asleep time (hours, 2 decimals) over the log. */
export function mapFitbitSleep(body: unknown, clock: LocalClock): KeyedReading[] {
  const read = payloadReader('fitbit', 'sleep');
  return read.list(read.object(body, 'answer'), 'sleep').flatMap((element) => {
    const log = read.object(element, 'sleep log');
    const logId = read.id(log, 'logId');
    const time = local('sleep', 'startTime', read.string(log, 'startTime'), clock);
    const endTime = local('sleep', 'endTime', read.string(log, 'endTime'), clock);
    const minutes = read.optionalNumber(log, 'minutesAsleep');
    const durationMs = read.optionalNumber(log, 'duration');
    const hours = minutes !== null ? minutes / 60 : durationMs !== null ? durationMs / 3_600_000 : null;
    if (hours === null) return [];
    return [
      keyed(
        'fitbit',
        naturalKey('fitbit', 'sleep', logId, 'duration'),
        'sleepDuration',
        round(hours, 2),
        time,
        endTime,
      ),
    ];
  });
}

/** `GET /1/user/-/hrv/date/{start}/{end}.json`: the night's RMSSD (`dailyRmssd`, ms) for the date it ended. */
export function mapFitbitHrv(body: unknown, clock: LocalClock): KeyedReading[] {
  const read = payloadReader('fitbit', 'hrv');
  return read.list(read.object(body, 'answer'), 'hrv').flatMap((element) => {
    const day = read.object(element, 'hrv');
    const date = read.string(day, 'dateTime');
    const rmssd = read.optionalNumber(read.object(day.value ?? {}, 'value'), 'dailyRmssd');
    if (rmssd === null) return [];
    const { time, endTime } = localDay(date, clock);
    return [keyed('fitbit', naturalKey('fitbit', 'hrv', date, 'daily'), 'hrvRmssd', rmssd, time, endTime)];
  });
}

/**
 * SpO2 per date: the daily summary's `value.avg`, or the mean (2 decimals) of the intraday `minutes[].value` of
 * `…/spo2/date/{start}/{end}/all.json`. Fitbit answers one day as an object and a range as an array.
 */
export function mapFitbitSpo2(body: unknown, clock: LocalClock): KeyedReading[] {
  const read = payloadReader('fitbit', 'spo2');
  const days = Array.isArray(body) ? body : [body];
  return days.flatMap((element) => {
    const day = read.object(element, 'spo2');
    const date = read.string(day, 'dateTime');
    const average = spo2Average(day);
    if (average === null) return [];
    const { time, endTime } = localDay(date, clock);
    return [keyed('fitbit', naturalKey('fitbit', 'spo2', date, 'avg'), 'oxygenSaturation', average, time, endTime)];
  });
}

function spo2Average(day: JsonObject): number | null {
  const read = payloadReader('fitbit', 'spo2');
  if (day.value !== undefined && day.value !== null) return read.optionalNumber(read.object(day.value, 'value'), 'avg');
  const values = read.list(day, 'minutes').map((m) => read.number(read.object(m, 'minute'), 'value'));
  return values.length === 0 ? null : round(values.reduce((a, b) => a + b, 0) / values.length, 2);
}

/** `GET /1/user/-/body/log/weight/date/{start}/{end}.json`: weight, BMI and body fat of each log, as points. */
export function mapFitbitWeight(body: unknown, clock: LocalClock): KeyedReading[] {
  const read = payloadReader('fitbit', 'weight');
  return read.list(read.object(body, 'answer'), 'weight').flatMap((element) => {
    const log = read.object(element, 'weight log');
    const logId = read.id(log, 'logId');
    const time = local(
      'weight',
      'date/time',
      `${read.string(log, 'date')}T${read.optionalString(log, 'time') ?? '00:00:00'}`,
      clock,
    );
    const key = (metric: string) => naturalKey('fitbit', 'weight', logId, metric);
    const out: KeyedReading[] = [];
    const weight = read.optionalNumber(log, 'weight');
    if (weight !== null) out.push(keyed('fitbit', key('weight'), 'bodyWeight', weight, time, null));
    const bmi = read.optionalNumber(log, 'bmi');
    if (bmi !== null) out.push(keyed('fitbit', key('bmi'), 'bodyMassIndex', bmi, time, null));
    const fat = read.optionalNumber(log, 'fat');
    if (fat !== null) out.push(keyed('fitbit', key('fat'), 'bodyFatPercentage', fat, time, null));
    return out;
  });
}

/**
 * `GET /1/user/-/activities/list.json`: each logged activity's name, calories and distance over `startTime` +
 * `duration`. Distance is converted to metres by the entry's `distanceUnit` (kilometres when absent).
 */
export function mapFitbitActivityList(body: unknown, clock: LocalClock): KeyedReading[] {
  const read = payloadReader('fitbit', 'activity');
  return read.list(read.object(body, 'answer'), 'activities').flatMap((element) => {
    const entry = read.object(element, 'activity');
    const logId = read.id(entry, 'logId');
    const time = local('activity', 'startTime', read.string(entry, 'startTime'), clock);
    const endTime = new Date(Date.parse(time) + read.number(entry, 'duration')).toISOString();
    const key = (metric: string) => naturalKey('fitbit', 'activity', logId, metric);
    const out = [
      keyed(
        'fitbit',
        key('activity'),
        'exerciseActivity',
        activityLabel(read.string(entry, 'activityName')),
        time,
        endTime,
      ),
    ];
    const calories = read.optionalNumber(entry, 'calories');
    if (calories !== null) out.push(keyed('fitbit', key('energy'), 'activeEnergy', calories, time, endTime));
    const distance = read.optionalNumber(entry, 'distance');
    if (distance !== null) {
      const unit = read.optionalString(entry, 'distanceUnit') ?? 'Kilometer';
      const metres = DISTANCE_UNIT_METRES[unit];
      if (metres === undefined) read.fail('distanceUnit is not Kilometer, Mile or Meter');
      out.push(
        keyed('fitbit', key('distance'), 'workoutDistance', round(distance * (metres as number), 1), time, endTime),
      );
    }
    return out;
  });
}

/**
 * Garmin Health API summaries → keyed readings (design §4.6). Shapes: §3.5, all **unverified** (Garmin's
 * documentation is behind its developer program). A ping's `callbackURL` answers a JSON array of one summary type.
 */
import type { GarminSummary } from '../fetch-steps';
import { type JsonObject, type PayloadReader, payloadReader } from '../payload';
import { activityLabel, dayEpisode, fromUnixSeconds, type KeyedReading, keyed, naturalKey, round } from '../readings';

/** Every summary a callback answers, mapped by its type. */
export function mapGarminSummaries(summary: GarminSummary, body: unknown): KeyedReading[] {
  const read = payloadReader('garmin', summary);
  if (!Array.isArray(body)) read.fail('the answer is not an array of summaries');
  return (body as unknown[]).flatMap((element) => MAPPERS[summary](read, read.object(element, 'summary')));
}

const MAPPERS: Readonly<Record<GarminSummary, (read: PayloadReader, doc: JsonObject) => KeyedReading[]>> = {
  dailies,
  sleeps,
  hrv,
  pulseox,
  bodyComps,
  activities,
};

/** The summary's calendar day as an episode at the summary's own offset. */
function calendarDay(read: PayloadReader, doc: JsonObject): { time: string; endTime: string } {
  return dayEpisode(read.string(doc, 'calendarDate'), read.optionalNumber(doc, 'startTimeOffsetInSeconds'));
}

function dailies(read: PayloadReader, doc: JsonObject): KeyedReading[] {
  const id = read.id(doc, 'summaryId');
  const { time, endTime } = calendarDay(read, doc);
  const key = (metric: string) => naturalKey('garmin', 'dailies', id, metric);
  const out: KeyedReading[] = [];
  const steps = read.optionalNumber(doc, 'steps');
  if (steps !== null) out.push(keyed('garmin', key('steps'), 'dailySteps', steps, time, endTime));
  const active = read.optionalNumber(doc, 'activeKilocalories');
  if (active !== null) out.push(keyed('garmin', key('active_energy'), 'activeEnergy', active, time, endTime));
  const resting = read.optionalNumber(doc, 'restingHeartRateInBeatsPerMinute');
  if (resting !== null) out.push(keyed('garmin', key('rhr'), 'restingHeartRate', resting, time, endTime));
  return out;
}

/** Asleep = deep + light + REM (awake time excluded), over `startTimeInSeconds` + `durationInSeconds`. */
function sleeps(read: PayloadReader, doc: JsonObject): KeyedReading[] {
  const id = read.id(doc, 'summaryId');
  const start = read.number(doc, 'startTimeInSeconds');
  const time = fromUnixSeconds(start);
  const endTime = fromUnixSeconds(start + read.number(doc, 'durationInSeconds'));
  const stages = ['deepSleepDurationInSeconds', 'lightSleepDurationInSeconds', 'remSleepInSeconds'].map(
    (field) => read.optionalNumber(doc, field) ?? 0,
  );
  const asleep = stages.reduce((a, b) => a + b, 0);
  if (asleep === 0) return [];
  return [
    keyed(
      'garmin',
      naturalKey('garmin', 'sleeps', id, 'duration'),
      'sleepDuration',
      round(asleep / 3600, 2),
      time,
      endTime,
    ),
  ];
}

function hrv(read: PayloadReader, doc: JsonObject): KeyedReading[] {
  const value = read.optionalNumber(doc, 'lastNightAvg');
  if (value === null) return [];
  const { time, endTime } = calendarDay(read, doc);
  return [
    keyed('garmin', naturalKey('garmin', 'hrv', read.id(doc, 'summaryId'), 'night'), 'hrvRmssd', value, time, endTime),
  ];
}

/** The day's mean (2 decimals) of `timeOffsetSpo2Values` (seconds from the start → SpO2 %). */
function pulseox(read: PayloadReader, doc: JsonObject): KeyedReading[] {
  const samples = doc.timeOffsetSpo2Values;
  if (samples === undefined || samples === null) return [];
  const map = read.object(samples, 'timeOffsetSpo2Values');
  const values = Object.keys(map).map((offset) => read.number(map, offset));
  if (values.length === 0) return [];
  const mean = round(values.reduce((a, b) => a + b, 0) / values.length, 2);
  const { time, endTime } = calendarDay(read, doc);
  return [
    keyed(
      'garmin',
      naturalKey('garmin', 'pulseox', read.id(doc, 'summaryId'), 'mean'),
      'oxygenSaturation',
      mean,
      time,
      endTime,
    ),
  ];
}

function bodyComps(read: PayloadReader, doc: JsonObject): KeyedReading[] {
  const id = read.id(doc, 'summaryId');
  const time = fromUnixSeconds(read.number(doc, 'measurementTimeInSeconds'));
  const key = (metric: string) => naturalKey('garmin', 'bodyComps', id, metric);
  const out: KeyedReading[] = [];
  const grams = read.optionalNumber(doc, 'weightInGrams');
  if (grams !== null) out.push(keyed('garmin', key('weight'), 'bodyWeight', grams / 1000, time, null));
  const fat = read.optionalNumber(doc, 'bodyFatInPercent');
  if (fat !== null) out.push(keyed('garmin', key('fat'), 'bodyFatPercentage', fat, time, null));
  const bmi = read.optionalNumber(doc, 'bodyMassIndex');
  if (bmi !== null) out.push(keyed('garmin', key('bmi'), 'bodyMassIndex', bmi, time, null));
  return out;
}

function activities(read: PayloadReader, doc: JsonObject): KeyedReading[] {
  const id = read.id(doc, 'summaryId');
  const start = read.number(doc, 'startTimeInSeconds');
  const time = fromUnixSeconds(start);
  const endTime = fromUnixSeconds(start + read.number(doc, 'durationInSeconds'));
  const key = (metric: string) => naturalKey('garmin', 'activities', id, metric);
  const out = [
    keyed(
      'garmin',
      key('activity'),
      'exerciseActivity',
      activityLabel(read.string(doc, 'activityType')),
      time,
      endTime,
    ),
  ];
  const energy = read.optionalNumber(doc, 'activeKilocalories');
  if (energy !== null) out.push(keyed('garmin', key('energy'), 'activeEnergy', energy, time, endTime));
  const distance = read.optionalNumber(doc, 'distanceInMeters');
  if (distance !== null) out.push(keyed('garmin', key('distance'), 'workoutDistance', distance, time, endTime));
  const heartRate = read.optionalNumber(doc, 'averageHeartRateInBeatsPerMinute');
  if (heartRate !== null) out.push(keyed('garmin', key('heart_rate'), 'heartRate', heartRate, time, endTime));
  return out;
}

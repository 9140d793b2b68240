/**
 * Withings answers → keyed readings (design §4.4). Shapes: §3.3 (`measure getmeas`, `v2/measure getactivity` and
 * `getworkouts`, `v2/sleep getsummary`). Every answer is `{status, body}`; a `status` other than 0 is an error the
 * provider module handles before mapping, so here it is refused.
 */

import { WITHINGS_MEASURE_TYPES as MEASURE_TYPE_TABLE } from '../../withings-measure-types';
import { type JsonObject, type PayloadReader, payloadReader } from '../payload';
import {
  dayEpisode,
  fromUnixSeconds,
  type KeyedReading,
  keyed,
  naturalKey,
  round,
  type WearableIndicatorId,
} from '../readings';
import { zoneOffsetAtLocal } from '../zones';

/**
 * getmeas `meastype` → indicator: the types of Withings' table (`../../withings-measure-types.ts`) that name a wearable
 * indicator (1, 5, 6, 8, 9, 10, 11, 54, 71); the sync asks for these only.
 */
export const WITHINGS_MEASURE_TYPES: Readonly<Record<number, WearableIndicatorId>> = Object.fromEntries(
  MEASURE_TYPE_TABLE.flatMap((t) => (t.wearable ? [[t.type, t.wearable] as const] : [])),
);

/** `category` 1 is a real measurement; 2 is a user objective (a target weight), never a reading. */
const REAL_MEASUREMENT = 1;

/**
 * getworkouts `category` → activity name. From a third-party enumeration of Withings' categories (Gadgetbridge's
 * `WithingsActivityType`), not Withings' page: an unknown number is written as `Withings category <n>`.
 */
const WORKOUT_CATEGORIES: Readonly<Record<number, string>> = {
  1: 'Walking',
  2: 'Running',
  3: 'Hiking',
  4: 'Skating',
  5: 'BMX',
  6: 'Cycling',
  7: 'Swimming',
  8: 'Surfing',
  9: 'Kitesurfing',
  10: 'Windsurfing',
  11: 'Bodyboard',
  12: 'Tennis',
  13: 'Table tennis',
  14: 'Squash',
  15: 'Badminton',
  16: 'Weightlifting',
  17: 'Gymnastics',
  18: 'Elliptical',
  19: 'Pilates',
  20: 'Basketball',
  21: 'Soccer',
  22: 'Football',
  23: 'Rugby',
  24: 'Volleyball',
  25: 'Water polo',
  26: 'Horse riding',
  27: 'Golf',
  28: 'Yoga',
  29: 'Dancing',
  30: 'Boxing',
  31: 'Fencing',
  32: 'Wrestling',
  33: 'Martial arts',
  34: 'Skiing',
  35: 'Snowboarding',
  36: 'Other',
};

function answerBody(read: PayloadReader, answer: unknown): JsonObject {
  const doc = read.object(answer, 'answer');
  const status = read.optionalNumber(doc, 'status');
  if (status !== null && status !== 0) read.fail(`status ${status}`);
  return read.object(doc.body, 'body');
}

/** A Withings measure's real value is `value × 10^unit`; dividing by the power keeps the decimal exact. */
export function measureValue(value: number, unit: number): number {
  return unit < 0 ? value / 10 ** -unit : value * 10 ** unit;
}

/** `measure getmeas`: one point reading per known measure of each real-measurement group, at the group's date. */
export function mapWithingsMeasures(answer: unknown): KeyedReading[] {
  const read = payloadReader('withings', 'meas');
  const out: KeyedReading[] = [];
  for (const element of read.list(answerBody(read, answer), 'measuregrps')) {
    const group = read.object(element, 'measuregrp');
    if (read.optionalNumber(group, 'category') !== REAL_MEASUREMENT) continue;
    const grpid = read.id(group, 'grpid');
    const time = fromUnixSeconds(read.number(group, 'date'));
    for (const m of read.list(group, 'measures')) {
      const measure = read.object(m, 'measure');
      const type = read.number(measure, 'type');
      const indicator = WITHINGS_MEASURE_TYPES[type];
      if (!indicator) continue;
      const value = measureValue(read.number(measure, 'value'), read.number(measure, 'unit'));
      out.push(keyed('withings', naturalKey('withings', 'meas', grpid, String(type)), indicator, value, time, null));
    }
  }
  return out;
}

/** `v2/measure getactivity`: daily steps and active calories per date, a day episode in the day's own zone. */
export function mapWithingsActivity(answer: unknown): KeyedReading[] {
  const read = payloadReader('withings', 'activity');
  return read.list(answerBody(read, answer), 'activities').flatMap((element) => {
    const day = read.object(element, 'activity');
    const date = read.string(day, 'date');
    const zone = read.optionalString(day, 'timezone');
    const offset = zone ? zoneOffsetAtLocal(zone, date) : null;
    if (zone && offset === null) read.fail('timezone is not a known IANA zone');
    const { time, endTime } = dayEpisode(date, offset);
    const key = (metric: string) => naturalKey('withings', 'activity', date, metric);
    const out: KeyedReading[] = [];
    const steps = read.optionalNumber(day, 'steps');
    if (steps !== null) out.push(keyed('withings', key('steps'), 'dailySteps', steps, time, endTime));
    const calories = read.optionalNumber(day, 'calories');
    if (calories !== null) out.push(keyed('withings', key('active_energy'), 'activeEnergy', calories, time, endTime));
    return out;
  });
}

/** `v2/sleep getsummary`: asleep hours and mean heart rate over each night (`startdate`…`enddate`). */
export function mapWithingsSleep(answer: unknown): KeyedReading[] {
  const read = payloadReader('withings', 'sleep');
  return read.list(answerBody(read, answer), 'series').flatMap((element) => {
    const night = read.object(element, 'sleep summary');
    const start = read.number(night, 'startdate');
    const time = fromUnixSeconds(start);
    const endTime = fromUnixSeconds(read.number(night, 'enddate'));
    const data = read.object(night.data ?? {}, 'data');
    const key = (metric: string) => naturalKey('withings', 'sleep', String(start), metric);
    const out: KeyedReading[] = [];
    const asleep = read.optionalNumber(data, 'total_sleep_time');
    if (asleep !== null)
      out.push(keyed('withings', key('duration'), 'sleepDuration', round(asleep / 3600, 2), time, endTime));
    const heartRate = read.optionalNumber(data, 'hr_average');
    if (heartRate !== null) out.push(keyed('withings', key('heart_rate'), 'heartRate', heartRate, time, endTime));
    return out;
  });
}

/** `v2/measure getworkouts`: the activity (from its category) and its calories over the workout. */
export function mapWithingsWorkouts(answer: unknown): KeyedReading[] {
  const read = payloadReader('withings', 'workout');
  return read.list(answerBody(read, answer), 'series').flatMap((element) => {
    const workout = read.object(element, 'workout');
    const start = read.number(workout, 'startdate');
    const category = read.number(workout, 'category');
    const time = fromUnixSeconds(start);
    const endTime = fromUnixSeconds(read.number(workout, 'enddate'));
    // The design's `<startdate>|<category>` joined with `-`, since `|` separates the key's four parts.
    const key = (metric: string) => naturalKey('withings', 'workout', `${start}-${category}`, metric);
    const name = WORKOUT_CATEGORIES[category] ?? `Withings category ${category}`;
    const out = [keyed('withings', key('activity'), 'exerciseActivity', name, time, endTime)];
    const data = read.object(workout.data ?? {}, 'data');
    const calories = read.optionalNumber(data, 'calories');
    if (calories !== null) out.push(keyed('withings', key('energy'), 'activeEnergy', calories, time, endTime));
    return out;
  });
}

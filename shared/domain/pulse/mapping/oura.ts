/**
 * Oura API v2 documents → keyed readings (design §4.2). Shapes: §3.1 (`/v2/usercollection/*`).
 */
import { type JsonObject, payloadReader } from '../payload';
import { activityLabel, dayEpisode, instant, type KeyedReading, keyed, naturalKey, offsetOf, round } from '../readings';

/** The collections fetched as documents with an id (list answers `{data, next_token}`, or `…/{type}/{id}`). */
export type OuraDocumentCollection = 'daily_activity' | 'sleep' | 'daily_spo2' | 'workout';

export const OURA_DOCUMENT_COLLECTIONS: readonly OuraDocumentCollection[] = [
  'daily_activity',
  'sleep',
  'daily_spo2',
  'workout',
];

/** Every metric a document of each collection can write: a delete event removes exactly these keys. */
export const OURA_METRICS: Readonly<Record<OuraDocumentCollection, readonly string[]>> = {
  daily_activity: ['steps', 'active_energy'],
  sleep: ['duration', 'heart_rate', 'hrv_rmssd'],
  daily_spo2: ['avg'],
  workout: ['activity', 'energy', 'distance'],
};

/** Sleep periods that are a night's (or a day's main) sleep; naps, rest periods and `deleted` are not mapped. */
const MAPPED_SLEEP_TYPES = new Set(['long_sleep', 'sleep']);

export function isOuraDocumentCollection(value: string): value is OuraDocumentCollection {
  return (OURA_DOCUMENT_COLLECTIONS as readonly string[]).includes(value);
}

/** The keys a document may have written, for `event_type: delete`. */
export function ouraDocumentKeys(collection: OuraDocumentCollection, id: string): string[] {
  return OURA_METRICS[collection].map((metric) => naturalKey('oura', collection, id, metric));
}

/** A list answer `{data: [...], next_token}` of one collection. */
export function mapOuraCollection(collection: OuraDocumentCollection, body: unknown): KeyedReading[] {
  const read = payloadReader('oura', collection);
  return read.list(read.object(body, 'answer'), 'data').flatMap((doc) => mapOuraDocument(collection, doc));
}

/** One document, as `…/{collection}/{id}` answers it or as an element of a list answer. */
export function mapOuraDocument(collection: OuraDocumentCollection, document: unknown): KeyedReading[] {
  const read = payloadReader('oura', collection);
  const doc = read.object(document, 'document');
  switch (collection) {
    case 'daily_activity':
      return dailyActivity(doc);
    case 'sleep':
      return sleep(doc);
    case 'daily_spo2':
      return dailySpo2(doc);
    case 'workout':
      return workout(doc);
  }
}

function dailyActivity(doc: JsonObject): KeyedReading[] {
  const read = payloadReader('oura', 'daily_activity');
  const id = read.id(doc, 'id');
  const stamp = read.optionalString(doc, 'timestamp');
  // `timestamp` is the start of Oura's day in the user's zone; its offset places the day.
  const { time, endTime } = dayEpisode(read.string(doc, 'day'), stamp ? offsetOf(stamp) : null);
  const key = (metric: string) => naturalKey('oura', 'daily_activity', id, metric);
  const out: KeyedReading[] = [];
  const steps = read.optionalNumber(doc, 'steps');
  if (steps !== null) out.push(keyed('oura', key('steps'), 'dailySteps', steps, time, endTime));
  const active = read.optionalNumber(doc, 'active_calories');
  if (active !== null) out.push(keyed('oura', key('active_energy'), 'activeEnergy', active, time, endTime));
  return out;
}

function sleep(doc: JsonObject): KeyedReading[] {
  const read = payloadReader('oura', 'sleep');
  const type = read.optionalString(doc, 'type');
  if (type !== null && !MAPPED_SLEEP_TYPES.has(type)) return [];
  const id = read.id(doc, 'id');
  const time = instant('oura', 'sleep', 'bedtime_start', read.string(doc, 'bedtime_start'));
  const endTime = instant('oura', 'sleep', 'bedtime_end', read.string(doc, 'bedtime_end'));
  const key = (metric: string) => naturalKey('oura', 'sleep', id, metric);
  const out: KeyedReading[] = [];
  const seconds = read.optionalNumber(doc, 'total_sleep_duration');
  if (seconds !== null)
    out.push(keyed('oura', key('duration'), 'sleepDuration', round(seconds / 3600, 2), time, endTime));
  const heartRate = read.optionalNumber(doc, 'average_heart_rate');
  if (heartRate !== null) out.push(keyed('oura', key('heart_rate'), 'heartRate', heartRate, time, endTime));
  const hrv = read.optionalNumber(doc, 'average_hrv');
  if (hrv !== null) out.push(keyed('oura', key('hrv_rmssd'), 'hrvRmssd', hrv, time, endTime));
  return out;
}

function dailySpo2(doc: JsonObject): KeyedReading[] {
  const read = payloadReader('oura', 'daily_spo2');
  const id = read.id(doc, 'id');
  const percentage = doc.spo2_percentage;
  // Oura writes null for a night without enough SpO2 data.
  if (percentage === null || percentage === undefined) return [];
  const average = read.optionalNumber(read.object(percentage, 'spo2_percentage'), 'average');
  if (average === null) return [];
  const { time, endTime } = dayEpisode(read.string(doc, 'day'), null);
  return [keyed('oura', naturalKey('oura', 'daily_spo2', id, 'avg'), 'oxygenSaturation', average, time, endTime)];
}

function workout(doc: JsonObject): KeyedReading[] {
  const read = payloadReader('oura', 'workout');
  const id = read.id(doc, 'id');
  const time = instant('oura', 'workout', 'start_datetime', read.string(doc, 'start_datetime'));
  const endTime = instant('oura', 'workout', 'end_datetime', read.string(doc, 'end_datetime'));
  const key = (metric: string) => naturalKey('oura', 'workout', id, metric);
  const out = [
    keyed('oura', key('activity'), 'exerciseActivity', activityLabel(read.string(doc, 'activity')), time, endTime),
  ];
  const calories = read.optionalNumber(doc, 'calories');
  if (calories !== null) out.push(keyed('oura', key('energy'), 'activeEnergy', calories, time, endTime));
  const distance = read.optionalNumber(doc, 'distance');
  if (distance !== null) out.push(keyed('oura', key('distance'), 'workoutDistance', distance, time, endTime));
  return out;
}

/**
 * `heartrate` rows `{bpm, source, timestamp}` (5-minute samples) → one Heart rate per day, the mean of that day's
 * rows, as a day episode. The day and its offset are the ones written in each row's timestamp; a partial day (a
 * window ending mid-day) gives a partial mean that the next fetch of that day rewrites under the same key.
 */
export function mapOuraHeartRate(body: unknown): KeyedReading[] {
  const read = payloadReader('oura', 'heartrate');
  const days = new Map<string, { offset: string | null; sum: number; count: number }>();
  for (const element of read.list(read.object(body, 'answer'), 'data')) {
    const row = read.object(element, 'row');
    const stamp = read.string(row, 'timestamp');
    instant('oura', 'heartrate', 'timestamp', stamp);
    const day = stamp.slice(0, 10);
    const entry = days.get(day) ?? { offset: offsetOf(stamp), sum: 0, count: 0 };
    entry.sum += read.number(row, 'bpm');
    entry.count += 1;
    days.set(day, entry);
  }
  return [...days].map(([day, { offset, sum, count }]) => {
    const { time, endTime } = dayEpisode(day, offset);
    return keyed(
      'oura',
      naturalKey('oura', 'heartrate', day, 'mean'),
      'heartRate',
      round(sum / count, 1),
      time,
      endTime,
    );
  });
}

const DAY_MS = 86_400_000;

/**
 * The heart-rate window a `sleep` or `daily_activity` document concerns (design §4.2): Oura sends no heart-rate
 * webhooks, so each such event also re-reads `heartrate` for the days the document covers (the sleep's bedtime, the
 * activity's local day). Whole UTC days, because Oura writes heart-rate rows at UTC (`UtcDateTime`) and
 * `mapOuraHeartRate` averages by the day written in each row: a window starting mid-day would overwrite that day's
 * mean with a partial one. It ends now when the last day is not over (the next event completes it); null for any
 * other collection or a document without the times.
 */
export function ouraHeartRateWindow(
  collection: OuraDocumentCollection,
  document: unknown,
  nowMs: number,
): { start: string; end: string } | null {
  if (collection !== 'sleep' && collection !== 'daily_activity') return null;
  const read = payloadReader('oura', collection);
  const doc = read.object(document, 'document');
  let from: number;
  let to: number;
  if (collection === 'sleep') {
    const [start, end] = [read.optionalString(doc, 'bedtime_start'), read.optionalString(doc, 'bedtime_end')];
    if (start === null || end === null) return null;
    from = Date.parse(instant('oura', 'sleep', 'bedtime_start', start));
    to = Date.parse(instant('oura', 'sleep', 'bedtime_end', end));
  } else {
    const stamp = read.optionalString(doc, 'timestamp');
    const { time, endTime } = dayEpisode(read.string(doc, 'day'), stamp ? offsetOf(stamp) : null);
    from = Date.parse(time);
    to = Date.parse(endTime);
  }
  const start = Math.floor(from / DAY_MS) * DAY_MS;
  const end = Math.min(Math.ceil(to / DAY_MS) * DAY_MS, nowMs);
  return end > start ? { start: new Date(start).toISOString(), end: new Date(end).toISOString() } : null;
}

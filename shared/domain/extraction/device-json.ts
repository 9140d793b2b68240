/**
 * Device and app exports as JSON (Fitbit account archive and Web API, Google Takeout, Garmin Connect daily summaries,
 * Oura, Samsung Health, Apple Health converted to JSON): arrays of records, each a date field and numbers named by
 * their fields. The date may come after the values (`{"value": {"restingHeartRate": 61}, "dateTime": "2026-03-04"}`)
 * and the values may sit one level down in a `value` object, which is why these are read with the JSON parser and not
 * by the line reader. Names are the field names as written; a unit only where the export writes one (`"unit": "kg"`
 * beside a `value`), since these apps leave units to an account setting. Malformed JSON yields nothing, never throws.
 */
import { type Json, type JsonObject, jsonValuesAt } from './fhir-json';
import type { ExtractedReading } from './types';
import { readWithingsGroups } from './withings-json';

/** How deep containers are searched for records (a Takeout file nests two or three). */
const MAX_NESTING = 16;

/** Fields dating a record, in order of preference: a day summary's day, then the measurement's start. */
const DATE_KEYS = [
  'dateTime',
  'date',
  'calendarDate',
  'day',
  'summary_date',
  'summaryDate',
  'startDate',
  'start_date',
  'startTime',
  'start_time',
  'timestamp',
  // API answers (WHOOP, Dexcom v3, Polar AccessLink, Health Connect): when the record was made or the sample taken.
  'created_at',
  'createdAt',
  // Polar AccessLink writes its keys with hyphens: `created` on a physical-information record, `start-time` on an
  // exercise or a sleep.
  'created',
  'start-time',
  // Dexcom's `displayTime` is the device's local clock, `systemTime` its UTC one: the local time is the one shown.
  'displayTime',
  'systemTime',
  'time',
  'startTimeMillis',
  'startTimeNanos',
  'start',
];
const DATE_KEY_SET = new Set(DATE_KEYS.map((key) => key.toLowerCase()));

/** A cheap look for a quoted date field, which keeps other documents off the JSON scan. */
const HAS_DATE_KEY = new RegExp(`"(?:${DATE_KEYS.join('|')})"\\s*:`);

/**
 * Fields that identify, classify or time a record rather than measure anything: ids (`logId`, `userProfilePK`,
 * `period_id`), versions, sources, offsets, a fit's confidence or error, and every other date or time field; and a
 * profile's or an invoice's numbers, which any JSON with a `date` field may carry (`age`, `zip`, `phoneNumber`,
 * `page`, `price`).
 */
const NOT_A_MEASURE =
  /(?:^|[_-])(?:id|pk|uuid|guid|status)$|^(?:type|source|confidence|error|index|sequence|category|attrib|status|units?|age|page|year|price|amount|cost|period|stage)$|^tz|date|time|offset|zone|version|phone|postal|zip|^trend|ticks$|goal|target|threshold|setting/i;
/**
 * Health Connect's coded fields (`specimenSource: 2`, `mealType: 1`, `relationToMeal: 3`, `bodyPosition: 3`,
 * `measurementLocation: 5`, `exerciseType: 56`): an enum's number, never a measurement.
 */
const CODED_FIELD = /[a-z](?:Type|Source|Location|Position|ToMeal|Stage|Mode)$/;
/** Health Connect's record types (`WeightRecord`, `HeartRateRecord`): the key holding them names their readings. */
const RECORD_TYPE_KEY = /^[A-Z][A-Za-z0-9]+Record$/;
/** Health Connect's units written as an object's one key: `{"inKilograms": 79.1}`, `{"inMillimetersOfMercury": 131}`. */
const UNIT_KEY = /^in[A-Z][A-Za-z]+$/;
/**
 * Fields named by their unit, not by what they measure (Health Connect's `beatsPerMinute`, `percentage`, `count`;
 * Oura's `bpm`): under a record type or an API endpoint, the type names the reading and the field is its unit.
 */
const UNIT_NAMED_FIELD =
  /^(?:bpm|beatsPerMinute|breathsPerMinute|percentage|count|rate|heartRateVariabilityMillis|vo2MillilitersPerMinuteKilogram)$/;
/** A field only a bill or an order carries: its record's numbers are money, whatever else it holds. */
const MONEY_FIELD = /^(?:currency|invoice\w*|tax|vat|subtotal|discount|total_?price)$/i;
/**
 * A field only an alert's or a target's setting carries (Dexcom's `alertSettings: [{alertName, value, unit, snooze}]`):
 * its numbers are thresholds the user chose, never measurements.
 */
const SETTING_FIELD = /^(?:alert_?name|alert_?state|snooze|threshold|alarm\w*)$/i;
/** A group of values the user chose (`goals`, `targetRange`, `alertSettings`), not measured. */
const CHOSEN_VALUES = /goal|target|threshold|setting|alert|alarm|limit/i;
/** A camel-case id (`logId`, `userProfilePK`): case matters, or `lipid` and `uricAcid` would look like one. */
const CAMEL_ID = /[a-z0-9](?:Id|ID|PK|Pk|Uuid|UUID)$/;

/** A number as written (JSON numbers reach here as strings, their written precision kept). */
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Container keys that name no measurement: a bare `value` under them has no name. */
const GENERIC_CONTAINER = /^(?:data|records?|entries|items|results?|values?|list|logs?|samples?)$/i;

/** `2026-03-04`, `2026-03-04T07:02:11.000Z`, `2026-03-04 07:12:55 +0100`: date, and time to the second. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/;
/** `10/20/26`, `03/04/26 08:00:00`: the month-first dates of US-built apps (Fitbit). */
const SLASH_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:\s+(\d{2}):(\d{2})(?::(\d{2}))?)?$/;
/** Epoch times (Google Fit's `startTimeNanos`, `startTimeMillis`): digits only, the scale named by the field. */
const EPOCH = /^\d{10,19}$/;
/** What ends a record's span, beside a start field: a span's figures summarise a period and keep no one time. */
const SPAN_ENDS: Readonly<Record<string, string>> = {
  start: 'end',
  starttimemillis: 'endTimeMillis',
  starttimenanos: 'endTimeNanos',
  // Health Connect's interval records (steps, a heart-rate series) and Oura's sleep periods.
  starttime: 'endTime',
  start_time: 'end_time',
  'start-time': 'end-time',
  bedtime_start: 'bedtime_end',
};

/** A separate `time` field: `07:02:11`. */
const CLOCK = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: Json | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function pad(part: string): string {
  return part.padStart(2, '0');
}

function withTime(day: string, hour?: string, minute?: string, second?: string): string {
  return hour && minute ? `${day}T${hour}:${minute}:${second ?? '00'}` : day;
}

/** A written date as ISO (date, or date and local time as written; an offset is dropped as the FHIR reader does). */
export function isoDate(written: string): string | null {
  const iso = ISO_DATE.exec(written);
  if (iso) return withTime(`${iso[1]}-${iso[2]}-${iso[3]}`, iso[4], iso[5], iso[6]);
  const slash = SLASH_DATE.exec(written);
  if (!slash?.[1] || !slash[2] || !slash[3]) return null;
  let [month, day] = [Number(slash[1]), Number(slash[2])];
  if (month > 12 && day <= 12) [month, day] = [day, month]; // only a day-first date can start above 12
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const year = slash[3].length === 2 ? `20${slash[3]}` : slash[3];
  return withTime(`${year}-${pad(String(month))}-${pad(String(day))}`, slash[4], slash[5], slash[6]);
}

/** An epoch time as ISO (UTC, as the FHIR reader keeps a written instant's clock), by the field's scale. */
function epochDate(written: string, key: string): string | null {
  if (!EPOCH.test(written)) return null;
  const millis = /nanos$/i.test(key) ? Number(written.slice(0, -6)) : Number(written);
  const date = new Date(millis);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 19);
}

/** A start field whose end field writes another instant: the record covers a period. */
function isSpan(record: JsonObject, key: string, field: string): boolean {
  const endKey = SPAN_ENDS[key.toLowerCase()];
  if (endKey === undefined) return false;
  const end = text(record[endKey]) ?? text(record[endKey.toLowerCase()]);
  return end !== null && end !== text(record[field]);
}

/** What dates a record: its date, a period it spans (its figures then undated), or nothing. */
type RecordDate = string | typeof SPAN | null;
const SPAN = Symbol('span');

/** The record's date: its preferred date field, with a separate `time` field joined to a date without one. */
function recordDate(record: JsonObject): RecordDate {
  const byKey = new Map(Object.keys(record).map((key) => [key.toLowerCase(), key]));
  // A record spanning a period (WHOOP's cycle and sleep) is one even when it also says when it was written down.
  for (const [start, field] of byKey) {
    if (start in SPAN_ENDS && text(record[field]) !== null && isSpan(record, start, field)) return SPAN;
  }
  for (const key of DATE_KEYS) {
    const field = byKey.get(key.toLowerCase());
    const written = field === undefined ? null : text(record[field]);
    const date = written === null || field === undefined ? null : (isoDate(written) ?? epochDate(written, field));
    if (date !== null && field !== undefined && isSpan(record, key, field)) return SPAN;
    if (date === null) continue;
    const clock = CLOCK.exec(text(record.time) ?? '');
    return date.length === 10 && clock ? withTime(date, clock[1], clock[2], clock[3]) : date;
  }
  return null;
}

/** A point under a dated record that writes only its clock (`{"heart_rate": 63, "sample_time": "00:02:08"}`). */
function sampleMoment(record: JsonObject, day: string | null): string | null {
  if (day === null) return null;
  for (const [key, value] of Object.entries(record)) {
    const clock = /time$/i.test(key) ? CLOCK.exec(text(value) ?? '') : null;
    if (clock) return withTime(day, clock[1], clock[2], clock[3]);
  }
  return null;
}

/** A value written with its unit as an object: Health Connect's `{"inKilograms": 79.1}`, `{"unit": "kg", "value": 79}`. */
function unitValue(value: Json | undefined): { value: string; unit: string } | null {
  if (!isObject(value)) return null;
  const keys = Object.keys(value);
  const [only] = keys;
  const number = only === undefined ? null : text(value[only]);
  if (keys.length === 1 && only !== undefined && UNIT_KEY.test(only) && number !== null && NUMBER.test(number)) {
    return { value: number, unit: only };
  }
  const written = text(value.value);
  const unit = text(value.unit);
  if (keys.length === 2 && written !== null && NUMBER.test(written) && unit !== null) return { value: written, unit };
  return null;
}

function reading(indicator: string, value: string, unit: string | null, measuredAt: string | null): ExtractedReading {
  return { indicator, value, unit, referenceRange: null, flag: null, measuredAt };
}

/** The numbers an object holds under measurement-like field names, each a reading named by its field. */
function namedNumbers(
  fields: JsonObject,
  measuredAt: string | null,
  into: ExtractedReading[],
  skip: ReadonlySet<string> = new Set(),
): void {
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'value' || skip.has(key) || NOT_A_MEASURE.test(key) || CAMEL_ID.test(key) || CODED_FIELD.test(key))
      continue;
    const number = text(value);
    if (number !== null && NUMBER.test(number)) into.push(reading(key, number, null, measuredAt));
  }
}

/**
 * A record's readings: its own numeric fields, a `value` object's fields (Fitbit's nesting), and a bare `value`
 * named by the record's `type` (Apple Health) or else by the key holding the records (`activities-steps`).
 */
function recordReadings(
  record: JsonObject,
  measuredAt: string | null,
  containerKey: string | null,
  recordType: string | null = null,
): ExtractedReading[] {
  const withUnits = unitFields(record, recordType);
  const skip = new Set(withUnits.map((field) => field.key));
  const found = withUnits.map((field) => reading(field.name, field.value, field.unit, measuredAt));
  namedNumbers(record, measuredAt, found, skip);
  // WHOOP's `score: {recovery_score, …}`, Oura's `contributors`: a record's figures grouped one level down.
  for (const [key, nested] of Object.entries(record)) {
    if (!isObject(nested) || skip.has(key) || DATE_KEY_SET.has(key.toLowerCase()) || CHOSEN_VALUES.test(key)) continue;
    if (!statistics(key, nested, measuredAt, found)) namedNumbers(nested, measuredAt, found);
  }
  const value = record.value;
  // Google Fit's `value: [{fpVal: 62.5}]`: a typed value in a one-element list, named by the point's data type.
  const typed = Array.isArray(value) && value.length === 1 && isObject(value[0]) ? typedValue(value[0]) : null;
  const typeName = text(record.dataTypeName) ?? text(record.type);
  if (typed !== null && typeName !== null) found.push(reading(typeName, typed, null, measuredAt));
  // Fitbit's `{"value": {"date": "…", "value": 61.2, "error": 6.8}}`: the inner `value` is the record's.
  const bare = text(isObject(value) ? value.value : value);
  if (bare !== null && NUMBER.test(bare) && unitValue(value) === null) {
    const name =
      text(record.type) ??
      (containerKey !== null && !GENERIC_CONTAINER.test(containerKey) ? containerKey : null) ??
      recordType;
    if (name !== null) found.push(reading(name, bare, text(record.unit) ?? text(record.units), measuredAt));
  }
  return found;
}

/**
 * A record's values written with their units (`"weight": {"inKilograms": 79.1}`) and, under a type, its unit-named
 * fields (`"beatsPerMinute": 57`): named by the record's type, or `Type.field` when it holds several
 * (`BloodPressureRecord.systolic`), or by the field when no type is known.
 */
function unitFields(
  record: JsonObject,
  typeName: string | null,
): { key: string; name: string; value: string; unit: string }[] {
  const base = typeName ?? (text(record.recordType) || null);
  const typed: { key: string; value: string; unit: string }[] = [];
  for (const [key, value] of Object.entries(record)) {
    const withUnit = unitValue(value);
    if (withUnit !== null) typed.push({ key, ...withUnit });
    const number = text(value);
    if (base !== null && UNIT_NAMED_FIELD.test(key) && number !== null && NUMBER.test(number)) {
      typed.push({ key, value: number, unit: key });
    }
  }
  return typed.map((field) => {
    const { key, unit } = field;
    return { ...field, name: base === null ? key : typed.length === 1 || key === unit ? base : `${base}.${key}` };
  });
}

/** A summary's statistic, which names no measurement of its own: Oura's `spo2_percentage: {average: 96.8}`. */
const STATISTIC = /^(?:average|avg|mean|median|min|max|minimum|maximum|lowest|highest)$/i;

/** A field holding only statistics is named by the field (`spo2_percentage`), or `field.statistic` when several. */
function statistics(key: string, nested: JsonObject, measuredAt: string | null, into: ExtractedReading[]): boolean {
  const numbers = Object.entries(nested).flatMap(([stat, value]) => {
    const number = text(value);
    return number !== null && NUMBER.test(number) ? [{ stat, number }] : [];
  });
  if (numbers.length === 0 || !numbers.every(({ stat }) => STATISTIC.test(stat))) return false;
  for (const { stat, number } of numbers) {
    into.push(reading(numbers.length === 1 ? key : `${key}.${stat}`, number, null, measuredAt));
  }
  return true;
}

/** Google Fit's typed value fields (`fpVal`, `intVal`). */
function typedValue(value: JsonObject): string | null {
  const written = text(value.fpVal) ?? text(value.intVal);
  return written !== null && NUMBER.test(written) ? written : null;
}

function collect(
  value: Json,
  key: string | null,
  into: ExtractedReading[],
  depth: number,
  typeName: string | null,
  day: string | null = null,
): void {
  // A pathological `[[[[…]]]]` must not exhaust the stack.
  if (depth > MAX_NESTING) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, key, into, depth + 1, typeName, day);
    return;
  }
  if (!isObject(value)) return;
  if (Object.keys(value).some((field) => MONEY_FIELD.test(field) || SETTING_FIELD.test(field))) return;
  const measuredAt = recordDate(value) ?? sampleMoment(value, day);
  if (measuredAt !== null) {
    // A dated record is read whole; what it nests (heart-rate zones, intraday samples) is its detail, not readings.
    const found = recordReadings(value, measuredAt === SPAN ? null : measuredAt, key, typeName);
    into.push(...found);
    // A record with no figures of its own (Google Fit's bucket, Polar's day of `heart_rate_samples`) holds its figures
    // in the points below it, which may write only their clock time on its day.
    if (found.length > 0) return;
  }
  const below = typeof measuredAt === 'string' ? measuredAt.slice(0, 10) : day;
  // A flat list names each record's type in it (`"recordType": "HeartRateRecord"`), a grouped export by its key.
  const ownType = text(value.recordType);
  const typeBelow = ownType !== null && RECORD_TYPE_KEY.test(ownType) ? ownType : typeName;
  for (const [childKey, child] of Object.entries(value)) {
    if (DATE_KEY_SET.has(childKey.toLowerCase())) continue;
    collect(child, childKey, into, depth + 1, RECORD_TYPE_KEY.test(childKey) ? childKey : typeBelow, below);
  }
}

/** The readings of a device export's dated records, or null when the text holds no JSON with a date field. */
export function readDeviceJson(textIn: string): ExtractedReading[] | null {
  if (!HAS_DATE_KEY.test(textIn)) return null;
  const found = jsonValuesAt(textIn);
  const values = found.map((f) => f.value);
  if (values.length === 0) return null;
  if (textIn.includes('"measuregrps"')) {
    const withings = readWithingsGroups(values);
    if (withings) return withings;
  }
  const readings: ExtractedReading[] = [];
  const fileType = exportFileType(textIn);
  let since = 0;
  for (const { value, start } of found) {
    collect(value, fileType, readings, 0, endpointName(textIn.slice(since, start)));
    since = start;
  }
  return readings;
}

/**
 * The endpoint of the API request written above an answer (`curl …/v2/usercollection/heartrate?start_date=…`, `GET
 * /v3/users/self/egvs`): it names the answer's records the way a Health Connect record type does.
 */
const REQUEST_PATH = /(?:https?:\/\/[\w.-]+|\b(?:GET|POST))\s*\/(?:[\w.-]+\/)*([a-z][a-z0-9_]{2,40})(?=[?#"'\s]|$)/gim;

function endpointName(above: string): string | null {
  let name: string | null = null;
  for (const m of above.matchAll(REQUEST_PATH)) name = m[1] ?? null;
  return name;
}

/**
 * The type an export file's name gives its records (`resting_heart_rate-2026-10-01.json`, `weight-2026-10-01.json`,
 * Fitbit's Takeout): the name as written before its date, when the document shows it (a caption, a path).
 */
const EXPORT_FILE_NAME = /(?:^|[\s/\\"'(])([a-z][a-z_]{1,40}(?:-[a-z_]{1,40})?)-\d{4}-\d{2}(?:-\d{2})?\.json\b/i;

function exportFileType(text: string): string | null {
  const m = EXPORT_FILE_NAME.exec(text.slice(0, 4000));
  return m?.[1] && !GENERIC_CONTAINER.test(m[1]) ? m[1] : null;
}

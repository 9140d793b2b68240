/**
 * How device and platform exports name a measurement beyond a bare field (`vendor-fields.json` holds the fields):
 * Withings' `getmeas` rows exported with their measure type after the name (`weight (type 1)`, `fat_ratio (type 6)`),
 * and Android Health Connect's `<Type>Record.<field>` (`BloodPressureRecord.systolic`, `WeightRecord.weight`). The
 * number and the class word add nothing the name does not say; the readings below are read again by every stage, so
 * a name that finds nothing once they are dropped still finds nothing.
 * @see https://developer.withings.com/api-reference/#tag/measure — `meastype`, the measure's numeric type
 * @see https://developer.android.com/reference/kotlin/androidx/health/connect/client/records/package-summary
 * @see https://developer.samsung.com/health/android/data/api-reference/com/samsung/android/sdk/healthdata/HealthConstants.html
 */

/** `weight (type 1)`, `diastolic [meastype 9]`, `temperature (type=12)`: a measure-type number after the name. */
const MEASURE_TYPE_SUFFIX = /^(.*?\S)\s*[([]\s*(?:meas)?type\s*[:=#]?\s*(\d{1,3})\s*[)\]]\s*$/i;

/** A vendor's key in lower case (`fat_ratio`, `temperature`), not a test name (`HSV (type 2)` is another virus). */
const LOWER_CASE_KEY = /^[a-z][a-z0-9_ ]*$/;

export interface MeasureTyped {
  /** The name without its measure type. */
  name: string;
  /** How the vendor's field list names that type (`meastype 6`), which must agree with the name when it is known. */
  typeName: string;
  /** Whether the name alone is a vendor's lower-case key, read without the type's agreement. */
  isVendorKey: boolean;
}

/** The name and the measure-type number written after it, or null when it has none. */
export function measureTyped(name: string): MeasureTyped | null {
  if (name.length > 200) return null;
  const match = MEASURE_TYPE_SUFFIX.exec(name);
  if (!match) return null;
  const rest = match[1] as string;
  return { name: rest, typeName: `meastype ${Number(match[2])}`, isVendorKey: LOWER_CASE_KEY.test(rest) };
}

/**
 * `BloodPressureRecord.systolic`, `HeartRateRecord.samples.beatsPerMinute`: a Health Connect record class, a dot and
 * one of its fields (through a list of samples).
 */
const RECORD_FIELD = /^([A-Z][A-Za-z0-9]*?)Record(?:\.[a-z][A-Za-z0-9]*)*\.([a-z][A-Za-z0-9]*)$/;

/**
 * The field of a record holding one value, named after the value's quantity or unit rather than the measurement:
 * Health Connect's `RespiratoryRateRecord.rate`, `LeanBodyMassRecord.mass`, `HeartRateRecord.Sample.beatsPerMinute`,
 * Samsung's `step_count.count`. The record's type then names the measurement. Not a field of metadata
 * (`measurementLocation`, `specimenSource`, `time`): a record's other fields are not its value.
 */
const VALUE_SLOT =
  /^(?:rate|mass|percentage|temperature|weight|height|count|energy|floors|beatsPerMinute|level|volume|length|value|samples)$/;

export interface RecordField {
  /** The record's type with the field, as words (`BloodPressure systolic`). */
  typeAndField: string;
  /** The record class as the platform names it (`RespiratoryRateRecord`), read when the field is its value slot. */
  recordType: string | null;
}

/**
 * `StepsRecord.COUNT_TOTAL`, `ActiveCaloriesBurnedRecord.ACTIVE_CALORIES_TOTAL`: a Health Connect aggregate metric,
 * the record's values summed over the queried range, which is the record's own measurement over that range. The
 * other aggregates (`HeartRateRecord.BPM_AVG`, `WeightRecord.WEIGHT_MIN`) are statistics of readings, none of them.
 */
const RECORD_AGGREGATE = /^([A-Z][A-Za-z0-9]*?)Record\.([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)$/;

/**
 * A Health Connect record's field read as words: the record's type with the field (`BloodPressure systolic`, which
 * the other stages read as systolic blood pressure) and, where the field is the record's one value, the record class
 * itself; null when the name is not written that way.
 */
export function recordFieldOf(name: string): RecordField | null {
  const trimmed = name.trim();
  if (trimmed.length > 120) return null;
  const aggregate = RECORD_AGGREGATE.exec(trimmed);
  if (aggregate) {
    if (!/_TOTAL$/.test(aggregate[2] as string)) return null;
    return { typeAndField: `${aggregate[1]}Record`, recordType: `${aggregate[1]}Record` };
  }
  const match = RECORD_FIELD.exec(trimmed);
  if (!match) return null;
  const field = match[2] as string;
  return {
    typeAndField: `${match[1]} ${field}`,
    recordType: VALUE_SLOT.test(field) ? `${match[1]}Record` : null,
  };
}

/**
 * `com.samsung.health.blood_pressure.systolic`, `com.samsung.shealth.calories_burned.details.active_calorie`: a Samsung
 * Health data type, a dot and one of its properties (of its daily `details` table).
 */
const SAMSUNG_TYPE_FIELD = /^com\.samsung\.s?health\.([a-z][a-z0-9_]*)(?:\.details)?\.([a-z][a-z0-9_]*)$/;

export interface TypeField {
  /** The data type as the platform names it (`com.samsung.health.step_count`), read when the property is its value. */
  dataType: string | null;
  /** The data type's words with the property's (`blood_pressure systolic`). */
  typeAndField: string;
  /** The property alone (`pulse` of a blood-pressure record, `body_fat` of a weight record). */
  field: string;
}

/**
 * A column of a Samsung Health CSV export, headed by the data type and the property it holds. The type alone is a
 * vendor field (`vendor-fields.json`) or a record of several values (`blood_pressure`: systolic, diastolic, mean,
 * pulse); the property says which one, read with its type or, where the pair names nothing, alone: the weight record
 * holds `body_fat` and `height`, the blood-pressure record the `pulse` taken with it.
 */
export function samsungTypeField(name: string): TypeField | null {
  const trimmed = name.trim();
  const match = SAMSUNG_TYPE_FIELD.exec(trimmed);
  if (!match) return null;
  const field = match[2] as string;
  const dataType = VALUE_SLOT.test(field) ? trimmed.slice(0, -field.length - 1) : null;
  return { dataType, typeAndField: `${match[1]} ${field}`, field };
}

/**
 * `summary.restingHeartRate`, `score.resting_heart_rate`, `daily_activity.steps`, `physical-information.weight`,
 * `activities-heart[].value.restingHeartRate`: a value named by its JSON path, as vendors' exports and the sheets
 * made from them write it. Containers are identifiers of two letters or more starting in lower case (a lab's dotted
 * specimen letter, `U.Creatinine`, `S.Na`, is none); a reverse-domain data type (`com.google.weight`) is a type name.
 */
const JSON_PATH = /^(?:[a-z][A-Za-z0-9_-]+(?:\[\d*\])?\.)+([A-Za-z][A-Za-z0-9_-]*)$/;
const REVERSE_DOMAIN = /^(?:com|org|net|io)\./;

/**
 * A container whose figures are not readings of the field it holds: a statistic (`max.heartRate`), heart-rate
 * zones (`heartRateZones`), a goal or limit, a baseline or deviation from it, a
 * trend, and Oura's `contributors` (each a score from 1 to 100 named after the measurement it weighs).
 */
const CONTAINER_NOT_A_READING =
  /^(?:avg|average|mean|median|max|maximum|min|minimum|peak|lowest|highest|sd|std|stddev|variance|targets?|goals?|limits?|zones?|thresholds?|baseline|deviation|delta|change|trend|contributors|best|records?)$/i;

/** `heartRateZones` → `heart rate zones`; `stage_summary` → `stage summary`. */
function containerWords(container: string): string[] {
  return container
    .replace(/\[\d*\]$/, '')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean);
}

/**
 * The field a JSON path ends in, or null when the name is not a path or a container says its figures are not the
 * field's readings. Read alone by the caller, and kept only for a measurement a device takes (a vital sign, an
 * activity figure): a laboratory analyte's specimen is what a container would have to say (`urine.glucose`).
 */
export function jsonPathField(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length > 160 || REVERSE_DOMAIN.test(trimmed)) return null;
  const match = JSON_PATH.exec(trimmed);
  if (!match) return null;
  const containers = trimmed.split('.').slice(0, -1);
  if (containers.some((c) => containerWords(c).some((w) => CONTAINER_NOT_A_READING.test(w)))) return null;
  const field = match[1] as string;
  if (!GENERIC_VALUE.test(field)) return field;
  // `activities-heart-intraday.dataset.value`, `tempCore.value`: a generic slot is named by the nearest container
  // that is not one itself.
  const named = containers.map((c) => c.replace(/\[\d*\]$/, '')).findLast((c) => !GENERIC_VALUE.test(c));
  return named ?? null;
}

/** A slot holding a value or a list of them under the name of what they measure (`value`, `samples`, `dataset`). */
const GENERIC_VALUE = /^(?:value|values|items|samples|dataset|data)$/;

/**
 * `DT_INSTANTANEOUS_HEART_RATE`, `DT_CONTINUOUS_STEPS_DELTA`: a Huawei Health Kit data type, named for how it is
 * sampled (a moment or an interval) and, for an interval's count, `DELTA` (the change over the interval). Only those
 * two: `DT_STATISTICS_*` and `POLYMERIZE_*_STATISTICS` are a period's aggregates, no reading.
 * @see https://developer.huawei.com/consumer/en/doc/HMSCore-References/datatype-0000001050163844
 */
const HUAWEI_DATA_TYPE = /^DT_(?:INSTANTANEOUS|CONTINUOUS)_([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*?)(?:_DELTA)?$/;

/** The words a Huawei data type names (`heart rate`, `steps`), or null when the name is not one. */
export function huaweiDataType(name: string): string | null {
  const match = HUAWEI_DATA_TYPE.exec(name.trim());
  return match ? (match[1] as string).toLowerCase().replace(/_/g, ' ') : null;
}

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

/** `BloodPressureRecord.systolic`: a Health Connect record class, a dot and one of its fields. */
const RECORD_FIELD = /^([A-Z][A-Za-z0-9]*?)Record\.([a-z][A-Za-z0-9]*)$/;

/**
 * A Health Connect record's field read as words: the record's type with the field (`BloodPressure systolic`, which
 * the other stages read as systolic blood pressure), or null when the name is not written that way.
 */
export function recordFieldAsWords(name: string): string | null {
  const match = RECORD_FIELD.exec(name.trim());
  if (!match) return null;
  return `${match[1]} ${match[2]}`;
}

/** `com.samsung.health.blood_pressure.systolic`: a Samsung Health data type, a dot and one of its properties. */
const SAMSUNG_TYPE_FIELD = /^com\.samsung\.s?health\.([a-z][a-z0-9_]*)\.([a-z][a-z0-9_]*)$/;

export interface TypeField {
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
  const match = SAMSUNG_TYPE_FIELD.exec(name.trim());
  if (!match) return null;
  return { typeAndField: `${match[1]} ${match[2]}`, field: match[2] as string };
}

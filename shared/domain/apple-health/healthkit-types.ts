import { convertValue, normalizeUnit } from '#standardization';

/**
 * How each HealthKit sample type of an export becomes HDS readings (design `docs/design/wearables.md` §9.3). Names
 * follow the indicator rule of §4.1: a daily aggregate is written under its daily name (`Daily steps` → 41950-7,
 * because `HKQuantityTypeIdentifierStepCount` names a sample, 55423-8), a point sample under its HealthKit identifier,
 * which the LOINC corpus lists as a synonym. Codes always come from the resolver; `healthkit-mapping.json` only checks
 * them (a unit test makes both agree). Types absent here are counted as skipped, never given a guessed code.
 */

export type Aggregation =
  /** Summed per local day and source; the day's value is the largest source's sum (iPhone and Watch both count). */
  | 'cumulative'
  /** Averaged per local day over every source (a continuous series: one daily mean). */
  | 'continuous'
  /** Kept as one reading per sample, at its own time. */
  | 'point';

export interface HealthKitType {
  aggregation: Aggregation;
  /** The indicator written. */
  indicator: string;
  /** The UCUM unit the value is written in, after conversion. */
  unit: string;
}

const QUANTITY = 'HKQuantityTypeIdentifier';

const daily = (aggregation: Aggregation, indicator: string, unit: string): HealthKitType => ({
  aggregation,
  indicator,
  unit,
});
const point = (type: string, unit: string): HealthKitType => ({
  aggregation: 'point',
  indicator: QUANTITY + type,
  unit,
});

export const HEALTHKIT_TYPES: Readonly<Record<string, HealthKitType>> = {
  [`${QUANTITY}StepCount`]: daily('cumulative', 'Daily steps', '{steps}'),
  [`${QUANTITY}ActiveEnergyBurned`]: daily('cumulative', 'Active energy burned', 'kcal'),
  [`${QUANTITY}BasalEnergyBurned`]: daily('cumulative', 'Basal energy burned', 'kcal'),
  [`${QUANTITY}DistanceWalkingRunning`]: daily('cumulative', 'Walking and running distance', 'm'),
  [`${QUANTITY}DistanceCycling`]: daily('cumulative', 'Cycling distance', 'm'),
  [`${QUANTITY}FlightsClimbed`]: daily('cumulative', 'Flights climbed', '{count}'),
  [`${QUANTITY}AppleExerciseTime`]: daily('cumulative', 'Exercise time', 'min'),
  [`${QUANTITY}HeartRate`]: daily('continuous', 'Heart rate', '/min'),
  [`${QUANTITY}RespiratoryRate`]: daily('continuous', 'Respiratory rate', '/min'),
  [`${QUANTITY}OxygenSaturation`]: daily('continuous', 'Oxygen saturation', '%'),
  [`${QUANTITY}WalkingHeartRateAverage`]: daily('continuous', 'Walking heart rate average', '/min'),
  // Already one sample a day; averaged in case two sources wrote one.
  [`${QUANTITY}RestingHeartRate`]: daily('continuous', 'Resting heart rate', '/min'),
  [`${QUANTITY}HeartRateVariabilitySDNN`]: daily('continuous', 'Heart rate variability SDNN', 'ms'),
  [`${QUANTITY}BodyMass`]: point('BodyMass', 'kg'),
  [`${QUANTITY}BodyFatPercentage`]: point('BodyFatPercentage', '%'),
  [`${QUANTITY}LeanBodyMass`]: point('LeanBodyMass', 'kg'),
  [`${QUANTITY}Height`]: point('Height', 'cm'),
  [`${QUANTITY}BodyMassIndex`]: point('BodyMassIndex', 'kg/m2'),
  [`${QUANTITY}BodyTemperature`]: point('BodyTemperature', 'Cel'),
  [`${QUANTITY}BloodGlucose`]: point('BloodGlucose', 'mg/dL'),
  [`${QUANTITY}BloodPressureSystolic`]: point('BloodPressureSystolic', 'mm[Hg]'),
  [`${QUANTITY}BloodPressureDiastolic`]: point('BloodPressureDiastolic', 'mm[Hg]'),
  [`${QUANTITY}WaistCircumference`]: point('WaistCircumference', 'cm'),
  [`${QUANTITY}VO2Max`]: point('VO2Max', 'mL/(kg.min)'),
  [`${QUANTITY}PeakExpiratoryFlowRate`]: point('PeakExpiratoryFlowRate', 'L/min'),
  [`${QUANTITY}ForcedVitalCapacity`]: point('ForcedVitalCapacity', 'L'),
  [`${QUANTITY}ForcedExpiratoryVolume1`]: point('ForcedExpiratoryVolume1', 'L'),
};

export const SLEEP_TYPE = 'HKCategoryTypeIdentifierSleepAnalysis';
/** Asleep values (`…Asleep`, `…AsleepCore/Deep/REM/Unspecified`); `InBed` and `Awake` are not sleep. */
export function isAsleep(value: string): boolean {
  return value.startsWith('HKCategoryValueSleepAnalysisAsleep');
}

/** HealthKit's unit strings (`HKUnit` as the export writes them) where UCUM spells them otherwise. */
const HKUNIT_UCUM: Readonly<Record<string, string>> = {
  'count/min': '/min',
  degC: 'Cel',
  degF: '[degF]',
  lb: '[lb_av]',
  oz: '[oz_av]',
  in: '[in_i]',
  ft: '[ft_i]',
  yd: '[yd_i]',
  mi: '[mi_i]',
  mmHg: 'mm[Hg]',
  Cal: 'kcal',
  hr: 'h',
  'mL/min·kg': 'mL/(kg.min)',
  'ml/(kg*min)': 'mL/(kg.min)',
};
/** `mmol<180.15588000005408>/L`: HealthKit writes a molar unit with the molar mass it converts by. */
const MOLAR = /^mmol<([\d.]+)>\/(.+)$/;

/** The types' units that HealthKit writes as a bare `count`. */
const COUNTED = new Set(['{steps}', '{count}', 'kg/m2']);

/** Percentages HealthKit stores as fractions (0.97 for 97 %) although the export's unit says `%`. */
const FRACTION_LIMIT = 1;

/**
 * A sample's value in the type's UCUM unit, by the standardizer's UCUM conversion; null when the unit does not
 * convert. `count` is HealthKit's dimensionless unit and takes the type's own (`{steps}`, `{count}`, `kg/m2`).
 */
export function toTypeUnit(value: number, hkUnit: string, type: HealthKitType): number | null {
  if (hkUnit === 'count' || hkUnit === '') return COUNTED.has(type.unit) ? value : null;
  if (type.unit === '%') return hkUnit === '%' ? (value <= FRACTION_LIMIT ? value * 100 : value) : null;
  const molar = MOLAR.exec(hkUnit);
  if (molar) return convertValue(value, `mmol/${molar[2]}`, type.unit, Number(molar[1]));
  const from = HKUNIT_UCUM[hkUnit] ?? normalizeUnit(hkUnit);
  return from ? convertValue(value, from, type.unit) : null;
}

/** `HKWorkoutActivityTypeTraditionalStrengthTraining` → `Traditional strength training`. */
export function activityName(workoutActivityType: string): string {
  const words = workoutActivityType
    .replace(/^HKWorkoutActivityType/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An export date `2021-12-11 18:04:47 -0700`: the local day as written, and the instant. */
export interface ExportTime {
  /** `2021-12-11`: the day the device was in when the sample was taken. */
  day: string;
  /** `-07:00`. */
  offset: string;
  /** ISO 8601 UTC. */
  iso: string;
}

const EXPORT_DATE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}) ?([+-])(\d{2}):?(\d{2})$/;

export function parseExportTime(text: string | undefined): ExportTime | null {
  const m = EXPORT_DATE.exec(text ?? '');
  if (!m) return null;
  const offset = `${m[3]}${m[4]}:${m[5]}`;
  const ms = Date.parse(`${m[1]}T${m[2]}${offset}`);
  if (Number.isNaN(ms)) return null;
  return { day: m[1]!, offset, iso: new Date(ms).toISOString() };
}

/** The local day `day` (at `offset`) as an episode in UTC: its midnight to the next. */
export function dayEpisode(day: string, offset: string): { time: string; endTime: string } {
  const start = Date.parse(`${day}T00:00:00${offset}`);
  return { time: new Date(start).toISOString(), endTime: new Date(start + 86_400_000).toISOString() };
}

/**
 * Withings' measure types (`meastype`, the `type` of each measure in a `getmeas` answer or an account export), the one
 * table the three readers of them share: the provider sync (`pulse/mapping/withings.ts`: which types it asks for and
 * the wearable indicator each becomes), the document reader of a pasted export (`extraction/withings-json.ts`: the
 * name and unit it writes) and the corpus build (`standardization/data/build-corpus.ts`: the Withings names and
 * `meastype N` names of the vendor fields, or why a type has no concept). Kept apart, the three had drifted.
 *
 * Names are Withings' own as its API reference's `meastype` table writes them, without the unit it appends in
 * brackets (`Weight (kg)` → `Weight`, `SP02 (%)`, with a zero, → `SP02`) and without the explanation it appends to a
 * few (`VO2 max is a numerical measurement of …` → `VO2 max`). Units are the reference's, written as symbols
 * (`meter` → `m`, `celsius` → `°C`); null where the reference states none (the ECG intervals, the scores, BMR).
 * @see https://developer.withings.com/api-reference/#tag/measure — Measure - Getmeas, `meastype`
 * @see https://developer.withings.com/developer-guide/v3/data-api/all-available-health-data/ — the biomarkers
 */
import type { WearableIndicatorId } from './pulse/readings';

/**
 * What a value of the type is. Only a `measure` with a documented unit is one measured result a document reader
 * writes out; a `score` or `classification` is Withings' own algorithm's figure or verdict, and a `segmental` value is
 * one of several per body segment (told apart by the measure's `position`), meaningless without it.
 */
export type WithingsMeasureKind = 'measure' | 'score' | 'classification' | 'segmental';

/** The HDS concept a type measures: its LOINC code and the UCUM unit Withings' values are in. */
export interface WithingsConcept {
  code: string;
  unit: string;
}

export interface WithingsMeasureType {
  type: number;
  name: string;
  unit: string | null;
  kind: WithingsMeasureKind;
  /** The concept, or why the type has none (the corpus build lists it among the vendor's fields left out). */
  concept: WithingsConcept | { leftOut: string };
  /** The wearable indicator the provider sync stores it as; a type without one is not asked for. */
  wearable?: WearableIndicatorId;
}

const NO_CONCEPT = { leftOut: 'no corpus concept' };
const A_SCORE = { leftOut: 'a score' };
const A_CLASSIFICATION = { leftOut: 'a classification' };
const PER_SEGMENT = { leftOut: 'one value per body segment' };

export const WITHINGS_MEASURE_TYPES: readonly WithingsMeasureType[] = [
  {
    type: 1,
    name: 'Weight',
    unit: 'kg',
    kind: 'measure',
    concept: { code: '29463-7', unit: 'kg' },
    wearable: 'bodyWeight',
  },
  { type: 4, name: 'Height', unit: 'm', kind: 'measure', concept: { code: '8302-2', unit: 'm' } },
  {
    type: 5,
    name: 'Fat Free Mass',
    unit: 'kg',
    kind: 'measure',
    concept: { code: '91557-9', unit: 'kg' },
    wearable: 'leanBodyMass',
  },
  {
    type: 6,
    name: 'Fat Ratio',
    unit: '%',
    kind: 'measure',
    concept: { code: '41982-0', unit: '%' },
    wearable: 'bodyFatPercentage',
  },
  {
    type: 8,
    name: 'Fat Mass Weight',
    unit: 'kg',
    kind: 'measure',
    concept: { leftOut: 'fat mass, uncoded in HDS' },
    wearable: 'fatMass',
  },
  {
    type: 9,
    name: 'Diastolic Blood Pressure',
    unit: 'mmHg',
    kind: 'measure',
    concept: { code: '8462-4', unit: 'mm[Hg]' },
    wearable: 'diastolic',
  },
  {
    type: 10,
    name: 'Systolic Blood Pressure',
    unit: 'mmHg',
    kind: 'measure',
    concept: { code: '8480-6', unit: 'mm[Hg]' },
    wearable: 'systolic',
  },
  {
    type: 11,
    name: 'Heart Pulse',
    unit: 'bpm',
    kind: 'measure',
    concept: { code: '8867-4', unit: '/min' },
    wearable: 'heartRate',
  },
  {
    type: 12,
    name: 'Temperature',
    unit: '°C',
    kind: 'measure',
    concept: { leftOut: 'Temperature, body site not stated' },
  },
  {
    type: 54,
    name: 'SP02',
    unit: '%',
    kind: 'measure',
    concept: { code: '59408-5', unit: '%' },
    wearable: 'oxygenSaturation',
  },
  {
    type: 71,
    name: 'Body Temperature',
    unit: '°C',
    kind: 'measure',
    concept: { code: '8310-5', unit: 'Cel' },
    wearable: 'bodyTemperature',
  },
  {
    type: 73,
    name: 'Skin Temperature',
    unit: '°C',
    kind: 'measure',
    concept: { leftOut: 'skin temperature, uncoded in HDS' },
  },
  { type: 76, name: 'Muscle Mass', unit: 'kg', kind: 'measure', concept: NO_CONCEPT },
  { type: 77, name: 'Hydration', unit: 'kg', kind: 'measure', concept: NO_CONCEPT },
  { type: 88, name: 'Bone Mass', unit: 'kg', kind: 'measure', concept: NO_CONCEPT },
  { type: 91, name: 'Pulse Wave Velocity', unit: 'm/s', kind: 'measure', concept: NO_CONCEPT },
  {
    type: 123,
    name: 'VO2 max',
    unit: 'ml/min/kg',
    kind: 'measure',
    concept: { leftOut: 'VO2 max is an ambiguous term in the corpus' },
  },
  { type: 130, name: 'Atrial fibrillation result', unit: null, kind: 'classification', concept: A_CLASSIFICATION },
  { type: 135, name: 'QRS interval duration based on ECG signal', unit: null, kind: 'measure', concept: NO_CONCEPT },
  { type: 136, name: 'PR interval duration based on ECG signal', unit: null, kind: 'measure', concept: NO_CONCEPT },
  { type: 137, name: 'QT interval duration based on ECG signal', unit: null, kind: 'measure', concept: NO_CONCEPT },
  {
    type: 138,
    name: 'Corrected QT interval duration based on ECG signal',
    unit: null,
    kind: 'measure',
    concept: NO_CONCEPT,
  },
  {
    type: 139,
    name: 'Atrial fibrillation result from PPG',
    unit: null,
    kind: 'classification',
    concept: A_CLASSIFICATION,
  },
  { type: 155, name: 'Vascular age', unit: null, kind: 'score', concept: A_SCORE },
  {
    type: 158,
    name: 'Nerve Health Score Conductance 3 electrodes Left Foot',
    unit: null,
    kind: 'score',
    concept: A_SCORE,
  },
  {
    type: 159,
    name: 'Nerve Health Score Conductance 3 electrodes Right Foot',
    unit: null,
    kind: 'score',
    concept: A_SCORE,
  },
  { type: 167, name: 'Nerve Health Score Conductance 2 electrodes Feet', unit: null, kind: 'score', concept: A_SCORE },
  { type: 168, name: 'Extracellular Water', unit: 'kg', kind: 'measure', concept: NO_CONCEPT },
  { type: 169, name: 'Intracellular Water', unit: 'kg', kind: 'measure', concept: NO_CONCEPT },
  { type: 170, name: 'Visceral Fat', unit: null, kind: 'score', concept: { leftOut: 'an index' } },
  { type: 173, name: 'Fat Free Mass for segments', unit: null, kind: 'segmental', concept: PER_SEGMENT },
  { type: 174, name: 'Fat Mass for segments', unit: null, kind: 'segmental', concept: PER_SEGMENT },
  { type: 175, name: 'Muscle Mass for segments', unit: null, kind: 'segmental', concept: PER_SEGMENT },
  { type: 196, name: 'Electrodermal activity feet', unit: null, kind: 'score', concept: A_SCORE },
  { type: 197, name: 'Electrodermal activity left foot', unit: null, kind: 'score', concept: A_SCORE },
  { type: 198, name: 'Electrodermal activity right foot', unit: null, kind: 'score', concept: A_SCORE },
  { type: 226, name: 'Basal Metabolic Rate', unit: null, kind: 'measure', concept: NO_CONCEPT },
  { type: 227, name: 'Metabolic Age', unit: null, kind: 'score', concept: A_SCORE },
  { type: 229, name: 'Electrochemical Skin Conductance', unit: null, kind: 'score', concept: A_SCORE },
];

/** The table by type number. */
export const WITHINGS_MEASURE_TYPE_BY_NUMBER: ReadonlyMap<number, WithingsMeasureType> = new Map(
  WITHINGS_MEASURE_TYPES.map((t) => [t.type, t]),
);

/** The concept of a type, or null when it is left out. */
export function withingsConcept(entry: WithingsMeasureType): WithingsConcept | null {
  return 'code' in entry.concept ? entry.concept : null;
}

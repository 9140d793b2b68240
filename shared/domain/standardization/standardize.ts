import { conceptByCode } from './corpus';
import {
  type InterpretationCode,
  interpretAgainstRange,
  interpretFlag,
  parseReferenceRange,
  type ReferenceRange,
} from './reference-range';
import type { IndicatorResolution } from './resolver';
import type { ReadingInput, StandardizedReading } from './types';
import { resolveReadingIndicator } from './unitless-siblings';
import { normalizeUnit } from './units';
import { formatDecimal, parseBloodPressure, parseValue } from './values';

export const SYSTOLIC_BP_LOINC = '8480-6';
export const DIASTOLIC_BP_LOINC = '8462-4';

/**
 * Names under which a combined "120/80" reading arrives. Compared after lower-casing and collapsing punctuation;
 * deliberately a closed list rather than the resolver, because these names are ambiguous for a single number.
 */
const BLOOD_PRESSURE_NAMES = new Set([
  'blood pressure',
  'bp',
  'b p',
  'blood pressure panel',
  'nibp',
  'arterial blood pressure',
  'blutdruck',
  'rr',
  'presion arterial',
  'tension arterielle',
  'pression arterielle',
  '血压',
  'hkcorrelationtypeidentifierbloodpressure',
  'blood_pressure',
]);

function isBloodPressureName(indicator: string): boolean {
  const key = indicator
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]+/gu, ' ')
    .trim();
  return BLOOD_PRESSURE_NAMES.has(key);
}

function valueAsWritten(value: string | number): string {
  return typeof value === 'number' ? (formatDecimal(value) ?? String(value)) : value;
}

interface Judgement {
  referenceLow: number | null;
  referenceHigh: number | null;
  referenceText: string | null;
  abnormal: boolean | null;
  interpretation: string | null;
}

/** Flag first (the lab's own judgement), else the value against the range, else unknown. */
function judge(
  parsedValue: string | null,
  comparator: StandardizedReading['comparator'],
  range: ReferenceRange | null,
  flag: string | null | undefined,
): Judgement {
  const flagged = interpretFlag(flag);
  let interpretation: InterpretationCode | null = flagged;
  if (interpretation === null && parsedValue !== null && range) {
    interpretation = interpretAgainstRange(Number(parsedValue), comparator, range);
  }
  return {
    referenceLow: range?.low ?? null,
    referenceHigh: range?.high ?? null,
    referenceText: range?.text ?? null,
    abnormal: interpretation === null ? null : interpretation !== 'N',
    interpretation,
  };
}

/** Splits a blood-pressure range `"90-120/60-80"` into its systolic and diastolic halves when it has two. */
function splitBloodPressureRange(text: string | null | undefined): [string | null, string | null] {
  if (!text) return [null, null];
  const halves = text.split('/');
  if (halves.length !== 2) return [text, text];
  return [halves[0]?.trim() || null, halves[1]?.trim() || null];
}

function splitBloodPressure(input: ReadingInput, systolic: string, diastolic: string): StandardizedReading[] {
  const unit = normalizeUnit(input.unit) ?? 'mm[Hg]';
  const [systolicRange, diastolicRange] = splitBloodPressureRange(input.referenceRange);
  const parts: [string, string, string | null][] = [
    [SYSTOLIC_BP_LOINC, systolic, systolicRange],
    [DIASTOLIC_BP_LOINC, diastolic, diastolicRange],
  ];
  return parts.map(([code, parsedValue, rangeText]): StandardizedReading => {
    const concept = conceptByCode(code);
    const range = parseReferenceRange(rangeText);
    return {
      indicator: input.indicator,
      value: valueAsWritten(input.value),
      parsedValue,
      comparator: null,
      qualitative: null,
      parsedUnit: unit,
      loincCode: code,
      canonicalName: concept?.display ?? null,
      confidence: 1,
      category: 'vital-signs',
      ...judge(parsedValue, null, range, input.flag),
      referenceText: input.referenceRange?.trim() || null,
    };
  });
}

/** Pre-retrieved resolutions (provider embeddings, a service-layer pre-pass), keyed by `retrievalKey`. */
export type RetrievedResolutions = ReadonlyMap<string, IndicatorResolution>;

/** The key of a reading in `RetrievedResolutions`: its name and unit as the caller wrote them. */
export function retrievalKey(indicator: string, unit: string | null | undefined): string {
  return `${indicator}\u0000${unit?.trim() ?? ''}`;
}

function readUnit(input: ReadingInput) {
  const declaredUnit = input.unit?.trim() ? input.unit : null;
  const parsed = parseValue(input.value, normalizeUnit(declaredUnit));
  const unitText = declaredUnit ?? parsed.inlineUnit;
  const parsedUnit = parsed.durationUnit ?? normalizeUnit(unitText);
  return { parsed, parsedUnit, resolverUnit: parsedUnit ?? unitText };
}

/** The unit the resolver judges a reading's name with: declared, else written in the value (`"5.4 mmol/L"`). */
export function resolverUnitOf(input: ReadingInput): string | null {
  return readUnit(input).resolverUnit;
}

/**
 * Standardizes one reading: value parsing, UCUM unit, deterministic LOINC code, reference range and abnormality.
 * A combined blood pressure (`"120/80"` under "blood pressure"/"BP") yields two readings, systolic 8480-6 and
 * diastolic 8462-4, both keeping the value as written. Pure and deterministic. `retrieved` holds what a pre-pass found
 * for names the resolver leaves uncoded; it is consulted only then, so it can never change a code the corpus gives.
 * @see https://loinc.org/85354-9 — Blood pressure panel: systolic 8480-6 and diastolic 8462-4 are its members
 */
export function standardizeReading(input: ReadingInput, retrieved?: RetrievedResolutions): StandardizedReading[] {
  if (isBloodPressureName(input.indicator)) {
    const bp = parseBloodPressure(input.value);
    if (bp) return splitBloodPressure(input, bp.systolic, bp.diastolic);
  }

  const { parsed, parsedUnit, resolverUnit } = readUnit(input);
  let resolution = resolveReadingIndicator(input.indicator, resolverUnit);
  if (resolution.loincCode === null && retrieved) {
    resolution = retrieved.get(retrievalKey(input.indicator, input.unit)) ?? resolution;
  }
  const range = parseReferenceRange(input.referenceRange);

  return [
    {
      indicator: input.indicator,
      value: valueAsWritten(input.value),
      parsedValue: parsed.parsedValue,
      comparator: parsed.comparator,
      qualitative: parsed.qualitative,
      parsedUnit,
      loincCode: resolution.loincCode,
      canonicalName: resolution.canonicalName,
      confidence: resolution.confidence,
      category: resolution.category,
      ...judge(parsed.parsedValue, parsed.comparator, range, input.flag),
    },
  ];
}

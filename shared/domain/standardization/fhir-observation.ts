import type { ObservationCategory, ObservationContext, StandardizedReading } from './types';

export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
export const SNOMED_SYSTEM = 'http://snomed.info/sct';
export const OBSERVATION_CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const OBSERVATION_INTERPRETATION_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';

/** The subset of FHIR R4 datatypes an HDS Observation uses (plain JSON, no FHIR library at runtime). */
export interface FhirCoding {
  system?: string;
  code?: string;
  display?: string;
}

export interface FhirCodeableConcept {
  coding?: FhirCoding[];
  text?: string;
}

export interface FhirQuantity {
  value?: number;
  comparator?: '<' | '<=' | '>=' | '>';
  unit?: string;
  system?: string;
  code?: string;
}

export interface FhirReferenceRange {
  low?: FhirQuantity;
  high?: FhirQuantity;
  text?: string;
}

/** FHIR R4 Observation as HDS writes it. */
export interface FhirObservation {
  resourceType: 'Observation';
  id: string;
  status: 'final';
  category: FhirCodeableConcept[];
  code: FhirCodeableConcept;
  subject: { reference: string };
  effectiveDateTime?: string;
  effectivePeriod?: { start: string; end: string };
  issued: string;
  valueQuantity?: FhirQuantity;
  valueString?: string;
  valueCodeableConcept?: FhirCodeableConcept;
  interpretation?: FhirCodeableConcept[];
  referenceRange?: FhirReferenceRange[];
}

const CATEGORY_DISPLAY: Record<ObservationCategory, string> = {
  laboratory: 'Laboratory',
  'vital-signs': 'Vital Signs',
  activity: 'Activity',
  survey: 'Survey',
  exam: 'Exam',
};

const INTERPRETATION_DISPLAY: Readonly<Record<string, string>> = {
  H: 'High',
  L: 'Low',
  HH: 'Critical high',
  LL: 'Critical low',
  A: 'Abnormal',
  N: 'Normal',
};

/** SNOMED CT qualifier values for the qualitative results HDS recognises. */
const QUALITATIVE_SNOMED: Readonly<Record<string, FhirCoding>> = {
  positive: { system: SNOMED_SYSTEM, code: '10828004', display: 'Positive' },
  negative: { system: SNOMED_SYSTEM, code: '260385009', display: 'Negative' },
  trace: { system: SNOMED_SYSTEM, code: '260405006', display: 'Trace' },
  detected: { system: SNOMED_SYSTEM, code: '260373001', display: 'Detected' },
  'not detected': { system: SNOMED_SYSTEM, code: '260415000', display: 'Not detected' },
  reactive: { system: SNOMED_SYSTEM, code: '11214006', display: 'Reactive' },
  'non-reactive': { system: SNOMED_SYSTEM, code: '131194007', display: 'Non-Reactive' },
  present: { system: SNOMED_SYSTEM, code: '52101004', display: 'Present' },
  absent: { system: SNOMED_SYSTEM, code: '2667000', display: 'Absent' },
};

/** A Quantity; system and code only with a UCUM unit (FHIR qty-3: a code needs its system). */
function quantity(value: number, unit: string | null): FhirQuantity {
  return unit === null ? { value } : { value, unit, system: UCUM_SYSTEM, code: unit };
}

function referenceRange(reading: StandardizedReading): FhirReferenceRange[] | undefined {
  const range: FhirReferenceRange = {};
  if (reading.referenceLow !== null) range.low = quantity(reading.referenceLow, reading.parsedUnit);
  if (reading.referenceHigh !== null) range.high = quantity(reading.referenceHigh, reading.parsedUnit);
  if (reading.referenceText) range.text = reading.referenceText;
  // obs-3: a reference range needs at least low, high or text.
  return Object.keys(range).length > 0 ? [range] : undefined;
}

function value(reading: StandardizedReading): Partial<FhirObservation> {
  if (reading.parsedValue !== null) {
    const valueQuantity = quantity(Number(reading.parsedValue), reading.parsedUnit);
    if (reading.comparator) valueQuantity.comparator = reading.comparator;
    return { valueQuantity };
  }
  if (reading.qualitative) {
    const coding = QUALITATIVE_SNOMED[reading.qualitative];
    return coding
      ? { valueCodeableConcept: { coding: [coding], text: reading.qualitative } }
      : { valueString: reading.qualitative };
  }
  return reading.value.trim() ? { valueString: reading.value } : {};
}

/**
 * The FHIR R4 Observation mirroring one standardized reading: LOINC coding when known (the caller's name always in
 * `code.text`), UCUM quantity, reference range and v3 interpretation.
 * @see https://hl7.org/fhir/R4/observation.html
 */
export function buildObservation(reading: StandardizedReading, ctx: ObservationContext): FhirObservation {
  const code: FhirCodeableConcept = { text: reading.indicator };
  if (reading.loincCode) {
    const coding: FhirCoding = { system: LOINC_SYSTEM, code: reading.loincCode };
    if (reading.canonicalName) coding.display = reading.canonicalName;
    code.coding = [coding];
  }
  const observation: FhirObservation = {
    resourceType: 'Observation',
    id: ctx.id,
    status: 'final',
    category: [
      {
        coding: [
          {
            system: OBSERVATION_CATEGORY_SYSTEM,
            code: reading.category,
            display: CATEGORY_DISPLAY[reading.category],
          },
        ],
      },
    ],
    code,
    subject: { reference: `Patient/${ctx.subjectId}` },
    ...(ctx.endTime ? { effectivePeriod: { start: ctx.time, end: ctx.endTime } } : { effectiveDateTime: ctx.time }),
    issued: ctx.issued,
    ...value(reading),
  };
  if (reading.interpretation) {
    observation.interpretation = [
      {
        coding: [
          {
            system: OBSERVATION_INTERPRETATION_SYSTEM,
            code: reading.interpretation,
            display: INTERPRETATION_DISPLAY[reading.interpretation],
          },
        ],
      },
    ];
  }
  const ranges = referenceRange(reading);
  if (ranges) observation.referenceRange = ranges;
  return observation;
}

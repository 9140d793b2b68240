import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { readFhirObservations } from '../../../shared/domain/extraction/fhir-json';

const loinc = (code: string, display: string) => ({ coding: [{ system: 'http://loinc.org', code, display }] });

const glucose = {
  resourceType: 'Observation',
  id: 'glu',
  status: 'final',
  code: loinc('2345-7', 'Glucose [Mass/volume] in Serum or Plasma'),
  effectiveDateTime: '2026-03-02T08:15:00-05:00',
  valueQuantity: { value: 104, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
  referenceRange: [{ low: { value: 70, unit: 'mg/dL' }, high: { value: 99, unit: 'mg/dL' } }],
  interpretation: [
    { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation', code: 'H' }] },
  ],
};

const creatinine = {
  resourceType: 'Observation',
  id: 'cre',
  status: 'final',
  code: { ...loinc('2160-0', 'Creatinine [Mass/volume] in Serum or Plasma'), text: 'Creatinine' },
  valueQuantity: { value: 0.84, unit: 'mg/dL' },
  referenceRange: [{ text: '0.57 - 1.00 mg/dL' }],
};

const bloodPressure = {
  resourceType: 'Observation',
  status: 'final',
  code: loinc('85354-9', 'Blood pressure panel with all children optional'),
  effectiveDateTime: '2026-03-01',
  component: [
    { code: loinc('8480-6', 'Systolic blood pressure'), valueQuantity: { value: 128, unit: 'mm[Hg]' } },
    {
      code: loinc('8462-4', 'Diastolic blood pressure'),
      valueQuantity: { value: 82, code: 'mm[Hg]' },
      interpretation: [{ text: 'Normal' }],
    },
  ],
};

const reading = (fields: Partial<ReturnType<typeof extractReadingsOffline>[number]>) => ({
  unit: null,
  referenceRange: null,
  flag: null,
  measuredAt: null,
  ...fields,
});

describe('FHIR JSON observations', () => {
  it('reads a single Observation with unit, range, flag and date (offset dropped as the HL7 reader does)', () => {
    expect(extractReadingsOffline(JSON.stringify(glucose, null, 2))).toEqual([
      {
        indicator: 'Glucose [Mass/volume] in Serum or Plasma',
        value: '104',
        unit: 'mg/dL',
        referenceRange: '70-99',
        flag: 'H',
        measuredAt: '2026-03-02T08:15:00',
      },
    ]);
  });

  it('reads a Bundle: DiagnosticReport results resolved by fullUrl or Observation/<id>, once each, Patient skipped', () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'searchset',
      entry: [
        { fullUrl: 'https://fhir.example.org/r4/Patient/p1', resource: { resourceType: 'Patient', id: 'p1' } },
        {
          fullUrl: 'https://fhir.example.org/r4/DiagnosticReport/r1',
          resource: {
            resourceType: 'DiagnosticReport',
            status: 'final',
            code: loinc('24323-8', 'Comprehensive metabolic panel'),
            effectiveDateTime: '2026-03-02T08:30:00Z',
            result: [{ reference: 'Observation/cre' }, { reference: 'https://fhir.example.org/r4/Observation/glu' }],
          },
        },
        { fullUrl: 'https://fhir.example.org/r4/Observation/glu', resource: glucose },
        { fullUrl: 'https://fhir.example.org/r4/Observation/cre', resource: creatinine },
      ],
    };
    expect(extractReadingsOffline(JSON.stringify(bundle))).toEqual([
      reading({
        indicator: 'Creatinine',
        value: '0.84',
        unit: 'mg/dL',
        referenceRange: '0.57 - 1.00 mg/dL',
        measuredAt: '2026-03-02T08:30:00',
      }),
      reading({
        indicator: 'Glucose [Mass/volume] in Serum or Plasma',
        value: '104',
        unit: 'mg/dL',
        referenceRange: '70-99',
        flag: 'H',
        measuredAt: '2026-03-02T08:15:00',
      }),
    ]);
  });

  it('reads one reading per component, named by the component code; the unit falls back to the UCUM code', () => {
    expect(readFhirObservations(JSON.stringify(bloodPressure))).toEqual([
      reading({ indicator: 'Systolic blood pressure', value: '128', unit: 'mm[Hg]', measuredAt: '2026-03-01' }),
      reading({
        indicator: 'Diastolic blood pressure',
        value: '82',
        unit: 'mm[Hg]',
        flag: 'Normal',
        measuredAt: '2026-03-01',
      }),
    ]);
  });

  it('reads contained Observations of a DiagnosticReport, referenced by #id, with the report date', () => {
    const report = {
      resourceType: 'DiagnosticReport',
      status: 'final',
      code: { text: 'Lipid panel' },
      effectivePeriod: { start: '2026-02-10T07:45:00+01:00', end: '2026-02-10T08:00:00+01:00' },
      contained: [
        {
          resourceType: 'Observation',
          id: 'ldl',
          status: 'final',
          code: { text: 'LDL' },
          valueQuantity: { value: 3.1, unit: 'mmol/L' },
        },
        {
          resourceType: 'Observation',
          id: 'hdl',
          status: 'final',
          code: { text: 'HDL' },
          valueQuantity: { value: 1.4, unit: 'mmol/L' },
        },
      ],
      result: [{ reference: '#hdl' }, { reference: '#ldl' }],
    };
    expect(readFhirObservations(JSON.stringify(report))).toEqual([
      reading({ indicator: 'HDL', value: '1.4', unit: 'mmol/L', measuredAt: '2026-02-10T07:45:00' }),
      reading({ indicator: 'LDL', value: '3.1', unit: 'mmol/L', measuredAt: '2026-02-10T07:45:00' }),
    ]);
  });

  it('keeps a comparator and the written precision of a number (5.0 stays 5.0)', () => {
    const json =
      '{"resourceType":"Observation","status":"final","code":{"text":"CRP"},"issued":"2026-01-05T10:00:00.000Z",' +
      '"valueQuantity":{"value":5.0,"comparator":"<","unit":"mg/L"},"referenceRange":[{"high":{"value":10}}]}';
    expect(readFhirObservations(json)).toEqual([
      reading({
        indicator: 'CRP',
        value: '<5.0',
        unit: 'mg/L',
        referenceRange: '<10',
        measuredAt: '2026-01-05T10:00:00',
      }),
    ]);
  });

  it('reads every value type: string, coded, boolean, integer, ratio, range; one-sided low range', () => {
    const observation = (code: string, value: Record<string, unknown>) => ({
      resourceType: 'Observation',
      status: 'final',
      code: { text: code },
      ...value,
    });
    const bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        observation('Appearance', { valueString: 'Clear' }),
        observation('Nitrite', { valueCodeableConcept: { coding: [{ code: '260385009', display: 'Negative' }] } }),
        observation('Pregnancy test', { valueBoolean: false }),
        observation('Leukocytes', { valueInteger: 3 }),
        observation('ANA titer', { valueRatio: { numerator: { value: 1 }, denominator: { value: 160 } } }),
        observation('Epithelial cells', {
          valueRange: { low: { value: 2, unit: '/HPF' }, high: { value: 5, unit: '/HPF' } },
          referenceRange: [{ low: { value: 0 } }],
        }),
        observation('Specimen collected', { valueDateTime: '2026-03-02' }),
      ].map((resource) => ({ resource })),
    };
    expect(readFhirObservations(JSON.stringify(bundle))).toEqual([
      reading({ indicator: 'Appearance', value: 'Clear' }),
      reading({ indicator: 'Nitrite', value: 'Negative' }),
      reading({ indicator: 'Pregnancy test', value: 'false' }),
      reading({ indicator: 'Leukocytes', value: '3' }),
      reading({ indicator: 'ANA titer', value: '1:160' }),
      reading({ indicator: 'Epithelial cells', value: '2-5', unit: '/HPF', referenceRange: '>0' }),
    ]);
  });

  it('names a reading by code.text, else the first coding display, else the code', () => {
    const named = (code: Record<string, unknown>) =>
      readFhirObservations(JSON.stringify({ resourceType: 'Observation', code, valueQuantity: { value: 1 } }))?.[0]
        ?.indicator;
    expect(named({ text: 'Hb', coding: [{ display: 'Hemoglobin' }] })).toBe('Hb');
    expect(named({ coding: [{ code: '718-7' }, { display: 'Hemoglobin' }] })).toBe('Hemoglobin');
    expect(named({ coding: [{ system: 'http://loinc.org', code: '718-7' }] })).toBe('718-7');
    expect(named({})).toBeUndefined();
  });

  it('skips entered-in-error and cancelled Observations, absent data, and a panel without a value (reads its members)', () => {
    const bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          fullUrl: 'urn:uuid:panel',
          resource: {
            resourceType: 'Observation',
            status: 'final',
            code: loinc('58410-2', 'CBC panel'),
            effectiveDateTime: '2026-03-03',
            hasMember: [{ reference: 'urn:uuid:hgb' }],
          },
        },
        { resource: { ...glucose, id: 'x1', status: 'entered-in-error' } },
        { resource: { ...glucose, id: 'x2', status: 'cancelled' } },
        {
          resource: {
            resourceType: 'Observation',
            status: 'final',
            code: { text: 'Potassium' },
            dataAbsentReason: { coding: [{ code: 'error' }] },
          },
        },
        {
          fullUrl: 'urn:uuid:hgb',
          resource: {
            resourceType: 'Observation',
            status: 'final',
            code: { text: 'Hemoglobin' },
            valueQuantity: { value: 13.2, unit: 'g/dL' },
          },
        },
      ],
    };
    expect(readFhirObservations(JSON.stringify(bundle))).toEqual([
      reading({ indicator: 'Hemoglobin', value: '13.2', unit: 'g/dL', measuredAt: '2026-03-03' }),
    ]);
  });

  it('reads STU3/DSTU2 shapes: a single interpretation object and panel members under related has-member', () => {
    const panel = {
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'Urinalysis' },
      effectiveDateTime: '2019-05-04',
      contained: [
        {
          resourceType: 'Observation',
          id: 'ph',
          code: { text: 'pH' },
          valueQuantity: { value: 6.5 },
          interpretation: { coding: [{ code: 'N' }] },
        },
      ],
      related: [{ type: 'has-member', target: { reference: '#ph' } }],
    };
    expect(readFhirObservations(JSON.stringify(panel))).toEqual([
      reading({ indicator: 'pH', value: '6.5', flag: 'N', measuredAt: '2019-05-04' }),
    ]);
  });

  it('reads a bare array of resources and the contained Observations of any resource', () => {
    const array = [
      { resourceType: 'Patient', id: 'p' },
      {
        resourceType: 'Encounter',
        contained: [
          { resourceType: 'Observation', code: { text: 'Weight' }, valueQuantity: { value: 72.5, unit: 'kg' } },
        ],
      },
      { resourceType: 'Observation', code: { text: 'Height' }, valueQuantity: { value: 178, unit: 'cm' } },
    ];
    expect(readFhirObservations(JSON.stringify(array))).toEqual([
      reading({ indicator: 'Weight', value: '72.5', unit: 'kg' }),
      reading({ indicator: 'Height', value: '178', unit: 'cm' }),
    ]);
  });

  it('reads NDJSON, one resource per line (a bulk export)', () => {
    const ndjson = [glucose, creatinine, { resourceType: 'Patient', id: 'p' }].map((r) => JSON.stringify(r)).join('\n');
    expect(extractReadingsOffline(ndjson).map((r) => `${r.indicator}=${r.value}`)).toEqual([
      'Glucose [Mass/volume] in Serum or Plasma=104',
      'Creatinine=0.84',
    ]);
  });

  it('keeps the complete lines of an NDJSON export cut off mid-line', () => {
    const lines = [glucose, creatinine].map((r) => JSON.stringify(r));
    const cut = `${lines[0]}\n${lines[1]?.slice(0, 60)}`;
    expect(readFhirObservations(cut)?.map((r) => r.value)).toEqual(['104']);
  });

  it('finds JSON pasted inside an email, past braces and brackets in the prose', () => {
    const email = [
      'Hi Dr. Lee [re: results], {see below}',
      'Here is what the portal gave me:',
      '',
      JSON.stringify(creatinine, null, 2),
      '',
      'Thanks {J}',
    ].join('\n');
    expect(extractReadingsOffline(email)).toEqual([
      reading({ indicator: 'Creatinine', value: '0.84', unit: 'mg/dL', referenceRange: '0.57 - 1.00 mg/dL' }),
    ]);
  });

  it('reads JSON quoted in an email reply once the quote marks are taken off', () => {
    const quoted = JSON.stringify(creatinine, null, 2)
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n');
    const reply = `Thanks, see my results below.\n\nOn Mon, 12 Jan 2026 Jo wrote:\n> Here they are:\n${quoted}\n>\n> Jo`;
    expect(readFhirObservations(reply)?.map((r) => `${r.indicator}=${r.value}`)).toEqual(['Creatinine=0.84']);
  });

  it('never throws on truncated or garbled JSON, and then leaves the text to the line pipeline', () => {
    const whole = JSON.stringify({ resourceType: 'Bundle', entry: [{ resource: glucose }, { resource: creatinine }] });
    const truncated = whole.slice(0, whole.length - 40);
    expect(readFhirObservations(truncated)).toBeNull();
    expect(() => extractReadingsOffline(truncated)).not.toThrow();
    const garbled = '{"resourceType": "Observation", "code": {"text": "Glucose"}, valueQuantity: {"value": 104}}';
    expect(readFhirObservations(garbled)).toBeNull();
    expect(readFhirObservations('{"resourceType": "Observation" ] }')).toBeNull();
    expect(readFhirObservations('"resourceType" {"a": "\\')).toBeNull();
    const deep = `${'['.repeat(5000)}{"resourceType":"Observation","code":{"text":"Hb"},"valueInteger":1}${']'.repeat(5000)}`;
    expect(() => readFhirObservations(deep)).not.toThrow();
    const unclosedInProse = `{"resourceType": "Observation", "code": {"text": "Glucose"}\nGlucose: 104 mg/dL (70-99) H`;
    expect(extractReadingsOffline(unclosedInProse).map((r) => r.value)).toContain('104');
  });

  it('a Patient-only Bundle yields no reading, so the line pipeline still reads the text around it', () => {
    const text = `${JSON.stringify({ resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Patient', id: 'p' } }] })}\n\nGlucose: 104 mg/dL (70-99) H`;
    expect(readFhirObservations(text)).toEqual([]);
    expect(extractReadingsOffline(text)).toEqual([
      reading({ indicator: 'Glucose', value: '104', unit: 'mg/dL', referenceRange: '70-99', flag: 'H' }),
    ]);
  });

  it('leaves text without FHIR resources alone', () => {
    expect(readFhirObservations('Glucose: 104 mg/dL')).toBeNull();
    expect(readFhirObservations('{"glucose": 104}')).toBeNull();
  });
});

describe('FHIR JSON: hostile shapes', () => {
  it('reads a chain of thousands of panels (hasMember of hasMember…) without exhausting the stack', () => {
    const entries = Array.from({ length: 5000 }, (_, i) => ({
      fullUrl: `Observation/o${i}`,
      resource: {
        resourceType: 'Observation',
        id: `o${i}`,
        code: { text: `Panel ${i}` },
        hasMember: i < 4999 ? [{ reference: `Observation/o${i + 1}` }] : [],
        ...(i === 4999 ? { valueQuantity: { value: 5.4, unit: 'mmol/L' } } : {}),
      },
    }));
    const text = JSON.stringify({ resourceType: 'Bundle', entry: entries });
    expect(() => extractReadingsOffline(text)).not.toThrow();
  });

  it('dates the Observations of a report listed after them (an _include search) with the report date', () => {
    const bundle = {
      resourceType: 'Bundle',
      entry: [
        {
          fullUrl: 'Observation/g',
          resource: {
            resourceType: 'Observation',
            id: 'g',
            code: { text: 'Glucose' },
            valueQuantity: { value: 104, unit: 'mg/dL' },
          },
        },
        {
          fullUrl: 'DiagnosticReport/r',
          resource: {
            resourceType: 'DiagnosticReport',
            id: 'r',
            effectiveDateTime: '2026-03-02',
            result: [{ reference: 'Observation/g' }],
          },
        },
      ],
    };
    expect(extractReadingsOffline(JSON.stringify(bundle)).map((r) => [r.indicator, r.measuredAt])).toEqual([
      ['Glucose', '2026-03-02'],
    ]);
  });
});

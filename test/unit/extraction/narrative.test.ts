import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';

describe('narrative text yields nothing', () => {
  it.each([
    'Felt tired today, slept badly, had a headache after lunch',
    'Walked the dog around 6 in the evening, maybe 20 minutes. Mom called at 8:15, she turns 80 on the 3rd of May.',
    'She is a 54-year-old teacher seen in room 204 on 12 March 2026. Please call 020 7946 0321.',
    'We drove 320 km and had dinner for 4; it cost 96 euros. Booked for 25 people on 14.06.2027.',
    'Took 500 mg metformin with breakfast and 20 mg atorvastatin at night.',
    'Her previous investigations from 2019 were unremarkable; follow-up in 3 months at 9:30.',
    'Page 2 of 3',
    'Room 104',
  ])('%s', (text) => {
    expect(extractReadingsOffline(text)).toEqual([]);
  });
});

describe('mixed text keeps only the readings', () => {
  it('takes the glucose reading from a journal sentence', () => {
    const readings = extractReadingsOffline('Slept 7 hours. Morning glucose was 104 mg/dL, felt fine.');
    expect(readings).toEqual([
      { indicator: 'glucose', value: '104', unit: 'mg/dL', referenceRange: null, flag: null, measuredAt: null },
    ]);
  });

  it('reads past a judgement between the name and the value (a nurse’s message)', () => {
    const text = 'Your potassium was a little high at 5.3 (normal 3.5-5.1), and your creatinine was 1.4 mg/dL.';
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.referenceRange])).toEqual([
      ['potassium', '5.3', null, '3.5-5.1'],
      ['creatinine', '1.4', 'mg/dL', null],
    ]);
    expect(extractReadingsOffline('The weather was slightly warmer at 21 degrees, a little high for May.')).toEqual([]);
  });

  it('reads a bare number in brackets after a test named in prose, but not a year or a footnote', () => {
    const text = 'Everything else, including your liver tests and TSH (2.1), was normal.';
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value])).toEqual([['TSH', '2.1']]);
    expect(extractReadingsOffline('Her TSH (2019) was normal; see vitamin D (1) below.')).toEqual([]);
  });

  it('accepts a known measurement without a unit but not an unknown name', () => {
    expect(extractReadingsOffline('Glucose 104').map((r) => r.indicator)).toEqual(['Glucose']);
    expect(extractReadingsOffline('Room 104')).toEqual([]);
    expect(extractReadingsOffline('Invoice 104')).toEqual([]);
  });

  it('skips doses, ages, times and phone numbers around real readings', () => {
    const text = [
      '62 y/o female seen at 10:30, phone 312-555-0187.',
      'Took 500 mg metformin with breakfast. Weight 81.2 kg.',
      'Fasting glucose 118 mg/dL. BP 134/86 after coffee.',
      'Vitamin D 2000 IU daily since 2024.',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit])).toEqual([
      ['Weight', '81.2', 'kg'],
      ['Fasting glucose', '118', 'mg/dL'],
      ['BP', '134/86', null],
    ]);
  });

  it('keeps lab values stated inside a clinical note', () => {
    const text = 'Today HbA1c 7.2 %, creatinine stable. Vitals today: BP 142/88, pulse 80, weight 94.3 kg.';
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value])).toEqual([
      ['HbA1c', '7.2'],
      ['BP', '142/88'],
      ['pulse', '80'],
      ['weight', '94.3'],
    ]);
  });

  it('keeps the reading and drops the dose when both share a line, even for a drug the resolver knows as a test', () => {
    const readings = extractReadingsOffline('Temperature 38.5 C this evening, took paracetamol 1 g');
    expect(readings.map((r) => [r.indicator, r.value, r.unit])).toEqual([['Temperature', '38.5', 'C']]);
  });

  it('reads nothing from a medication list', () => {
    const text = 'Medications:\nMetformin 500 mg BID\nLisinopril 10 mg daily\nAtorvastatin 20 mg\nVitamin D3 1000 IU';
    expect(extractReadingsOffline(text)).toEqual([]);
  });

  it('reads readings named in German prose', () => {
    expect(extractReadingsOffline('Blutzucker heute früh 108 mg/dl, sonst alles gut.').map((r) => r.value)).toEqual([
      '108',
    ]);
  });
});

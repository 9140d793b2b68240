import { describe, expect, it } from 'vitest';
import { readDashJoinedLine } from '../../../shared/domain/extraction/dash-joined-results';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'flag');
const dated = (text: string) => readAs(text, 'indicator', 'value', 'measuredAt');

describe('portal pages printing the range first, without a Value caption or with worded results', () => {
  it('reads a value straight under its range line (no caption), unit with the value, flag below', () => {
    const text = [
      'Test Details',
      'Results',
      '',
      'Platelets',
      'Normal range: 150 - 400 K/uL',
      '412 K/uL',
      'High',
      '',
      'Ferritin',
      'Standard range: 30 - 400 ng/mL',
      '22',
      'Low',
      '',
      'TSH',
      'Reference range: 0.45 - 4.50 uIU/mL',
      '2.10 uIU/mL',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Platelets', '412', 'K/uL', '150 - 400', 'High'],
      ['Ferritin', '22', 'ng/mL', '30 - 400', 'Low'],
      ['TSH', '2.10', 'uIU/mL', '0.45 - 4.50', null],
    ]);
  });

  it('reads worded and graded results under `Value` with a worded normal value, and `Abnormal` alone as the flag', () => {
    const text = [
      'Results',
      'Clarity, Urine',
      'Normal value: Clear',
      'Value',
      'Hazy',
      'Abnormal',
      'Nitrite, UA',
      'Normal value: Negative',
      'Value',
      'Negative',
      'Casts, UA',
      'Normal value: None seen',
      'Value',
      'Few',
      'Abnormal',
      'RBC, Urine',
      'Normal range: 0 - 3 /HPF',
      'Value',
      '10-20 /HPF',
      'Abnormal',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Clarity, Urine', 'Hazy', null, 'Clear', 'Abnormal'],
      ['Nitrite, UA', 'Negative', null, 'Negative', null],
      ['Casts, UA', 'Few', null, 'None seen', 'Abnormal'],
      ['RBC, Urine', '10-20', '/HPF', '0 - 3', 'Abnormal'],
    ]);
  });

  it('does not move a range that follows a value (value-first pages keep their shape)', () => {
    const text = ['Sodium', '141 mmol/L', 'Normal range: 136 - 145 mmol/L', 'Potassium', '4.1 mmol/L'].join('\n');
    expect(rows(text)).toEqual([
      ['Sodium', '141', 'mmol/L', '136 - 145', null],
      ['Potassium', '4.1', 'mmol/L', null, null],
    ]);
  });
});

describe('GP record flags and overlong SNOMED names', () => {
  it('reads `Above range` / `Below range` after the range as the flag', () => {
    const text = [
      '14 October 2026',
      '    Serum potassium level             5.4 mmol/L        Range: 3.5 - 5.3     Above range',
      '    Serum ferritin level              12 ug/L           Range: 30.0 - 400.0  Below range',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Serum potassium level', '5.4', 'mmol/L', '3.5 - 5.3', 'Above range'],
      ['Serum ferritin level', '12', 'ug/L', '30.0 - 400.0', 'Below range'],
    ]);
  });

  it('joins a name line running past the value column to the reading line that finishes it', () => {
    const text = [
      'Blood test - 02 March 2026',
      'Haemoglobin A1c level - International Federation of Clinical Chemistry and Laboratory',
      'Medicine standardised                               52 mmol/mol           [20 - 41]',
      'Plasma glucose level fasting measured by laboratory method under standard conditions',
      'overnight                                           6.1 mmol/L            [3 - 6]',
    ].join('\n');
    expect(rows(text).map((r) => r[0])).toEqual([
      'Haemoglobin A1c level - International Federation of Clinical Chemistry and Laboratory Medicine standardised',
      'Plasma glucose level fasting measured by laboratory method under standard conditions overnight',
    ]);
  });

  it('keeps a sentence above a reading out of its name (punctuation, a short line, or a line ending before the values)', () => {
    const text = [
      'Your GP has reviewed these results and would like you to book a routine appointment soon.',
      'Serum sodium                                        140 mmol/L            [133 - 146]',
      'Results from the practice nurse clinic held at the surgery last week',
      'Serum potassium                                     4.9 mmol/L            [3.5 - 5.3]',
    ].join('\n');
    expect(rows(text).map((r) => r[0])).toEqual(['Serum sodium', 'Serum potassium']);
  });
});

describe('name-value lab lines of a hospital note (MIMIC style)', () => {
  it('reads the pairs with the draw time, `*` as the flag, a wrapped line with the line above, not a blanked value', () => {
    const text = [
      'Pertinent Results:',
      '05/12/2026 06:40AM BLOOD WBC-6.2 RBC-3.41* Hgb-10.2* Plt ___',
      '05/12/2026 06:40AM BLOOD PT-14.1* PTT-31.0 INR(PT)-1.3*',
      'Glucose-98 UreaN-22* Creat-1.4*',
      '05/12/2026 07:05AM URINE Blood-NEG Nitrite-POS* pH-6.5',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.flag, r.measuredAt])).toEqual([
      ['WBC', '6.2', null, '2026-05-12T06:40:00'],
      ['RBC', '3.41', '*', '2026-05-12T06:40:00'],
      ['Hgb', '10.2', '*', '2026-05-12T06:40:00'],
      ['PT', '14.1', '*', '2026-05-12T06:40:00'],
      ['PTT', '31.0', null, '2026-05-12T06:40:00'],
      ['INR(PT)', '1.3', '*', '2026-05-12T06:40:00'],
      ['Glucose', '98', null, '2026-05-12T06:40:00'],
      ['UreaN', '22', '*', '2026-05-12T06:40:00'],
      ['Creat', '1.4', '*', '2026-05-12T06:40:00'],
      ['Blood', 'NEG', null, '2026-05-12T07:05:00'],
      ['Nitrite', 'POS', '*', '2026-05-12T07:05:00'],
      ['pH', '6.5', null, '2026-05-12T07:05:00'],
    ]);
  });

  it('turns away prose with hyphenated words and pairs without a draw line above', () => {
    expect(readDashJoinedLine('Plan: follow-up in 2-3 weeks, CKD-3 stable.', 'month-first')).toBeNull();
    expect(readDashJoinedLine('well-known non-smoker', 'month-first')).toBeNull();
    expect(readDashJoinedLine('03/04/2026 02:22PM seen by Dr-Smith', 'month-first')).toBeNull();
    const text = ['History:', 'Type-2 diabetes since 2019.', 'HCO3-17* AnGap-17'].join('\n');
    expect(rows(text)).toEqual([]);
  });
});

describe('prose vitals in a discharge letter', () => {
  it('reads `T` as the temperature among other vital signs, in °C or °F, dated by the discharge day', () => {
    const text = [
      'Admission Date:  03/04/2026              Discharge Date:   03/09/2026',
      '',
      'In the ED, T 101.2F, BP 94/58, HR 104.',
      '',
      'Discharge Vitals: T 98.1F, BP 128/74, HR 78, SpO2 97% RA',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['T', '101.2', '2026-03-04'],
      ['BP', '94/58', '2026-03-04'],
      ['HR', '104', '2026-03-04'],
      ['T', '98.1', '2026-03-09'],
      ['BP', '128/74', '2026-03-09'],
      ['HR', '78', '2026-03-09'],
      ['SpO2', '97', '2026-03-09'],
    ]);
  });

  it('dates `Observations on day of discharge` by the discharged date; leaves `T` alone away from vitals or out of range', () => {
    const text = [
      'Admitted:  19/10/2026 14:30              Discharged: 23/10/2026',
      '',
      'Observations on day of discharge: T 36.8, HR 78, RR 16.',
      '',
      'Staging T 2, N 0. Tumour size T 38 mm.',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['T', '36.8', '2026-10-23'],
      ['HR', '78', '2026-10-23'],
      ['RR', '16', '2026-10-23'],
    ]);
  });

  it('takes the when-taken phrase out of a prose reading name', () => {
    const text = [
      'Admitted: 19/10/2026',
      'Venous lactate on arrival 2.4 mmol/L, cleared after fluids.',
      'Serum lactate at presentation 3.1 mmol/L.',
    ].join('\n');
    expect(rows(text).map((r) => [r[0], r[1]])).toEqual([
      ['Venous lactate', '2.4'],
      ['Serum lactate', '3.1'],
    ]);
  });
});

describe('prose readings dated by words relative to the message', () => {
  it('counts a weekday back to the last such day and `this morning` / `yesterday` from the message date', () => {
    const text = [
      'Date: Sun, Nov 22, 2026 8:41 PM',
      '',
      'Weight Saturday morning: 212 lb (down from 218 at my visit). Felt a little dizzy.',
      'My glucose yesterday was 6.1 mmol/L. Blood pressure this morning 128/82.',
      'Pulse 72 bpm.',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['Weight', '212', '2026-11-21'],
      ['glucose', '6.1', '2026-11-21'],
      ['Blood pressure', '128/82', '2026-11-22'],
      ['Pulse', '72', '2026-11-22T20:41:00'],
    ]);
  });

  it('dates by the chat stamp of the message the reading is in', () => {
    const text = [
      '[Oct 25, 2026, 8:41 PM] Tom: here are my numbers',
      'Oh and weight this morning 211.4 lb.',
      '[Oct 28, 2026, 9:02 AM] Tom: one more',
      'HbA1c on Monday was 7.1 %',
    ].join('\n');
    expect(dated(text)).toEqual([
      ['weight', '211.4', '2026-10-25'],
      ['HbA1c', '7.1', '2026-10-26'],
    ]);
  });
});

describe('small notes from design §8 item 4', () => {
  it('reads `%PCV` as the haematocrit unit of a point-of-care printout', () => {
    expect(rows('   Hct        33  %PCV    L\n   Hct: 41 %PCV (37-47)')).toEqual([
      ['Hct', '33', '%PCV', null, 'L'],
      ['Hct', '41', '%PCV', '37-47', null],
    ]);
  });

  it('reads a unitless abbreviation in brackets after a finding only within its test span', () => {
    const text = [
      'Admission bloods showed hypokalaemia (K 3.3) and hyponatraemia (Na: 128).',
      'Surgery (T 4) in 2019, tumour (K 42) and ward (Na 1).',
    ].join('\n');
    expect(rows(text).map((r) => [r[0], r[1]])).toEqual([
      ['K', '3.3'],
      ['Na', '128'],
    ]);
  });

  it('turns away a band given its meaning after a colon, but not a result followed by a note', () => {
    expect(rows('eGFR >90: normal. 60-89: mildly decreased.\nVitamin D 20-29: insufficient')).toEqual([]);
    expect(rows('Creatinine 61 umol/L: stable since March').map((r) => r[1])).toEqual(['61']);
  });

  it('turns away bounds listed under a targets caption, on its line or indented under it, not the results above', () => {
    const text = [
      'LDL Cholesterol                    H     3.55        <3.50                mmol/L',
      '        Lipid targets for treated patients (2021 CCS Guidelines):',
      '          LDL Cholesterol       < 2.0 mmol/L',
      '          Apolipoprotein B      < 0.8 g/L',
      '',
      'Lipid targets per 2021 CCS Guidelines: LDL-C <2.0 mmol/L or non-HDL-C <2.6 mmol/L for high-risk patients.',
      'Objectifs thérapeutiques (recommandations) :',
      '   LDL-cholestérol  < 1,0 g/L',
      'Glucose 5.1 mmol/L',
    ].join('\n');
    expect(rows(text).map((r) => [r[0], r[1]])).toEqual([
      ['LDL Cholesterol', '3.55'],
      ['Glucose', '5.1'],
    ]);
  });

  it('reads `Toxicité` as a band label in a French band list', () => {
    expect(rows('  Carence : < 10 ng/mL\n  Toxicité : > 100 ng/mL\n  Tossicità: > 150 ng/mL')).toEqual([]);
  });
});

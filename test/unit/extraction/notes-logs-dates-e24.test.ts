import { describe, expect, it } from 'vitest';
import { readAs } from './support/read-fields';

const flagged = (text: string) => readAs(text, 'indicator', 'value', 'flag');
const dated = (text: string) => readAs(text, 'indicator', 'value', 'measuredAt');

describe("a note's labs paragraph of unitless abbreviations (message-lists.ts)", () => {
  it('reads each abbreviation with its flag when three parts of the line are such abbreviations', () => {
    expect(flagged('Na 131 (L), K 5.2 (H), Cl 97, HCO3 18 (L)')).toEqual([
      ['Na', '131', 'L'],
      ['K', '5.2', 'H'],
      ['Cl', '97', null],
      ['HCO3', '18', 'L'],
    ]);
    expect(flagged('Labs today: Na 128 (L); K 3.1 (L); Cl 92; HCO3 30 (H); Cr 0.9.')).toEqual([
      ['Na', '128', 'L'],
      ['K', '3.1', 'L'],
      ['Cl', '92', null],
      ['HCO3', '30', 'H'],
      ['Cr', '0.9', null],
    ]);
    expect(flagged('Creat 188 (H) (baseline 120s), urea 14.2 (H), K 4.9, Na 137.')).toEqual([
      ['Creat', '188', 'H'],
      ['urea', '14.2', 'H'],
      ['K', '4.9', null],
      ['Na', '137', null],
    ]);
  });

  it('leaves a short name alone, out of its span or in words', () => {
    expect(flagged('Seen in clinic. Na 131 and K 5.2 were discussed with the patient; plan to repeat.')).toEqual([]);
    expect(flagged('Room 12, K 4 beds, Na 2 staff')).toEqual([]);
    expect(flagged('Pt weight 70 kg, Na 140 (L)')).toEqual([['weight', '70', null]]);
    // A dialysate's prescription is what the bath holds.
    expect(flagged('Prescription: 4 h, Qb 350 ml/min, Qd 500, Na 138, K 2, Ca 1.25, Heparin 1000 iu bolus')).toEqual(
      [],
    );
  });

  it('keeps a bracketed flag before the full stop and parts a sentence before a lower-case prefixed name', () => {
    expect(
      readAs('Procalcitonin 4.8 ng/mL (H). hs-Troponin T 22 ng/L (ref <14).', 'indicator', 'flag', 'referenceRange'),
    ).toEqual([
      ['Procalcitonin', 'H', null],
      ['hs-Troponin T', null, '<14'],
    ]);
    expect(
      readAs('Ferritin 12 ng/mL (L). eGFR 54 mL/min/1.73m2 (ref >60).', 'indicator', 'flag', 'referenceRange'),
    ).toEqual([
      ['Ferritin', 'L', null],
      ['eGFR', null, '>60'],
    ]);
  });
});

describe("a caption's time dates the readings on its line (caption-times.ts)", () => {
  it('dates the line at the caption time on the note day, not at another block collection time', () => {
    const note = [
      'Date of Service: 11/21/2026',
      'Triage vitals (21:55): T 38.9 °C, HR 114, BP 96/58',
      'LABS (collected 11/21/2026 22:10): Lactate 3.6 mmol/L (H)',
    ].join('\n');
    expect(dated(note)).toEqual([
      ['T', '38.9', '2026-11-21T21:55:00'],
      ['HR', '114', '2026-11-21T21:55:00'],
      ['BP', '96/58', '2026-11-21T21:55:00'],
      ['Lactate', '3.6', '2026-11-21T22:10:00'],
    ]);
    expect(
      dated('Date: 03/02/2026\nVitals at 07:30: BP 128/82, HR 72\nRepeat labs [02:00]: Lactate 2.1 mmol/L'),
    ).toEqual([
      ['BP', '128/82', '2026-03-02T07:30:00'],
      ['HR', '72', '2026-03-02T07:30:00'],
      ['Lactate', '2.1', '2026-03-02T02:00:00'],
    ]);
  });

  it('leaves a time that is no caption of the line', () => {
    expect(dated('Date: 03/02/2026\nGlucose 5.4 mmol/L, next check (14:00): fasting')).toEqual([
      ['Glucose', '5.4', '2026-03-02'],
    ]);
  });
});

describe("a log's insulin column is a dose (doses-criteria-scores.ts)", () => {
  it('drops the doses of a tab, comma or semicolon log, by the unit or the header', () => {
    const sheet = [
      'Date\tTime\tBG (mg/dL)\tHumalog (u)\tTresiba (u)\tNotes',
      '3/16/2026\t7:05\t142\t4\t22\tfasting',
      '3/16/2026\t12:30\t188\t6\t\tlunch',
    ].join('\n');
    expect(readAs(sheet, 'indicator', 'value')).toEqual([
      ['BG', '142'],
      ['BG', '188'],
    ]);
    const csv = [
      'Date,Time,Glucose (mmol/L),NovoRapid (units),Lantus (IU)',
      '2026-03-01,07:10,6.2,4,18',
      '2026-03-01,12:00,8.1,6,',
    ].join('\n');
    expect(readAs(csv, 'indicator', 'value')).toEqual([
      ['Glucose', '6.2'],
      ['Glucose', '8.1'],
    ]);
    const german = ['Datum;Uhrzeit;BZ (mg/dl);Insulin (IE)', '01.03.2026;07:10;112;6', '02.03.2026;07:00;98;4'].join(
      '\n',
    );
    expect(readAs(german, 'indicator', 'value')).toEqual([
      ['BZ', '112'],
      ['BZ', '98'],
    ]);
  });

  it('keeps an activity in U with its range, and a urine test marked (U)', () => {
    expect(readAs('Lipase 45 U (13-60)', 'indicator', 'value', 'unit')).toEqual([['Lipase', '45', 'U']]);
    expect(readAs('ALBUMIN/KREATININ-QUOTIENT (U)    48    H    mg/g    < 30', 'value', 'unit')).toEqual([
      ['48', 'mg/g'],
    ]);
  });
});

describe('a when-phrase wrapped to the next line dates the reading ending the line above (sentence-dates.ts)', () => {
  const head = 'Admitted: 14/04/2026 22:15     Discharged: 18/04/2026\n\n';
  it('takes the wrapped date, yearless or full', () => {
    const course = `${head}Troponin I (normal <16) rose from 48 ng/L on admission (14/04) to 2,140 ng/L\nat 6 hours (15/04). Angiography on 15/04 showed a stenosis.`;
    expect(dated(course)).toEqual([
      ['Troponin I', '48', '2026-04-14'],
      ['Troponin I', '2,140', '2026-04-15'],
    ]);
    const full = `${head}Creatinine peaked at 212 umol/L\non 16/04/2026, then improved with fluids.`;
    expect(dated(full)).toEqual([['Creatinine', '212', '2026-04-16']]);
  });

  it('leaves a date alone on the next line to the block under it, and a when-phrase without a date', () => {
    expect(dated(`${head}Creatinine 212 umol/L\n16/04/2026\nPotassium 4.1 mmol/L`)).toEqual([
      ['Creatinine', '212', '2026-04-14'],
      ['Potassium', '4.1', '2026-04-16'], // the date heads the block under it
    ]);
    expect(dated(`${head}Creatinine rose to 212 umol/L\nat 6 hours. Fluids were given.`)).toEqual([
      ['Creatinine', '212', '2026-04-14'],
    ]);
  });
});

describe("a summary's course past its first day leaves later prose readings undated (letter-dates.ts)", () => {
  const head = 'Admission Date: 11/02/2026        Discharge Date: 11/06/2026\n\nHOSPITAL COURSE:\n';
  it('undates a reading after a later event in its paragraph, yearless or full', () => {
    expect(
      dated(
        `${head}EGD on 11/03 showed an ulcer; pantoprazole started. H. pylori stool antigen: Negative.\nFerritin 24 ng/mL.`,
      ),
    ).toEqual([
      ['H. pylori stool antigen', 'Negative', null],
      ['Ferritin', '24', null],
    ]);
    expect(dated(`${head}Colonoscopy was done on 11/04/2026. Ferritin 24 ng/mL.`)).toEqual([['Ferritin', '24', null]]);
  });

  it('keeps the admission date before the later day, in the next paragraph, and for a day that is admission', () => {
    expect(dated(`${head}Ferritin 24 ng/mL. EGD on 11/03 showed an ulcer.\n\nFerritin 25 ng/mL.`)).toEqual([
      ['Ferritin', '24', '2026-11-02'],
      ['Ferritin', '25', '2026-11-02'],
    ]);
    expect(dated(`${head}CT on 11/02 was clear. Ferritin 24 ng/mL.`)).toEqual([['Ferritin', '24', '2026-11-02']]);
  });
});

describe('left from session 23 (design §8 item 5)', () => {
  it('keeps a stacked name over a bracketed method line (wrapped-names.ts)', () => {
    expect(readAs('HbA1c\n(HPLC)\n5.8 %', 'indicator', 'value')).toEqual([['HbA1c', '5.8']]);
    expect(readAs('Vitamin D, 25-Hydroxy\n[Method: ECLIA]\n18.2 ng/mL L', 'indicator', 'flag')).toEqual([
      ['Vitamin D, 25-Hydroxy', 'L'],
    ]);
  });

  it('reads the temperature letter in a vitals run parted by single spaces (temperature-letter.ts)', () => {
    expect(readAs('T 98.6F RR 16', 'indicator', 'value', 'unit')).toEqual([
      ['T', '98.6', 'F'],
      ['RR', '16', null],
    ]);
    expect(readAs('Vitals: T 37.9°C HR 96 BP 110/70 RR 18 SpO2 95%', 'indicator', 'value')).toEqual([
      ['T', '37.9'],
      ['HR', '96'],
      ['BP', '110/70'],
      ['RR', '18'],
      ['SpO2', '95'],
    ]);
    // A tumour stage and a gestation are no temperature.
    expect(readAs('Stage T 2 N 0 M 0, HR 72', 'indicator')).toEqual([['HR']]);
    expect(readAs('T 38 weeks RR 16', 'indicator')).toEqual([['RR']]);
  });
});

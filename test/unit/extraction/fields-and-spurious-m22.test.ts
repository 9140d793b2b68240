import { describe, expect, it } from 'vitest';
import { findDates, withTimeAfter } from '../../../shared/domain/extraction/dates';
import { isMethodCaption, withoutMethodCell } from '../../../shared/domain/extraction/method-captions';
import { withOcrBandsRepaired } from '../../../shared/domain/extraction/ocr-bands';
import { isGlucoseBandOfShare } from '../../../shared/domain/extraction/time-in-range';
import { read } from './support/read-fields';

const names = (text: string) => read(text).map((r) => r.indicator);

describe('assay method captions', () => {
  it('knows a method bare, bracketed or dotted, and not a test or its abbreviation', () => {
    expect(isMethodCaption('(CLIA)')).toBe(true);
    expect(isMethodCaption('[ECLIA]')).toBe(true);
    expect(isMethodCaption('C.L.I.A')).toBe(true);
    expect(isMethodCaption('IMMUNOTURBIDIMETRY')).toBe(true);
    expect(isMethodCaption('(Hexokinase)')).toBe(true);
    expect(isMethodCaption('(TSH)')).toBe(false);
    expect(isMethodCaption('(Cl)')).toBe(false);
    expect(isMethodCaption('(PCR)')).toBe(false);
    expect(isMethodCaption('Ferritin')).toBe(false);
  });

  it('does not join a method line under a test to its name', () => {
    const text = [
      'Test Name                    Results      Units        Bio. Ref. Interval',
      'TSH (Ultrasensitive)         6.84   H     µIU/mL       0.27 - 4.20',
      '(CLIA)',
      'Free T4                      1.2          ng/dL        0.9 - 1.7',
      '(ECLIA)',
      'Thyroid Peroxidase Ab        112    H     IU/mL        < 34',
      '(C.L.I.A)',
    ].join('\n');
    expect(names(text)).toEqual(['TSH (Ultrasensitive)', 'Free T4', 'Thyroid Peroxidase Ab']);
  });

  it('blanks a method cell between name and value, keeping the columns', () => {
    expect(withoutMethodCell('HS-CRP  IMMUNOTURBIDIMETRY  2.8  mg/L')).toBe('HS-CRP                      2.8  mg/L');
    expect(withoutMethodCell('Glucose HK 5.4 mmol/L')).toBe('Glucose HK 5.4 mmol/L');
    expect(withoutMethodCell('Ferritin  Serum  45 ng/mL')).toBe('Ferritin  Serum  45 ng/mL');
    const rows = read(
      [
        'TEST NAME                          TECHNOLOGY        VALUE         UNITS',
        'HIGH SENSITIVITY C-REACTIVE PROTEIN (HS-CRP)  IMMUNOTURBIDIMETRY  2.8  mg/L',
        'FERRITIN   C.L.I.A   45   ng/mL',
        'HOMOCYSTEINE      PHOTOMETRY     12.1    umol/L',
      ].join('\n'),
    );
    expect(rows.map((r) => [r.indicator, r.value, r.unit])).toEqual([
      ['HIGH SENSITIVITY C-REACTIVE PROTEIN (HS-CRP)', '2.8', 'mg/L'],
      ['FERRITIN', '45', 'ng/mL'],
      ['HOMOCYSTEINE', '12.1', 'umol/L'],
    ]);
  });
});

describe('names and units that are not what they look like', () => {
  it('keeps a chemical locant after a comma in a name', () => {
    const text = [
      'Test Name                          Results      Units        Bio. Ref. Interval',
      'VITAMIN D, 25 - HYDROXY, SERUM     14.2   L     ng/mL        30 - 100',
      'Vitamin D, 1,25-Dihydroxy, Serum   42           pg/mL        18 - 72',
    ].join('\n');
    expect(names(text)).toEqual(['VITAMIN D, 25 - HYDROXY, SERUM', 'Vitamin D, 1,25-Dihydroxy, Serum']);
    // A list of readings is still split at its commas.
    expect(names('Glucose 104 mg/dL, HbA1c 6.1 %')).toEqual(['Glucose', 'HbA1c']);
  });

  it('reads no package of tests joined by plus signs, but keeps a dipstick plus', () => {
    expect(read('TEST ASKED      : AAROGYAM B PRO + VIT D + B12')).toEqual([]);
    expect(read('Package: Vitamin D + B12')).toEqual([]);
    expect(read('Tests requested: Ferritin + B12 + Folate')).toEqual([]);
    expect(read('Urine protein   +')).toMatchObject([{ indicator: 'Urine protein', value: '+' }]);
  });
});

describe('ranges beside units, goals and time-in-range bands', () => {
  it('takes a bracketed band glued to a long unit as the range', () => {
    const text = [
      'Date              12/03/26   28/05/26',
      'Time                  0815       0920     Units         Reference',
      'Creatinine            142H       131H     umol/L        (45-90)',
      'eGFR                   31L        34L     mL/min/1.73m2 (>59)',
    ].join('\n');
    const egfr = read(text).filter((r) => r.indicator === 'eGFR');
    expect(egfr.map((r) => [r.unit, r.referenceRange])).toEqual([
      ['mL/min/1.73m2', null], // session 23 decision
      ['mL/min/1.73m2', '>59'],
    ]);
  });

  it('reads no goals listed under a goals caption, in several languages', () => {
    const lipids = [
      'LDL Cholesterol          H     3.55        <3.50                mmol/L',
      '        Lipid targets for treated patients (2021 CCS Guidelines):',
      '          LDL Cholesterol       < 2.0 mmol/L',
      '          Non-HDL Cholesterol   < 2.6 mmol/L',
      '          Apolipoprotein B      < 0.8 g/L',
    ].join('\n');
    expect(read(lipids).map((r) => [r.indicator, r.value])).toEqual([['LDL Cholesterol', '3.55']]);
    const german = [
      'LDL-Cholesterin   162 mg/dl   < 116',
      'Zielwerte:',
      '  LDL   < 70 mg/dl',
      '  HbA1c   < 7,0 %',
    ].join('\n');
    expect(read(german).map((r) => r.value)).toEqual(['162']);
    // A caption with a figure is no goals caption: the rows under it are results.
    const notGoals = ['Targets met 2 of 3:', 'CRP   <5 mg/L', 'Troponin   <14 ng/L'].join('\n');
    expect(read(notGoals).map((r) => r.indicator)).toEqual(['CRP', 'Troponin']);
  });

  it('drops the glucose band that defines a time-in-range share, keeps a goal', () => {
    expect(isGlucoseBandOfShare('Time in range', '%', '3.9-10.0')).toBe(true);
    expect(isGlucoseBandOfShare('TIR', '%', '(70-180 mg/dL)')).toBe(true);
    expect(isGlucoseBandOfShare('Time in range', '%', '>70')).toBe(false);
    expect(isGlucoseBandOfShare('Glucose', 'mmol/L', '3.9-10.0')).toBe(false);
    const rows = read(
      ['- Time in range (3.9-10.0) 71%', '- TIR (70-180 mg/dL) 64%', 'Time above range 20% (<25%)'].join('\n'),
    );
    expect(rows.map((r) => r.referenceRange)).toEqual([null, null, '<25']);
  });
});

describe('footnote asterisks beside a range', () => {
  it('is no flag on a value inside its range when a short footnote explains it', () => {
    const text = [
      'Test                 Result     Unit       Reference Range',
      'FSH                  68.4       mIU/mL     25.8 - 134.8 *',
      'LH                   2.1        mIU/mL     7.7 - 58.5 *',
      '* Post-menopausal reference interval.',
    ].join('\n');
    const rows = read(text);
    expect(rows.map((r) => r.flag)).toEqual([null, '*']);
  });
});

describe('dates and times', () => {
  it('reads no short-year date out of a span between two yearless days', () => {
    expect(findDates('report for the last 14 days (Nov 9 - Nov 22) says:', 'month-first')).toEqual([]);
    expect(findDates('vom 3 - Mär 25', 'day-first')).toEqual([]);
    expect(findDates('Collected 12-Apr-26', 'day-first').map((d) => d.iso)).toEqual(['2026-04-12']);
    expect(findDates('Collected 12 Apr 26', 'day-first').map((d) => d.iso)).toEqual(['2026-04-12']);
  });

  it('dates a weekday log by its message year once no span is read as a date', () => {
    const text = [
      'Patient message — Sent Mon, Nov 23, 2026 8:47 PM',
      '| Date      | Time    | Sys | Dia |',
      '|-----------|---------|-----|-----|',
      '| Mon 11/16 | 7:10 am | 142 | 88  |',
      'Also my report for the last 14 days (Nov 9 - Nov 22) says:',
      '- GMI: 7.2%',
    ].join('\n');
    const rows = read(text);
    expect(rows.find((r) => r.indicator === 'Sys')?.measuredAt).toBe('2026-11-16T07:10:00');
    expect(rows.find((r) => r.indicator === 'GMI')?.measuredAt).toBeNull();
  });

  it('joins a collection time a fax wrote with a letter O', () => {
    expect(withTimeAfter('2026-11-03', ' O7:35')).toBe('2026-11-03T07:35:00');
    expect(withTimeAfter('2026-11-03', ' 07:3O')).toBe('2026-11-03T07:30:00');
    expect(withTimeAfter('2026-11-03', ' OO:OO')).toBe('2026-11-03');
  });
});

describe('OCR letters in a band limit', () => {
  it('repairs a limit of digits and look-alike letters, nothing else', () => {
    expect(withOcrBandsRepaired('PLT   241   tys/µl   150 - 4OO')).toBe('PLT   241   tys/µl   150 - 400');
    expect(withOcrBandsRepaired('Potas   4,1  mmol/l   3,5 - 5,l')).toBe('Potas   4,1  mmol/l   3,5 - 5,1');
    expect(withOcrBandsRepaired('Blood O2 - O2 sat   97 %')).toBe('Blood O2 - O2 sat   97 %');
    expect(withOcrBandsRepaired('Hb  12  g/dl  12 - Ol test')).toBe('Hb  12  g/dl  12 - Ol test');
  });
});

describe('grade legends', () => {
  it('reads no legend of check-up grades', () => {
    expect(read('判定区分：Ａ 異常なし　Ｂ 軽度異常　Ｃ 要経過観察　Ｄ 要医療')).toEqual([]);
    expect(read('판정기준: A 정상  B 경계  C 요관찰')).toEqual([]);
    expect(read('Legend: A 1 normal  B 2 mild  C 3 follow-up')).toEqual([]);
  });
});

describe('a spaced colon', () => {
  it('is a clock time only after two padded digits', () => {
    expect(withTimeAfter('2026-03-12', ' godz. 07 :35')).toBe('2026-03-12T07:35:00');
    expect(withTimeAfter('2026-03-12', ' - 3 :15 units')).toBe('2026-03-12');
    expect(withTimeAfter('2026-03-12', ' - 3:15')).toBe('2026-03-12T03:15:00');
  });
});

describe('long lines', () => {
  it('stays linear on long lines of method words, bands and times', () => {
    const start = performance.now();
    withoutMethodCell(`Name  ${'CLIA  1  '.repeat(20000)}`);
    withOcrBandsRepaired(`${'1 - 4OO  '.repeat(20000)}`);
    withOcrBandsRepaired(`5 - ${'1'.repeat(100000)}O x`);
    withTimeAfter('2026-01-01', ` ${'O7:35 '.repeat(20000)}`);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});

describe('a sign after a band', () => {
  it('is the flag after a whole band, and an open band keeps its dash', () => {
    const rows = read(
      [
        'Test          Ergebnis   Einheit   Referenzbereich',
        'Fibrinogen    4,1        g/l       1,8 - 3,5 +',
        'Kalium        3,1        mmol/l    3,5 - 5,1 -',
        'Troponin T    22         ng/l      < 14 +',
        'Albumin       30         g/l       10 -',
      ].join('\n'),
    );
    expect(rows.map((r) => [r.referenceRange, r.flag])).toEqual([
      ['1,8 - 3,5', '+'],
      ['3,5 - 5,1', '-'],
      ['< 14', '+'],
      ['10 -', null],
    ]);
  });
});

describe('more methods and goals', () => {
  it('does not join a method line in French to the name under it', () => {
    const rows = read(
      [
        'Créatinine .............  7,1 mg/L     (5,7 - 11,1)',
        '(Enzymatique)',
        'Débit de filtration glomérulaire (CKD-EPI)   >90 mL/min/1,73m²',
        '(Cytométrie en flux)',
        'Leucocytes   5,84   G/L   (4,05 - 11,00)',
      ].join('\n'),
    );
    expect(rows.map((r) => r.indicator)).toEqual([
      'Créatinine',
      'Débit de filtration glomérulaire (CKD-EPI)',
      'Leucocytes',
    ]);
  });

  it('reads no goals written after their caption on one line, nor the bounds-only line under it', () => {
    expect(read('Lipid targets per 2021 CCS Guidelines: LDL-C <2.0 mmol/L or non-HDL-C <2.6 mmol/L.')).toEqual([]);
    expect(read(['Desirable: TC <200  HDL >=40', ' LDL <100  TRG <150  GLU 70-99'].join('\n'))).toEqual([]);
    expect(read('Zielwerte: LDL < 70 mg/dl, HbA1c < 7,0 %')).toEqual([]);
    // A footnote's goals stay for the footnote reader: the asterisk beside the result is then no flag.
    const footnoted = read(
      [
        'Cholestérol LDL calculé ......  1,49 g/L     *',
        '  * Objectif thérapeutique selon le risque : risque faible <1,90 g/L ; risque élevé <1,00 g/L.',
      ].join('\n'),
    );
    expect(footnoted.map((r) => [r.value, r.flag])).toEqual([['1,49', null]]);
    // A value after a goal caption is the goal (design §8 end of session 22, item 5; e23): no reading.
    expect(read('Goal: LDL 3.1 mmol/L').map((r) => r.value)).toEqual([]);
  });
});

describe('bands each followed by its label on one line', () => {
  it('reads no band of a legend line, but a censored result with its unit stays', () => {
    expect(read('eGFR >90: normal. 60-89: mildly decreased.')).toEqual([]);
    expect(read('Créatinine > 50 : normale. 30-50 : modérée.')).toEqual([]);
    expect(read('Test   Result   Unit\nCRP    <5       mg/L').map((r) => r.value)).toEqual(['<5']);
  });
});

describe('a status table with colons and units', () => {
  it('reads no band of it, while censored results of tests stay', () => {
    const text = [
      'Vitamine D (25-OH D2+D3) ......  21,4 ng/mL',
      '  Carence : < 10 ng/mL',
      '  Insuffisance : 10 à 30 ng/mL',
      '  Taux souhaitables : 30 à 100 ng/mL',
      '  Toxicité : > 100 ng/mL',
    ].join('\n');
    expect(read(text).map((r) => r.indicator)).toEqual(['Vitamine D (25-OH D2+D3)']);
    const english = ['Deficiency: < 20 ng/mL', 'Insufficiency: 20 to 29 ng/mL', 'Toxicity: > 100 ng/mL'].join('\n');
    expect(read(english)).toEqual([]);
    const censored = ['CRP : < 5 mg/L', 'Troponine : < 14 ng/L', 'D-dimères : < 500 ng/mL'].join('\n');
    expect(read(censored).map((r) => r.value)).toEqual(['< 5', '< 14', '< 500']);
  });
});

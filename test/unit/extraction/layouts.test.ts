import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { row, rows } from '../../support/extraction-rows';

describe('fixed-width tables with a header row', () => {
  it('reads test, result, flag, units, reference columns by position (empty flag cells do not shift columns)', () => {
    const text = [
      'TESTS                         RESULT     FLAG     UNITS            REFERENCE INTERVAL',
      'Glucose                         104      High     mg/dL            65-99',
      'BUN                              14               mg/dL            6-24',
      'BUN/Creatinine Ratio             17                                9-23',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('Glucose', '104', 'mg/dL', '65-99', 'High'),
      row('BUN', '14', 'mg/dL', '6-24'),
      row('BUN/Creatinine Ratio', '17', null, '9-23'),
    ]);
  });

  it('follows the header when the reference range comes before the result', () => {
    const text = [
      'Analyte          Reference      Units     Result    Flag',
      'Sodium           135-145        mmol/L    131       L',
      'Potassium        3.5-5.1        mmol/L    4.2',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('Sodium', '131', 'mmol/L', '135-145', 'L'),
      row('Potassium', '4.2', 'mmol/L', '3.5-5.1'),
    ]);
  });

  it('reads German headers (Befund, Einheit, Referenzbereich) with decimal commas and arrow flags', () => {
    const text = [
      'Untersuchung              Befund       Einheit       Referenzbereich',
      'Hämoglobin                11,8    ↓    g/dl          12,0 - 15,4',
      'GPT (ALAT)                38      ↑    U/l           < 35',
      'Leukozyten                6,2          Tsd/µl        3,9 - 10,2',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('Hämoglobin', '11,8', 'g/dl', '12,0 - 15,4', '↓'),
      row('GPT (ALAT)', '38', 'U/l', '< 35', '↑'),
      row('Leukozyten', '6,2', 'Tsd/µl', '3,9 - 10,2'),
    ]);
  });

  it('reads Spanish and French headers', () => {
    const spanish = [
      'Prueba                    Resultado     Unidades     Valores de referencia',
      'Ácido úrico               6,9     *     mg/dL        2,4 - 5,7',
    ].join('\n');
    const french = [
      'Analyse                      Résultat      Unité        Valeurs de référence',
      'Glycémie à jeun              5,4           mmol/l       4,1 - 5,9',
    ].join('\n');
    expect(rows(spanish)).toEqual([row('Ácido úrico', '6,9', 'mg/dL', '2,4 - 5,7', '*')]);
    expect(rows(french)).toEqual([row('Glycémie à jeun', '5,4', 'mmol/l', '4,1 - 5,9')]);
  });

  it('takes a count range under the result column as the result (urine microscopy)', () => {
    const text = [
      'Test                      Result          Flag    Units     Reference Range',
      'WBC                       10-20           H       /hpf      0 - 5',
      'Bacteria                  Many            A                 None seen',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('WBC', '10-20', '/hpf', '0 - 5', 'H'),
      row('Bacteria', 'Many', null, 'None seen', 'A'),
    ]);
  });

  it('reads Quest-style In Range / Out Of Range columns with the unit inside the range column', () => {
    const text = [
      'Test Name                           In Range      Out Of Range      Reference Range        Lab',
      'GLUCOSE                                           110 H             65-99 mg/dL            EZ',
      'SODIUM                              140                             135-146 mmol/L         EZ',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('GLUCOSE', '110', 'mg/dL', '65-99', 'H'),
      row('SODIUM', '140', 'mmol/L', '135-146'),
    ]);
  });
});

describe('tables without a header row', () => {
  it('reads name, value, unit, range and flag by their shape', () => {
    const text = [
      'Iron              7.2        umol/L     10 - 30        L',
      'Ferritin          <5         ug/L       30 - 400       LL',
      'Folate            >20.0      ug/L       >3.9',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('Iron', '7.2', 'umol/L', '10 - 30', 'L'),
      row('Ferritin', '<5', 'ug/L', '30 - 400', 'LL'),
      row('Folate', '>20.0', 'ug/L', '>3.9'),
    ]);
  });

  it('reads a flag written before the unit and a range followed by its unit', () => {
    expect(rows('GLUCOSE   104 H   65-99 mg/dL')).toEqual([row('GLUCOSE', '104', 'mg/dL', '65-99', 'H')]);
  });
});

describe('one reading per line', () => {
  it('reads "Test: value unit (ref) flag" lines', () => {
    const text = [
      'Total Cholesterol: 232 mg/dL (< 200) H',
      'HDL Cholesterol: 41 mg/dL (> 40)',
      'Chol/HDL Ratio: 5.7 (< 5.0) H',
      'TSH basal: 1,85 mU/l (0,27 - 4,20)',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('Total Cholesterol', '232', 'mg/dL', '< 200', 'H'),
      row('HDL Cholesterol', '41', 'mg/dL', '> 40'),
      row('Chol/HDL Ratio', '5.7', null, '< 5.0', 'H'),
      row('TSH basal', '1,85', 'mU/l', '0,27 - 4,20'),
    ]);
  });

  it('reads "Test ..... value unit" lines with dot leaders', () => {
    const text = [
      'TSH .................................. 6.12 mIU/L      (0.40 - 4.00)   H',
      'Thyroglobulin Ab ..................... < 1.0 IU/mL     (< 4.0)',
      'Glucose ........ 104 mg/dL',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('TSH', '6.12', 'mIU/L', '0.40 - 4.00', 'H'),
      row('Thyroglobulin Ab', '< 1.0', 'IU/mL', '< 4.0'),
      row('Glucose', '104', 'mg/dL'),
    ]);
  });

  it('reads UK "Name value unit (range)" lines and units glued to the value', () => {
    expect(rows('Sodium 139 mmol/L (133 - 146)\nMCV     81.0fL    (80-100)')).toEqual([
      row('Sodium', '139', 'mmol/L', '133 - 146'),
      row('MCV', '81.0', 'fL', '80-100'),
    ]);
  });
});

describe('delimited rows', () => {
  it('reads a CSV export with quoted thousands and a date column', () => {
    const text = [
      'Date,Test,Result,Unit,Reference Range,Flag',
      '2026-02-03,Ferritin,"1,250",ng/mL,30-400,H',
      '2026-02-03,CRP,<0.3,mg/dL,<0.5,',
    ].join('\n');
    expect(extractReadingsOffline(text)).toEqual([
      { ...row('Ferritin', '1,250', 'ng/mL', '30-400', 'H'), measuredAt: '2026-02-03' },
      { ...row('CRP', '<0.3', 'mg/dL', '<0.5'), measuredAt: '2026-02-03' },
    ]);
  });

  it('reads semicolon-separated rows with decimal commas', () => {
    const text = [
      'Parameter;Wert;Einheit;Referenz;Bewertung',
      'Kalium;5,4;mmol/l;3,5-5,1;H',
      'Triglyzeride;1.120;mg/dl;<150;HH',
    ];
    expect(rows(text.join('\n'))).toEqual([
      row('Kalium', '5,4', 'mmol/l', '3,5-5,1', 'H'),
      row('Triglyzeride', '1.120', 'mg/dl', '<150', 'HH'),
    ]);
  });

  it('reads tab-separated portal rows where the value cell carries its unit', () => {
    const text = 'Component\tYour Value\tStandard Range\tFlag\nTSH\t0.21 uIU/mL\t0.45 - 4.50 uIU/mL\tLow';
    expect(rows(text)).toEqual([row('TSH', '0.21', 'uIU/mL', '0.45 - 4.50', 'Low')]);
  });

  it('reads headerless tab and semicolon rows', () => {
    expect(rows('Glucose\t98\tmg/dL\t70-99\nKreatinin;0,9;mg/dl;0,5-1,1')).toEqual([
      row('Glucose', '98', 'mg/dL', '70-99'),
      row('Kreatinin', '0,9', 'mg/dl', '0,5-1,1'),
    ]);
  });

  it('reads pipe tables and skips their border rows', () => {
    const text = [
      '| Test        | Result | Units   | Ref Range  | Flag |',
      '|-------------|--------|---------|------------|------|',
      '| INR         | 1.7    |         | 0.9-1.1    | H    |',
      '| D-Dimer     | 0.62   | mg/L FEU| <0.50      | H    |',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('INR', '1.7', null, '0.9-1.1', 'H'),
      row('D-Dimer', '0.62', 'mg/L FEU', '<0.50', 'H'),
    ]);
  });
});

describe('tables with dates as columns', () => {
  it('makes one reading per filled date cell, dated by its column header', () => {
    const text = [
      'Test                 Unit        2025-09-10   2025-12-11   2026-03-12   Reference',
      'HbA1c                %           7.9 H        7.4 H        6.9 H        4.0-5.6',
      'Urine Albumin/Creat  mg/g        45 H                      28           <30',
    ].join('\n');
    expect(extractReadingsOffline(text)).toEqual([
      // Session 23 decision: the printed range is the newest reading's.
      { ...row('HbA1c', '7.9', '%', null, 'H'), measuredAt: '2025-09-10' },
      { ...row('HbA1c', '7.4', '%', null, 'H'), measuredAt: '2025-12-11' },
      { ...row('HbA1c', '6.9', '%', '4.0-5.6', 'H'), measuredAt: '2026-03-12' },
      { ...row('Urine Albumin/Creat', '45', 'mg/g', null, 'H'), measuredAt: '2025-09-10' },
      { ...row('Urine Albumin/Creat', '28', 'mg/g', '<30'), measuredAt: '2026-03-12' },
    ]);
  });

  it('reads dotted date headers in a semicolon export', () => {
    const text = 'Parameter;12.01.2026;15.02.2026\nGlukose;98;104';
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.measuredAt])).toEqual([
      ['Glukose', '98', '2026-01-12'],
      ['Glukose', '104', '2026-02-15'],
    ]);
  });
});

describe('vitals lines', () => {
  it('reads every vital of a comma-separated line', () => {
    expect(rows('BP 128/82, HR 72, SpO2 98%, Temp 36.8 °C, Weight 72.5 kg')).toEqual([
      row('BP', '128/82'),
      row('HR', '72'),
      row('SpO2', '98', '%'),
      row('Temp', '36.8', '°C'),
      row('Weight', '72.5', 'kg'),
    ]);
  });

  it('reads German vitals with decimal commas after a label', () => {
    expect(rows('Vitalparameter: RR 135/85 mmHg, Puls 78/min, Temp. 37,1 °C, Gewicht 81,4 kg')).toEqual([
      row('RR', '135/85', 'mmHg'),
      row('Puls', '78', '/min'),
      row('Temp.', '37,1', '°C'),
      row('Gewicht', '81,4', 'kg'),
    ]);
  });
});

describe('patient-portal copy-paste with fields on separate lines', () => {
  it('joins name, value, range and flag lines', () => {
    const text = [
      'Hemoglobin A1c',
      'Value',
      '6.4 %',
      'Normal range: 4.0 - 5.6 %',
      'High',
      '',
      'Vitamin B12',
      '289 pg/mL',
    ];
    expect(rows(text.join('\n'))).toEqual([
      row('Hemoglobin A1c', '6.4', '%', '4.0 - 5.6', 'High'),
      row('Vitamin B12', '289', 'pg/mL'),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { repairLetterSpacing } from '../../../shared/domain/extraction/letter-spacing';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'flag');

describe('GP record exports (EMIS, SystmOne): long descriptive names, phrase flags', () => {
  it('reads the phrase flag and keeps the name whole', () => {
    const text = [
      '12-Feb-2026  Urea and electrolytes',
      '  Total white cell count 11.8 10*9/L [4 - 11] Above high reference limit',
      '  Red blood cell count 4.41 10*12/L [4.5 - 6.5] Below low reference limit',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Total white cell count', '11.8', '10*9/L', '4 - 11', 'Above high reference limit'],
      ['Red blood cell count', '4.41', '10*12/L', '4.5 - 6.5', 'Below low reference limit'],
    ]);
  });

  it('keeps an open band `[90 - ]` as written and reads the EMIS surface unit `/1.73m*2`', () => {
    expect(rows('  GFR calculated by CKD-EPI equation 56 mL/min/1.73m*2 [90 - ]')).toEqual([
      ['GFR calculated by CKD-EPI equation', '56', 'mL/min/1.73m*2', '90 - ', null],
    ]);
  });

  it('takes a long name alone on its line for the value line under it, with unit and range', () => {
    const text = [
      'Diabetes review',
      '    Haemoglobin A1c level - IFCC standardised',
      '                                  49 mmol/mol       (20 - 41)       Above high reference limit',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Haemoglobin A1c level - IFCC standardised', '49', 'mmol/mol', '20 - 41', 'Above high reference limit'],
    ]);
  });

  it('takes a name longer than 60 characters only stacked over a value line with unit and range', () => {
    const name = 'Estimated glomerular filtration rate using creatinine CKD-EPI';
    const stacked = [`    ${name}`, '                      61 mL/min/1.73m*2 [90 - ] Below low reference limit'].join(
      '\n',
    );
    expect(rows(stacked).map((r) => r[0])).toEqual([name]);
    expect(rows([`    ${name}`, '                      61'].join('\n'))).toEqual([]);
  });

  it('does not take a sentence line for a name, nor a bare number for a reading', () => {
    const text = ['Please book a review appointment with the nurse in two weeks', '   49'].join('\n');
    expect(rows(text)).toEqual([]);
  });
});

describe('names wrapped in a narrow column: the layout says the name goes on', () => {
  const header = 'Test Name                               Result   Flag   Units      Reference Range';

  it('joins a hanging-indent value line to the name line above it, one row at a time', () => {
    const text = [
      header,
      'Thyroid Stimulating Hormone',
      '  (TSH), 3rd Generation                 3.92            uIU/mL     0.45-4.50',
      'Thyroxine (T4), Free,',
      '  Direct                                1.08            ng/dL      0.82-1.77',
      'Thyroid Peroxidase (TPO)',
      '  Antibodies                            112      High   IU/mL      0-34',
      'Vitamin B12                             268             pg/mL      232-1245',
    ].join('\n');
    expect(rows(text).map((r) => r[0])).toEqual([
      'Thyroid Stimulating Hormone (TSH), 3rd Generation',
      'Thyroxine (T4), Free, Direct',
      'Thyroid Peroxidase (TPO) Antibodies',
      'Vitamin B12',
    ]);
  });

  it('joins after a head that ends open (a comma), even without indentation', () => {
    const text = ['C-Reactive Protein,', 'High Sensitivity        3.8        mg/L         <1.0'].join('\n');
    expect(rows(text).map((r) => r[0])).toEqual(['C-Reactive Protein, High Sensitivity']);
  });

  it('does not join a section heading to the indented rows under it', () => {
    const text = [
      'LIPIDS',
      '  Cholesterol   5.2 mmol/L   (<5.0)',
      'Chemistry panel',
      '  Sodium   140 mmol/L   (135-145)',
    ].join('\n');
    expect(rows(text).map((r) => r[0])).toEqual(['Cholesterol', 'Sodium']);
  });

  it('does not join a comment line under the value columns, nor a method line', () => {
    const text = [
      header,
      'Thyroid Stimulating Hormone             2.10            uIU/mL     0.45-4.50',
      '  Method : CLIA',
      'Ferritin                                14      Low     ng/mL      15-150',
      '                                        sample haemolysed',
    ].join('\n');
    expect(rows(text).map((r) => r[0])).toEqual(['Thyroid Stimulating Hormone', 'Ferritin']);
  });
});

describe('names with a comma, a semicolon or a result word', () => {
  it('keeps `T3, Total` and `B12 ; CYANOCOBALAMIN` whole in a table', () => {
    const text = [
      'Test Name                          Result        Unit          Bio. Ref. Interval',
      'T3, Total                          1.02          ng/mL         0.80 - 2.00',
      'VITAMIN B12 ; CYANOCOBALAMIN       168      L    pg/mL         211 - 911',
    ].join('\n');
    expect(rows(text).map((r) => r[0])).toEqual(['T3, Total', 'VITAMIN B12 ; CYANOCOBALAMIN']);
  });

  it('reads a name spanning a comma in prose, and leaves the word `result` out of it', () => {
    const text = [
      'Your result for Cholesterol, Total is 212 mg/dL (standard range: less than 200 mg/dL).',
      'Your LDL Cholesterol result is 138 mg/dL.',
      'Your result for Vitamin D, 25-Hydroxy is 22 ng/mL, which is below the standard range.',
    ].join('\n');
    expect(rows(text).map((r) => [r[0], r[1]])).toEqual([
      ['Cholesterol, Total', '212'],
      ['LDL Cholesterol', '138'],
      ['Vitamin D, 25-Hydroxy', '22'],
    ]);
  });

  it('still reads a list of readings on one line as several, not one name', () => {
    expect(rows('Glucose 104 mg/dL, HbA1c 6.1 %').map((r) => r[0])).toEqual(['Glucose', 'HbA1c']);
  });

  it('does not glue a method line indented under a row onto the next name', () => {
    const text = [
      'Créatinine .........................................   71 µmol/L         (45 - 84)',
      '   Enzymatique - Roche Cobas',
      'DFG estimé (CKD-EPI) ...............................   79 mL/min/1,73m²  (> 90)',
    ].join('\n');
    expect(rows(text).map((r) => r[0])).toEqual(['Créatinine', 'DFG estimé (CKD-EPI)']);
  });
});

describe('fax and OCR names: letter spacing, broken words, digit-for-letter', () => {
  it('repairs a letter-spaced header, spaced units and values, and keeps a broken name as one', () => {
    const text = [
      'COLLECTED : 03 / 17 / 2026',
      'T E S T              RESULT        UNITS        REF . RANGE',
      'W B C                6 . 9         K / uL       4.0 - 10.5',
      'Platelets            2 41          K / uL       150 - 400',
      'Creati nine          0 .77         mg / dL      0.50 - 1.05',
    ].join('\n');
    const read = extractReadingsOffline(text);
    expect(read.map((r) => [r.indicator, r.value, r.unit, r.referenceRange])).toEqual([
      ['WBC', '6.9', 'K/uL', '4.0 - 10.5'],
      ['Platelets', '241', 'K/uL', '150 - 400'],
      ['Creati nine', '0.77', 'mg/dL', '0.50 - 1.05'],
    ]);
    expect(read[0]?.measuredAt).toBe('2026-03-17');
  });

  it('keeps OCR digit-for-letter names as written', () => {
    const text = [
      'Test                 Resu1t     Units      Ref. Range',
      'Cho1esterol, Tota1   204        mg/dL      <200',
    ].join('\n');
    expect(rows(text).map((r) => [r[0], r[1]])).toEqual([['Cho1esterol, Tota1', '204']]);
  });

  it('still reads a spelled value in a dictated note, and does not join a ratio of names', () => {
    expect(rows('Heart rate seventy-eight').map((r) => r[1])).toEqual(['seventy-eight']);
    expect(rows('TOTAL CHOLESTEROL / HDL RATIO   5.58   (3.0 - 5.0)').map((r) => r[0])).toEqual([
      'TOTAL CHOLESTEROL / HDL RATIO',
    ]);
  });

  it('repairs a huge malformed line in linear time, and the reader never throws on it', () => {
    const huge = `${'A '.repeat(200_000)}/ ${'1 . '.repeat(100_000)}mg / dL`;
    const started = Date.now();
    expect(repairLetterSpacing(huge).length).toBe(huge.length);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(() => extractReadingsOffline(huge.slice(0, 2_000))).not.toThrow();
  });
});

describe('a bracket alone on a hanging line', () => {
  it('is the abbreviation of the name above, with the values on its line', () => {
    const text = [
      'Test                        Result    Flag   Units     Reference Interval',
      'Natriuretic Peptide B',
      '  (BNP)                     45               pg/mL     <100',
    ].join('\n');
    expect(rows(text).map((r) => r[0])).toEqual(['Natriuretic Peptide B (BNP)']);
  });
});

describe('a unit between dot leaders', () => {
  it('is the unit column, not the end of the name, with or without a slash', () => {
    const text = ['MCV .................. fL ......... 86', 'Haemoglobin .......... g/L ........ 128'].join('\n');
    expect(rows(text).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['MCV', '86', 'fL'],
      ['Haemoglobin', '128', 'g/L'],
    ]);
  });

  it('does not take a word that is no laboratory unit for one', () => {
    expect(rows('Vitamin ........ D ........ 30').map((r) => r[2])).not.toContain('D');
  });
});

import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { isNoiseLine } from '../../../shared/domain/extraction/lines';
import { spellOutValues } from '../../../shared/domain/extraction/spelled-values';
import { row, rows } from '../../support/extraction-rows';

describe('Italian and Portuguese reports', () => {
  it('reads an Italian referto header (Esame, Risultato, Unità di misura, Valori di riferimento) with bracketed ranges', () => {
    const text = [
      'Esame                         Risultato    Unità di misura    Valori di riferimento',
      'EMOCROMO',
      'Globuli bianchi               11,8 *       10^3/µl            [4,0 - 10,0]',
      'Colesterolo totale            228 *        mg/dl              [< 200]',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('Globuli bianchi', '11,8', '10^3/µl', '4,0 - 10,0', '*'),
      row('Colesterolo totale', '228', 'mg/dl', '< 200', '*'),
    ]);
  });

  it('reads a Portuguese header (Exame, Resultado, Unidade, Valores de referência)', () => {
    const text = [
      'Exame                 Resultado     Unidade     Valores de referência',
      'Hemoglobina           13,2          g/dL        12,0 a 16,0',
    ].join('\n');
    expect(rows(text)).toEqual([row('Hemoglobina', '13,2', 'g/dL', '12,0 a 16,0')]);
  });

  it('joins a laudo name line with its stacked Resultado and Valores de referência lines', () => {
    const text = [
      'GLICOSE',
      'Material: Soro     Método: Enzimático',
      'Resultado: 104 mg/dL',
      'Valores de referência: 70 a 99 mg/dL',
      '',
      'COLESTEROL TOTAL',
      'Resultado.........: 212 mg/dL',
      'Valores de referência: inferior a 190 mg/dL',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('GLICOSE', '104', 'mg/dL', '70 a 99'),
      row('COLESTEROL TOTAL', '212', 'mg/dL', 'inferior a 190'),
    ]);
  });

  it('takes a bare range line under a Valores de referência caption, but not past a new name line', () => {
    const text = 'GLICOSE\nResultado: 104 mg/dL\nValores de referência:\n70 a 99 mg/dL';
    expect(rows(text)).toEqual([row('GLICOSE', '104', 'mg/dL', '70 a 99')]);
    expect(rows('Glucose 104 mg/dL\nWBC\n10-20')).toEqual([row('Glucose', '104', 'mg/dL')]);
  });

  it('never names a reading after its caption: a Resultado line without a name line above yields nothing', () => {
    expect(rows('Resultado: 104 mg/dL')).toEqual([]);
    expect(rows('Risultato: 5,2 mmol/l')).toEqual([]);
  });

  it('takes the collection date from Data prelievo / Data da coleta, never the birth date', () => {
    const italian =
      'Paziente: ROSSI MARIA   Data di nascita: 14/05/1968\nData prelievo: 18/02/2026\nGlucosio 112 mg/dl [70 - 100]';
    const portuguese = 'Data de nascimento: 22/09/1979\nData da coleta: 03/03/2026\nCreatinina 0,88 mg/dL 0,50 a 1,10';
    expect(extractReadingsOffline(italian)[0]?.measuredAt).toBe('2026-02-18');
    expect(extractReadingsOffline(portuguese)[0]?.measuredAt).toBe('2026-03-03');
  });

  it.each([
    'Paziente: ROSSI MARIA                  Data di nascita: 14/05/1968',
    'Data prelievo: 18/02/2026              N. accettazione: 260218-0442',
    'Via Roma 112, 20121 Milano',
    'Pagina 1 di 1',
    'Il Direttore del Laboratorio: Dott.ssa P. Verdi',
    'Rua das Flores, 250 - Centro - São Paulo/SP',
    'Data da coleta: 03/03/2026                Convênio: Particular',
    'Material: Soro     Método: Enzimático',
    'Liberado eletronicamente por: Dra. Fernanda Lima - CRF 45678',
    'Cognome e nome: ROSSI MARIA',
    'Sig.ra Bianchi Laura   nata il 03/04/1970',
  ])('is header or footer noise: %s', (line) => {
    expect(isNoiseLine(line) || extractReadingsOffline(line).length === 0).toBe(true);
    expect(extractReadingsOffline(line)).toEqual([]);
  });
});

describe('fields printed in an unusual order', () => {
  it('takes a reference range printed before the value as the range, not as part of the name', () => {
    const text = [
      'ALT                       (0-40)           52 U/L      H',
      'Ferritin                  15 - 150         9 ug/L      L',
      'Total cholesterol         < 5.0            5.9 mmol/L',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('ALT', '52', 'U/L', '0-40', 'H'),
      row('Ferritin', '9', 'ug/L', '15 - 150', 'L'),
      row('Total cholesterol', '5.9', 'mmol/L', '< 5.0'),
    ]);
  });

  it('takes a unit printed between dot leaders and the value as the unit', () => {
    const text = [
      'Sodium ..................... mmol/L    141     (135-145)',
      'Potassium .................. mmol/L    5.4  H  (3.5-5.1)',
      'eGFR ....................... mL/min/1.73m2    78    (>60)',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('Sodium', '141', 'mmol/L', '135-145'),
      row('Potassium', '5.4', 'mmol/L', '3.5-5.1', 'H'),
      row('eGFR', '78', 'mL/min/1.73m2', '>60'),
    ]);
  });

  it('takes a bracketed unit after the name, and middle-dot leaders, the same way', () => {
    expect(rows('Glucose (mg/dL) ............ 104   (70-99)')).toEqual([row('Glucose', '104', 'mg/dL', '70-99')]);
    expect(rows('Sodium ········ mmol/L ···· 141 (135-145)')).toEqual([row('Sodium', '141', 'mmol/L', '135-145')]);
    expect(rows('Glucose   70-99 mg/dL   104 mg/dL')).toEqual([row('Glucose', '104', 'mg/dL', '70-99')]);
  });

  it('drops a result caption between the fields and the value, and never names a reading after a caption', () => {
    expect(rows('Glucose   Ref: 70-99   Result: 104 mg/dL')).toEqual([row('Glucose', '104', 'mg/dL', '70-99')]);
    expect(rows('Sodium value 140 mmol/L')).toEqual([row('Sodium', '140', 'mmol/L')]);
    expect(rows('Result 104 mg/dL')).toEqual([]);
  });

  it('keeps a name that merely ends in a number-like word (no range, no unit before the value)', () => {
    expect(rows('Vitamin B12   420 pg/mL   (200-900)')).toEqual([row('Vitamin B12', '420', 'pg/mL', '200-900')]);
  });
});

describe('a unit given once for many results', () => {
  it('applies a section caption unit to the rows under it, until the next heading', () => {
    const text = [
      'LIPID PROFILE (all results in mmol/L)',
      'Total cholesterol     5.9     < 5.0     H',
      'HDL cholesterol       1.1     > 1.0',
      '',
      'HAEMATOLOGY',
      'Haemoglobin   13.5   (12.0-15.5)',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('Total cholesterol', '5.9', 'mmol/L', '< 5.0', 'H'),
      row('HDL cholesterol', '1.1', 'mmol/L', '> 1.0'),
      row('Haemoglobin', '13.5', null, '12.0-15.5'),
    ]);
  });

  it('still reads a bracketed heading as the name of a stacked value below it', () => {
    expect(rows('Glucose (mg/dL)\n104')).toEqual([row('Glucose', '104', 'mg/dL')]);
  });

  it('reads a caption line that names its own test (`Result: Glucose 104 mg/dL`)', () => {
    expect(rows('Result: Glucose 104 mg/dL')).toEqual([row('Glucose', '104', 'mg/dL')]);
  });

  it('reads `Units: mg/dL` and `Chemistry (mmol/L)` headings the same way', () => {
    expect(rows('Units: mg/dL\nGlucose   104   70-99')).toEqual([row('Glucose', '104', 'mg/dL', '70-99')]);
    expect(rows('Chemistry (mmol/L)\nSodium   140   135-145')).toEqual([row('Sodium', '140', 'mmol/L', '135-145')]);
  });

  it('reads a result column whose header carries the unit (`Result (mmol/L)`, or the unit alone)', () => {
    const captioned = [
      'Test                  Result (mmol/L)    Reference',
      'Fasting glucose       6.4                3.9 - 5.5',
    ].join('\n');
    const bare = ['Analyte          mmol/L     Ref', 'Sodium           140        135-145'].join('\n');
    expect(rows(captioned)).toEqual([row('Fasting glucose', '6.4', 'mmol/L', '3.9 - 5.5')]);
    expect(rows(bare)).toEqual([row('Sodium', '140', 'mmol/L', '135-145')]);
  });

  it('lets a row unit win over the header unit', () => {
    const text = ['Test        Result (mg/dL)   Unit     Range', 'Glucose     5.6              mmol/L   3.9-5.5'].join(
      '\n',
    );
    expect(rows(text)).toEqual([row('Glucose', '5.6', 'mmol/L', '3.9-5.5')]);
  });
});

describe('transposed tables (tests as columns)', () => {
  it('makes one reading per filled cell of each date row, with the unit from the column header', () => {
    const text = [
      'Date          Glucose (mg/dL)   HbA1c (%)',
      '2026-01-12    131               7.4',
      '2026-02-16    118',
    ].join('\n');
    expect(extractReadingsOffline(text)).toEqual([
      { ...row('Glucose', '131', 'mg/dL'), measuredAt: '2026-01-12' },
      { ...row('HbA1c', '7.4', '%'), measuredAt: '2026-01-12' },
      { ...row('Glucose', '118', 'mg/dL'), measuredAt: '2026-02-16' },
    ]);
  });

  it('completes the readings from Unit, Range and Flag rows', () => {
    const text = [
      'Test:         Sodium      Potassium',
      'Result:       138         5.3',
      'Unit:         mmol/L      mmol/L',
      'Range:        135-145     3.5-5.1',
      'Flag:                     H',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('Sodium', '138', 'mmol/L', '135-145'),
      row('Potassium', '5.3', 'mmol/L', '3.5-5.1', 'H'),
    ]);
  });

  it('reads a units row under the header and ends the table at the first row that does not fit', () => {
    const text = [
      'Datum        Hb      Leukozyten   CRP',
      '             g/dl    /nl          mg/l',
      '03.02.2026   13,1    7,2          4,1',
      'Kommentar folgt.',
      'Befund 12 Tage alt',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.measuredAt])).toEqual([
      ['Hb', '13,1', 'g/dl', '2026-02-03'],
      ['Leukozyten', '7,2', '/nl', '2026-02-03'],
      ['CRP', '4,1', 'mg/l', '2026-02-03'],
    ]);
  });

  it('reads delimited transposed exports, and a column the resolver does not know among known ones', () => {
    expect(rows('Date,Glucose,HbA1c\n2026-01-01,104,6.1')).toEqual([row('Glucose', '104'), row('HbA1c', '6.1')]);
    const text = 'Test        Glucose   Creatinine   TSH\n12/01/2026  104       0.9          2.1';
    expect(rows(text).map((r) => `${r.indicator}=${r.value}`)).toEqual(['Glucose=104', 'Creatinine=0.9', 'TSH=2.1']);
  });

  it('needs at least two known tests as column names', () => {
    expect(rows('Date        Mood     Sleep\n2026-01-12  good     7')).toEqual([]);
  });
});

describe('two-column pages', () => {
  it('reads the left column, then the right column, split at the gutter', () => {
    const text = [
      'HAEMATOLOGY                                 BIOCHEMISTRY',
      'Haemoglobin    141 g/L    (130-170)         Sodium        138 mmol/L   (133-146)',
      'Platelets      312 x10^9/L (150-400)        Potassium     5.6 mmol/L   (3.5-5.3)   H',
      'MCV            88 fL      (80-100)          Urea          9.1 mmol/L   (2.5-7.8)   H',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('Haemoglobin', '141', 'g/L', '130-170'),
      row('Platelets', '312', 'x10^9/L', '150-400'),
      row('MCV', '88', 'fL', '80-100'),
      row('Sodium', '138', 'mmol/L', '133-146'),
      row('Potassium', '5.6', 'mmol/L', '3.5-5.3', 'H'),
      row('Urea', '9.1', 'mmol/L', '2.5-7.8', 'H'),
    ]);
  });

  it('reads two tables side by side, each with its own header', () => {
    const text = [
      'Test            Result  Unit      Range           Test            Result  Unit      Range',
      'Hemoglobin      13.6    g/dL      12.0-15.5       Sodium          139     mmol/L    135-145',
      'WBC             6.8     10^3/uL   4.0-10.5        Potassium       4.6     mmol/L    3.5-5.1',
      'Platelets       212     10^3/uL   150-400         Glucose         97      mg/dL     70-99',
    ].join('\n');
    expect(rows(text).map((r) => `${r.indicator}=${r.value} ${r.unit} ${r.referenceRange}`)).toEqual([
      'Hemoglobin=13.6 g/dL 12.0-15.5',
      'WBC=6.8 10^3/uL 4.0-10.5',
      'Platelets=212 10^3/uL 150-400',
      'Sodium=139 mmol/L 135-145',
      'Potassium=4.6 mmol/L 3.5-5.1',
      'Glucose=97 mg/dL 70-99',
    ]);
  });

  it('leaves a fixed-width table with a wide gap before its range column alone', () => {
    const text = [
      'TESTS                 RESULT     FLAG     UNITS           REFERENCE INTERVAL',
      'Glucose                 104      High     mg/dL           65-99',
      'BUN                      14               mg/dL           6-24',
      'Creatinine             0.91               mg/dL           0.57-1.00',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('Glucose', '104', 'mg/dL', '65-99', 'High'),
      row('BUN', '14', 'mg/dL', '6-24'),
      row('Creatinine', '0.91', 'mg/dL', '0.57-1.00'),
    ]);
  });
});

describe('values spelled in words', () => {
  it('rewrites spelled numbers and "N over M" with digits, remembering the words', () => {
    const spelled = spellOutValues('BP one forty-two over ninety-one, pulse seventy-eight, SpO2 ninety-six percent');
    expect(spelled.text).toBe('BP 142/91, pulse 78, SpO2 96 %');
    expect(spelled.asWritten.get('142/91')).toBe('one forty-two over ninety-one');
    expect(spelled.asWritten.get('78')).toBe('seventy-eight');
    expect(spellOutValues('temperature thirty-seven point two').text).toBe('temperature 37.2');
    expect(spellOutValues('glucose one hundred and twelve').text).toBe('glucose 112');
    expect(spellOutValues('No numbers here.').text).toBe('No numbers here.');
  });

  it('reads spelled readings in a note and returns their values as written', () => {
    const text = 'Blood pressure was 142 over 91, pulse seventy-eight. Temperature thirty-seven point two.';
    expect(rows(text)).toEqual([
      row('Blood pressure', '142 over 91'),
      row('pulse', 'seventy-eight'),
      row('Temperature', 'thirty-seven point two'),
    ]);
  });

  it('reads digits joined by "point" as a decimal, keeping the words', () => {
    expect(rows('Her blood sugar was 7 point 2 this morning.')).toEqual([row('blood sugar', '7 point 2')]);
  });

  it.each([
    'She has two children and walks five km daily.',
    'Patient is a fifty-eight year old man with one sister.',
    'Took two tablets of paracetamol five hundred mg at nine.',
    'Room four, bed twelve. Called at ten past eight.',
  ])('finds no reading in spelled numbers that no measurement names: %s', (line) => {
    expect(rows(line)).toEqual([]);
  });

  it('still ignores spelled doses and durations', () => {
    expect(rows('Plan: recheck blood pressure in two weeks; continue lisinopril ten mg daily.')).toEqual([]);
  });

  it('reads a note line that opens with a label word as prose, not as a header', () => {
    const text = 'Patient phoned in her home readings this morning. Blood pressure was 150 over 95.';
    expect(rows(text)).toEqual([row('Blood pressure', '150 over 95')]);
    expect(rows('Patient: Maria Rossi   Age 54')).toEqual([]);
    expect(rows('Comments on the sample: it was haemolysed so potassium 6.2 mmol/L is unreliable.')).toEqual([]);
  });
});

describe('OCR of a photographed report', () => {
  it('reads l, I and O among digits as 1 and 0 when a unit or range follows', () => {
    const text = [
      'Creat inine   l02   umol/l    62 - 106',
      'Triglycer ides 2,l  mmol/l    < 1,7     H',
      'HbA1c         4l    mmol/mol  20 - 42',
    ].join('\n');
    expect(rows(text)).toEqual([
      row('Creat inine', '102', 'umol/l', '62 - 106'),
      row('Triglycer ides', '2,1', 'mmol/l', '< 1,7', 'H'),
      row('HbA1c', '41', 'mmol/mol', '20 - 42'),
    ]);
    expect(rows('Hb 1o,5 g/dL')).toEqual([row('Hb', '10,5', 'g/dL')]);
  });

  it('does not repair a lone token: `2l` may be two litres, `O2` is oxygen', () => {
    expect(rows('Urine volume 2l')).toEqual([]);
    expect(rows('O2 sat 96%').map((r) => r.value)).toEqual(['96']);
  });
});

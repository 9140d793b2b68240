import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import {
  detectShareCountHeader,
  isCountUnit,
  readShareCountRow,
} from '../../../shared/domain/extraction/share-and-count';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'flag');

describe('a differential row with a share and a count', () => {
  it('is two readings under the one printed name when the row writes both units', () => {
    expect(rows('Neutrófilos   58,0 %   3.944 /mm3\nEosinófi1os   3,0 %   204 /mm3')).toEqual([
      ['Neutrófilos', '58,0', '%', null, null],
      ['Neutrófilos', '3.944', '/mm3', null, null],
      ['Eosinófi1os', '3,0', '%', null, null],
      ['Eosinófi1os', '204', '/mm3', null, null],
    ]);
  });

  it('takes the units from a header naming the two columns, and each range from its own column', () => {
    const text = [
      ' L E U C O G R A M A',
      'Leucócitos .......:  6.800 /mm3                     3.500 a 10.500 /mm3',
      '                        %        /mm3               V.R. %       V.R. /mm3',
      'Neutrófilos .....:    58,0     3.944                45 a 70      1.700 a 7.000',
      'Basófilos .......:     0,5        34                 0 a 2           0 a 200',
      '',
      ' P L A Q U E T A S',
      'Plaquetas .......:  245.000 /mm3                    150.000 a 450.000 /mm3',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Leucócitos', '6.800', '/mm3', '3.500 a 10.500', null],
      ['Neutrófilos', '58,0', '%', '45 a 70', null],
      ['Neutrófilos', '3.944', '/mm3', '1.700 a 7.000', null],
      ['Basófilos', '0,5', '%', '0 a 2', null],
      ['Basófilos', '34', '/mm3', '0 a 200', null],
      ['Plaquetas', '245.000', '/mm3', '150.000 a 450.000', null],
    ]);
  });

  it('keeps a flag on the value it follows', () => {
    const text = [
      'FÓRMULA LEUCOCITARIA        %          x10^3/µL       Ref. %           Ref. x10^3/µL',
      'Neutrófilos             72.8 H     6.15 H         40.0 - 70.0      1.80 - 6.00',
      'Linfocitos              17.9 L     1.51           20.0 - 45.0      1.00 - 4.80',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Neutrófilos', '72.8', '%', '40.0 - 70.0', 'H'],
      ['Neutrófilos', '6.15', 'x10^3/µL', '1.80 - 6.00', 'H'],
      ['Linfocitos', '17.9', '%', '20.0 - 45.0', 'L'],
      ['Linfocitos', '1.51', 'x10^3/µL', '1.00 - 4.80', null],
    ]);
  });

  it('gives a range written after a value to that value', () => {
    expect(rows('Neutrofili          58,1 %  [40,0 - 75,0]      3,79 10^9/L  [1,80 - 7,50]')).toEqual([
      ['Neutrofili', '58,1', '%', '40,0 - 75,0', null],
      ['Neutrofili', '3,79', '10^9/L', '1,80 - 7,50', null],
    ]);
  });

  it('gives one range for two values to the value of its unit, else of its scale, else to neither', () => {
    expect(rows('Neutrófilos   58,0 %   3.944 /mm3   1.700 a 7.000 /mm3')).toEqual([
      ['Neutrófilos', '58,0', '%', null, null],
      ['Neutrófilos', '3.944', '/mm3', '1.700 a 7.000', null],
    ]);
    // OCR'd with single spaces and glued units: the range is in the count's scale.
    expect(rows('Polynucleaires eosinophiles 3,2% 0,23G/L (0,04-0,80)')).toEqual([
      ['Polynucleaires eosinophiles', '3,2', '%', null, null],
      ['Polynucleaires eosinophiles', '0,23', 'G/L', '0,04-0,80', null],
    ]);
    expect(rows('Monócitos   8,0 %   544 /mm3   2 a 10')).toEqual([
      ['Monócitos', '8,0', '%', '2 a 10', null],
      ['Monócitos', '544', '/mm3', null, null],
    ]);
  });

  it('reads an OCR row with single spaces and an O for a zero among digits', () => {
    const text = [
      '                        %        /mm3               V.R. %       V.R. /mm3',
      'Monocitos: 8,O 544 2 a 1O 100 a 1.000',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Monocitos', '8,0', '%', '2 a 10', null],
      ['Monocitos', '544', '/mm3', '100 a 1.000', null],
    ]);
    expect(readShareCountRow('Neutrophils   58.0 %   Obs 3.94 x10^3/µL', null)).toBeNull();
  });

  it('reads a header with each range column after its value column', () => {
    const text = [
      'Leucograma         Relativo    V.R.        Absoluto    V.R.',
      'Neutrófilos        58,0        45 a 70     3.944       1.700 a 7.000',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Neutrófilos', '58,0', null, '45 a 70', null],
      ['Neutrófilos', '3.944', null, '1.700 a 7.000', null],
    ]);
  });

  it('puts a lone unitless value under the column it is printed in (Relativo / Absoluto captions)', () => {
    const text = [
      'LEUCOGRAMA                      Relativo (%)   Absoluto (/µL)    Valores de Referência (/µL)',
      'Leucócitos...................:                 7.350             3.600 a 11.000',
      'Neutrófilos segmentados......:  62,4           4.586             1.500 a 7.000',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Leucócitos', '7.350', '/µL', '3.600 a 11.000', null],
      ['Neutrófilos segmentados', '62,4', '%', null, null],
      ['Neutrófilos segmentados', '4.586', '/µL', '1.500 a 7.000', null],
    ]);
  });
});

describe('precision around share-and-count rows', () => {
  it('never reads a reference band or a valores de referência column as a second reading', () => {
    expect(rows('Leucócitos        6.800 /mm3        3.500 a 10.500 /mm3')).toEqual([
      ['Leucócitos', '6.800', '/mm3', '3.500 a 10.500', null],
    ]);
    expect(readShareCountRow('Hemoglobina  13,8 g/dL   13,5 a 17,5 g/dL', null)).toBeNull();
    expect(readShareCountRow('Leucócitos  6.800 /mm3   3.500 a 10.500 /mm3', null)).toBeNull();
  });

  it('reads a value in two other units as no share-and-count row (one result converted)', () => {
    expect(readShareCountRow('HbA1c   6,8 %   51 mmol/mol', null)).toBeNull();
    expect(readShareCountRow('Glucose   5,6 mmol/L   101 mg/dL', null)).toBeNull();
  });

  it('reads unit-less rows only close under the header or the row before', () => {
    const text = ['Leucograma      %      /mm3', 'Nota: ver abaixo', '', '', '', 'Glicose   98   92'].join('\n');
    expect(rows(text).filter((r) => r[0] === 'Glicose' && r[2] !== null)).toEqual([]);
  });

  it('needs both units written when no header names the columns', () => {
    expect(readShareCountRow('Neutrófilos   58,0   3.944   45 a 70', null)).toBeNull();
    expect(readShareCountRow('Neutrophils   58.0 %   3.94', null)).toBeNull();
  });

  it('does not take a row with more values, or words among them, for one', () => {
    expect(readShareCountRow('Neutrophils   58.0 %   3.94 x10^3/µL   60.1 %', null)).toBeNull();
    expect(readShareCountRow('Neutrophils   58.0 %   see comment   3.94 x10^3/µL', null)).toBeNull();
  });
});

describe('the share-and-count header', () => {
  it('names a share column and a count column, with up to two range columns after them', () => {
    expect(detectShareCountHeader('   %        /mm3               V.R. %       V.R. /mm3')?.ranges).toHaveLength(2);
    expect(
      detectShareCountHeader('Differentialblutbild (maschinell)     %        /nl        Referenz %'),
    ).not.toBeNull();
    expect(detectShareCountHeader('LEUCOGRAMA        Relativo     Absoluto     Valores de referência')).not.toBeNull();
  });

  it('is no ordinary result header, nor two columns of the same kind', () => {
    expect(detectShareCountHeader('Exame   Resultado   Unidade   Valores de referência')).toBeNull();
    expect(detectShareCountHeader('Test   %   %   Reference')).toBeNull();
    expect(detectShareCountHeader('Test   x10^3/µL   10^9/L')).toBeNull();
    expect(detectShareCountHeader('Reference   %   /mm3')).toBeNull();
    expect(detectShareCountHeader('Neutrophils   58.0 %   3.94 x10^3/µL')).toBeNull();
  });

  it('counts per volume only: /mm3, /µL, x10^3/µL, 10^9/L, G/L, /nl; not mg/dL or g/L', () => {
    for (const unit of ['/mm3', '/mm³', '/µL', 'mil/mm3', 'x10^3/µL', '10^9/L', 'G/L', '/nl', 'K/uL', 'cells/µL']) {
      expect(isCountUnit(unit)).toBe(true);
    }
    for (const unit of ['mg/dL', 'g/L', 'mmol/L', '%', 'U/L', 'fL']) expect(isCountUnit(unit)).toBe(false);
  });
});

describe('malformed and huge input', () => {
  it('never throws nor goes quadratic', () => {
    const long = `Neutrófilos ${'58,0 % '.repeat(20000)}`;
    const started = Date.now();
    expect(readShareCountRow(long, null)).toBeNull();
    expect(readShareCountRow(`N ${'1'.repeat(50000)} %`, null)).toBeNull();
    expect(detectShareCountHeader('%  /mm3  '.repeat(10000))).toBeNull();
    expect(readShareCountRow('Neutrófilos   58,0 %   ( 45 a', null)).toBeNull();
    expect(readShareCountRow('Neutrófilos   58,0 %   3.944 /mm3   45 a 70   1.700 a 7.000   0 a 2', null)).toBeNull();
    const text = `%  /mm3\n${'Neutrófilos   58,0   3.944\n'.repeat(200)}Neutrófilos ${'58,0 % '.repeat(40)}`;
    expect(() => extractReadingsOffline(text)).not.toThrow();
    expect(Date.now() - started).toBeLessThan(4000);
  });
});

import { describe, expect, it } from 'vitest';
import { portalRangeText, valueFirstPortalBlocks } from '../../../shared/domain/extraction/portal-range-first';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'flag');

describe('a portal page printing the range before the value (MyChart copy-paste)', () => {
  it('reads the value under its caption, the unit and range from the range line, the flag below; bar labels are not readings', () => {
    const text = [
      'Results',
      'Sodium',
      'Normal range: 136 - 145 mmol/L',
      '136',
      '145',
      'Value',
      '141',
      '',
      'Creatinine',
      'Normal range: 0.60 - 1.20 mg/dL',
      '0.60',
      '1.20',
      'Value',
      '1.27',
      'High',
      '',
      'eGFR',
      'Normal range: >60 mL/min/1.73m2',
      'Value',
      '63',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Sodium', '141', 'mmol/L', '136 - 145', null],
      ['Creatinine', '1.27', 'mg/dL', '0.60 - 1.20', 'High'],
      ['eGFR', '63', 'mL/min/1.73m2', '>60', null],
    ]);
  });

  it('reads the Spanish page (`Rango normal`, `Valor`, `Alto`), a one-sided range with one bar label, a value with its own unit', () => {
    const text = [
      'Colesterol LDL',
      'Rango normal: <100 mg/dL',
      '100',
      'Valor',
      '134',
      'Alto',
      'Hemoglobina A1c',
      'Standard range: 4.0 - 5.6 %',
      '4.0',
      '5.6',
      'Your value',
      '5.9 %',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Colesterol LDL', '134', 'mg/dL', '<100', 'Alto'],
      ['Hemoglobina A1c', '5.9', '%', '4.0 - 5.6', null],
    ]);
  });

  it('leaves a range line alone when no value caption and value follow (a bare number not a bound stops the block)', () => {
    const lines = ['Sodium', 'Normal range: 136 - 145 mmol/L', '150', 'Value', '141'].map((text, index) => ({
      index,
      text,
    }));
    expect(valueFirstPortalBlocks(lines)).toEqual(lines);
    expect(portalRangeText('Intervalo normal: 70 - 99 mg/dL')).toBe('70 - 99 mg/dL');
    expect(portalRangeText('Sodium 141')).toBeNull();
  });

  it('does not throw nor slow down on truncated or huge input', () => {
    expect(() => valueFirstPortalBlocks([{ index: 0, text: 'Normal range: 1 - 2' }])).not.toThrow();
    const huge = Array.from({ length: 100000 }, (_, index) => ({
      index,
      text: ['Sodium', 'Normal range: 1 - 2 mg/dL', '1', '2', 'Value'][index % 5] as string,
    }));
    const start = Date.now();
    expect(valueFirstPortalBlocks(huge)).toHaveLength(100000);
    expect(Date.now() - start).toBeLessThan(1000);
    expect(rows('Sodium\nNormal range: 136 - 145 mmol/L\n136\nValue')).toEqual([]);
  });
});

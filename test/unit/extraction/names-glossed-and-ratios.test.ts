import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { readAs } from './support/read-fields';

const rows = (text: string) => readAs(text, 'indicator', 'value', 'unit', 'referenceRange', 'flag');

describe('an upper-case name glossed by a bracketed abbreviation (Brazilian and Iberian laudos)', () => {
  it('does not count the abbreviation against the sentence limit of a name above its result', () => {
    const text = [
      'ANTÍGENO PROSTÁTICO ESPECÍFICO TOTAL (PSA TOTAL)',
      'Material: Soro                      Método: Eletroquimioluminescência',
      '',
      '     RESULTADO ..............:   5,34 ng/mL',
      '',
      '     Valor de referência: até 4,00 ng/mL (homens acima de 40 anos)',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['ANTÍGENO PROSTÁTICO ESPECÍFICO TOTAL (PSA TOTAL)', '5,34', 'ng/mL', 'até 4,00', null],
    ]);
  });

  it('still takes a long sentence with a bracket for prose, not a name', () => {
    expect(rows('the doctor said that my prostate test result came back fine (PSA) 5 ng/mL')).not.toContainEqual(
      expect.arrayContaining(['the doctor said that my prostate test result came back fine (PSA)']),
    );
  });
});

describe('a ratio named by its two terms across a slash', () => {
  it('keeps `LIVRE/TOTAL` and `ALB/CREAT` in the name, while a unit before the value is still taken', () => {
    expect(rows('RELAÇÃO PSA LIVRE/TOTAL :   13 %\nRATIO ALB/CREAT : 13 mg/g\nHbA1c ..... mmol/mol   48')).toEqual([
      ['RELAÇÃO PSA LIVRE/TOTAL', '13', '%', null, null],
      ['RATIO ALB/CREAT', '13', 'mg/g', null, null],
      ['HbA1c', '48', 'mmol/mol', null, null],
    ]);
  });

  it('keeps a population note out of a range and does not throw on a long bracketed line', () => {
    expect(
      rows(
        'TESTOSTERONA TOTAL\nRESULTADO ....: 387 ng/dL\nValor de referência: 249 a 836 ng/dL (homens 50 anos ou mais)',
      ),
    ).toEqual([['TESTOSTERONA TOTAL', '387', 'ng/dL', '249 a 836', null]]);
    expect(() =>
      extractReadingsOffline(
        `X (${'A '.repeat(50000)})\nRESULTADO: 1 ng/mL\nValor de referência: 1 (${'a'.repeat(50000)}`,
      ),
    ).not.toThrow();
  });
});

describe('a guideline band row and a captioned value under a long record name', () => {
  it('reads no reading from a band table row running from a lower bound to an upper one', () => {
    const text = [
      'Interpretation (NLA-2014 & ATP III)',
      '   Parameter          Optimal    Near/Above Optimal   Borderline High   High       Very High',
      '   LDL Cholesterol    <100       100-129              130-159           160-189    >=190',
    ].join('\n');
    expect(rows(text)).toEqual([]);
    // Censored results across dates are bounds of one side only: still readings where they were before.
    expect(() => rows(`LDL  ${'<100  100-129  '.repeat(5000)}>=190`)).not.toThrow();
  });

  it('reads the value under a `Value:` caption for a descriptive GP record name with a laboratory unit', () => {
    const text = ['eGFR using creatinine (CKD-EPI) per 1.73 square metres', '  Value: >90 mL/min/1.73m*2'].join('\n');
    expect(rows(text)).toEqual([
      ['eGFR using creatinine (CKD-EPI) per 1.73 square metres', '>90', 'mL/min/1.73m*2', null, null],
    ]);
  });
});

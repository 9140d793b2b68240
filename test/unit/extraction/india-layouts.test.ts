import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';

describe('Indian diagnostic-centre layouts', () => {
  it('reads a technology column between the name and the value as no part of either', () => {
    const text = [
      'TEST NAME                              TECHNOLOGY     VALUE     UNITS      REFERENCE RANGE',
      'THYROID STIMULATING HORMONE (TSH)      C.L.I.A        5.62      µIU/mL     0.3-5.5',
      'AVERAGE BLOOD GLUCOSE (ABG)            CALCULATED     128       mg/dL      90-120',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit, r.referenceRange])).toEqual([
      ['THYROID STIMULATING HORMONE (TSH)', '5.62', 'µIU/mL', '0.3-5.5'],
      ['AVERAGE BLOOD GLUCOSE (ABG)', '128', 'mg/dL', '90-120'],
    ]);
  });

  it('reads a "Bio. Ref. Interval" column as the reference range, and a bracketed method line as no reading', () => {
    const text = [
      'Test Name                        Results      Units        Bio. Ref. Interval',
      'Triglycerides                    168.00       mg/dL        <150.00',
      '(GPO-POD)',
      'Creatinine                       0.82         mg/dL        0.55-1.02',
      '(Modified Jaffe,Kinetic)',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.referenceRange])).toEqual([
      ['Triglycerides', '168.00', '<150.00'],
      ['Creatinine', '0.82', '0.55-1.02'],
    ]);
  });
});

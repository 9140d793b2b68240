import { describe, expect, it } from 'vitest';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';
import { normalizeUnit } from '../../../shared/domain/standardization/units';

const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe("a vendor's JSON path before the field it names", () => {
  it('reads the camelCase field', () => {
    expect(code('activities-heart restingHeartRate')).toBe('40443-4');
    expect(code('br[].value.breathingRate')).toBe('9279-1');
  });

  it('never reads a statistic or a goal in the path as the reading', () => {
    expect(code('max heartRate', 'bpm')).toBeNull();
    expect(code('goals restingHeartRate', 'bpm')).toBeNull();
  });
});

describe('a sediment count per microscope field in other languages', () => {
  it('is per high power field', () => {
    expect(normalizeUnit('/campo')).toBe('/[HPF]');
    expect(normalizeUnit('/champ')).toBe('/[HPF]');
    expect(code('Leucocitos en sedimento', '/campo')).toBe('5821-4');
  });
});

describe('a count written as a word after a cell name', () => {
  it('acts as the count qualifier: the unit must still be a count', () => {
    expect(code('Plt Ct', '10*3/uL')).toBe('26515-7');
    expect(code('Lymph Cnt', '10*3/uL')).toBe('26474-7');
    expect(code('Plt Ct', '%')).toBeNull();
  });
});

describe('abbreviated words joined by underscores', () => {
  it('are spelled out word by word', () => {
    expect(code('HDL_CHOL', 'mg/dL')).toBe('2085-9');
    expect(code('BILI_TOT', 'mg/dL')).toBe('1975-2');
    expect(code('HDL_CHOL', 'U/L')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { conceptByCode } from '../../../shared/domain/standardization/corpus';
import { albuminRatioAsWritten } from '../../../shared/domain/standardization/microalbumin-assay';
import { summarisesAPeriod } from '../../../shared/domain/standardization/period-statistic';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;
const concept = (loinc: string) => {
  const found = conceptByCode(loinc);
  if (!found) throw new Error(`${loinc} is not in the corpus`);
  return found;
};

describe('a vital sign summarised over a period is not a reading (session 20, helper Q)', () => {
  it.each([
    ['Average Heart Rate', 'bpm'],
    ['averageHeartRateInBeatsPerMinute', 'bpm'],
    ['breathing_rate_avg', 'br/min'],
    ['com.google.heart_rate.summary', 'bpm'],
    ['day_avg_systolic_bp', 'mm[Hg]'],
    ['Fréquence cardiaque moyenne', 'bpm'],
    ['平均心率', 'bpm'],
  ])('%s [%s] gives null', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });

  it('keeps the point-in-time reading, a statistic that is the concept, and laboratory names', () => {
    expect(code('Heart rate', 'bpm')).toBe('8867-4');
    expect(code('Resting heart rate', 'bpm')).toBe('40443-4');
    expect(code('Mean BP', 'mm[Hg]')).toBe('8478-0');
    expect(code('Mean corpuscular volume', 'fL')).toBe('787-2');
    expect(code('Hemoglobina corpuscular media', 'pg')).toBe('785-6');
    expect(code('Estimated average glucose', 'mg/dL')).toBe('27353-2');
  });

  it('reads a unit written in the name as a unit, not a minimum', () => {
    expect(summarisesAPeriod(concept('8867-4'), 'HR 1/min')).toBe(false);
    expect(summarisesAPeriod(concept('8867-4'), 'Puls (min-1)')).toBe(false);
    expect(summarisesAPeriod(concept('8867-4'), 'Heart rate, minimum')).toBe(true);
  });

  it('leaves the series lookup of a question as it was', () => {
    expect(resolveIndicator('averageHeartRateInBeatsPerMinute', '/min').loincCode).toBe('8867-4');
  });

  it('stays linear on a huge name', () => {
    const huge = 'avg_'.repeat(50_000);
    const start = performance.now();
    expect(summarisesAPeriod(concept('8867-4'), huge)).toBe(true);
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('albumin/creatinine ratio: the name writes the assay, not the unit (session 20, helper Q)', () => {
  it.each([
    ['Albumin/Creatinine Ratio, Urine', 'mg/g creat', '9318-7'],
    ['COCIENTE ALBUMINA/CREATININA ORINA', 'mg/g', '9318-7'],
    ['UACR', 'mg/g', '9318-7'],
    ['Microalbumin/Creatinine Ratio', 'mcg/mg', '14959-1'],
    ['Microalbumin/Creat Ur', 'mg/g', '14959-1'],
    ['尿微量白蛋白/肌酐比值', 'mg/g', '14959-1'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it('touches no other code', () => {
    expect(albuminRatioAsWritten('2345-7', 'Glucose', 'mg/dL')).toBeNull();
    expect(code('Microalbumin', 'mg/L')).toBe('14957-5');
  });
});

describe('a count named with Auto takes the automated-count code; a bare count keeps the flowsheet code', () => {
  it.each([
    ['Platelet # Bld Auto', null, '777-3'],
    ['WBC # Bld Auto', '10*3/uL', '6690-2'],
    ['Lymphocytes # Bld Auto', '10*3/uL', '731-0'],
    ['Platelets', '10*3/uL', '26515-7'],
    ['WBC', '10*3/uL', '26464-8'],
    ['O2 Flow Rate', 'L/min', '3151-8'],
  ])('%s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });
});

describe('a ratio written in the reverse order of the code found by its words is no code (session 20, helper Q)', () => {
  it.each([
    // `Apo B/Apo A1` is a concept of its own since session 23 (1874-7): `ratio-of-parts.ts` reads it.
    ['HDL/Cholesterol', null],
    ['HDL/Total Cholesterol', null],
    ['Creatinine/Albumin', 'mg/g'],
  ])('%s [%s] gives null', (name, unit) => {
    expect(code(name, unit)).toBeNull();
  });

  it('keeps the ratio written in the code order', () => {
    expect(code('Apo A1/Apo B')).toBe('13462-7');
    expect(code('BUN/Creatinine ratio')).toBe('3097-3');
    expect(code('Albumin/Globulin')).toBe('1759-0');
  });
});

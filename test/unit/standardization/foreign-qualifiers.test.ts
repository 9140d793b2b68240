import { describe, expect, it } from 'vitest';
import { englishQualifiers } from '../../../shared/domain/standardization/foreign-qualifiers';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

const code = (name: string, unit: string | null) => resolveReadingIndicator(name, unit).loincCode;

describe('a qualifier written in another language', () => {
  it('is written in English, the test word left as written', () => {
    expect(englishQualifiers('SpO2 en reposo')).toBe('SpO2 resting');
    expect(englishQualifiers('SpO2 aire ambiente')).toBe('SpO2 room air');
    expect(englishQualifiers('Parathormon intakt')).toBe('Parathormon intact');
    expect(englishQualifiers('Proteínas en orina de 24 horas')).toBe('Proteínas 24 hour urine');
    expect(englishQualifiers('Eiweiß im 24h-Urin')).toBe('Eiweiß 24 hour urine');
    expect(englishQualifiers('eGFR nach MDRD')).toBe('eGFR MDRD');
    expect(englishQualifiers('Glucose')).toBe('Glucose');
  });

  it('reaches the sibling the qualifier names, which the unit must still fit', () => {
    expect(code('SpO2 en reposo', '%')).toBe('59417-6');
    expect(code('LDL-Cholesterin direkt', 'mg/dl')).toBe('18262-6');
    expect(code('Lactato arterial', 'mmol/L')).toBe('2518-9');
    expect(code('Laktat arteriell', 'mmol/L')).toBe('2518-9');
    expect(code('LDL-Cholesterin direkt', 'U/L')).toBeNull();
    expect(code('SpO2 en reposo', 'mg/dL')).toBeNull();
  });

  it('is linear on long input', () => {
    const long = 'en orina de '.repeat(20_000);
    const start = performance.now();
    expect(englishQualifiers(long)).toBe(long);
    expect(performance.now() - start).toBeLessThan(500);
  });
});

describe('a 24-hour collection written as two words before Urine', () => {
  it('is the 24-hour urine system, whose unit must still fit', () => {
    expect(code('Aldosterone, 24 hr Urine', 'mcg/24 h')).toBe('1765-7');
    expect(code('Creatinine 24 hour urine', 'mg/(24.h)')).toBe('2162-6');
    expect(code('Kreatinin im 24-h-Sammelurin', 'g/24 h')).toBe('2162-6');
    expect(code('Sodium, 24 hr urine', 'mg/dL')).toBeNull();
  });
});

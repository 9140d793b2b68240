import { describe, expect, it } from 'vitest';
import { relativeDay } from '../../../shared/domain/extraction/relative-days';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';
import { readAs } from './support/read-fields';

const dated = (text: string) => readAs(text, 'indicator', 'measuredAt');

describe('a weekday ahead of the message is an appointment, not the day of the reading (review of session 22)', () => {
  it('leaves a reading whose sentence books a later day on the letter’s own date', () => {
    for (const text of [
      'Date: 22/11/2026\nHbA1c 48 mmol/mol, repeat next Tuesday',
      'Date: 22/11/2026\nWeight 80 kg, recheck on Monday',
      'Date: 22/11/2026\nGlucose 6.1 mmol/L - will check again Friday morning',
      'Date: 22/11/2026\nBlood pressure 128/82, see you Thursday',
      'Date: 22/11/2026\nPotassium 5.9 mmol/L; repeat bloods booked for Wednesday',
    ]) {
      const read = dated(text);
      expect(read.length, text).toBeGreaterThan(0);
      for (const [, at] of read) expect(at, text).toBe('2026-11-22');
    }
  });

  it('still counts back a day the reading was taken on', () => {
    // 22 November 2026 is a Sunday.
    expect(relativeDay('Weight Saturday morning: 212 lb', 'Weight', '2026-11-22')).toBe('2026-11-21');
    expect(relativeDay('glucose yesterday 6.1', 'glucose', '2026-11-22')).toBe('2026-11-21');
    expect(relativeDay('Weight on Monday was 80 kg', 'Weight', '2026-11-22')).toBe('2026-11-16');
    expect(relativeDay('Weight 80 kg, recheck on Monday', 'Weight', '2026-11-22')).toBeNull();
    expect(relativeDay('HbA1c 48, next Tuesday clinic', 'HbA1c', '2026-11-22')).toBeNull();
  });
});

describe('the discharge-note short name for urea nitrogen (review of session 22)', () => {
  it('resolves `UreaN` and `Urea N` to urea nitrogen, not urea', () => {
    for (const name of ['UreaN', 'Urea N', 'urea n']) {
      expect(resolveIndicator(name, null).loincCode, name).toBe('3094-0');
      expect(resolveIndicator(name, 'mg/dL').loincCode, name).toBe('3094-0');
      expect(resolveIndicator(name, 'mmol/L').loincCode, name).toBe('14937-7');
    }
    expect(resolveIndicator('Urea', 'mmol/L').loincCode).toBe('22664-7');
  });
});

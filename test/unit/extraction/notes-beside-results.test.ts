import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { readAs } from './support/read-fields';

const read = (text: string) => readAs(text, 'indicator', 'value');

describe('a note beside a censored result is about the result', () => {
  it('keeps the result when the guidance words are in a bracket or after a comma', () => {
    expect(read('Troponin T <3 ng/L (cut-off 14 ng/L)')).toEqual([['Troponin T', '<3']]);
    expect(read('HbA1c <4.0 % (recommended <6.5 %)')).toEqual([['HbA1c', '<4.0']]);
    expect(read('PSA <0.1 ng/mL, consistent with remission')).toEqual([['PSA', '<0.1']]);
  });

  it('still drops a goal written before the value or running on from it', () => {
    expect(read('Aim for an LDL <1.8 mmol/L')).toEqual([]);
    expect(read('LDL <70 mg/dL is considered optimal')).toEqual([]);
  });
});

describe('phone captions and test names', () => {
  it('reads Alk Ph as a test, and a Ph/Tel caption before a number as a phone', () => {
    expect(read('ALK PH 250 130-400')).toEqual([['ALK PH', '250']]);
    expect(read('Ph: 040-2351 7788')).toEqual([]);
  });
});

describe('a German-looking stem is a whole word', () => {
  it('does not read "Laboratory" as a German day-first cue', () => {
    const [reading] = extractReadingsOffline('Date: 02/04/2026\nLaboratory report\nGlucose 95 mg/dL (70-99)');
    expect(reading?.measuredAt).toBe('2026-02-04');
  });
});

import { describe, expect, it } from 'vitest';
import { resolveIndicatorUncached } from '../../../shared/domain/standardization/resolver';
import { respelledNames, respellingsOf } from '../../../shared/domain/standardization/respell';

function code(name: string, unit?: string | null): string | null {
  return resolveIndicatorUncached(name, unit).loincCode;
}

describe('respelling slipped words as the corpus spells them', () => {
  it('finds the one corpus word a dropped, doubled or swapped letter away, keeping the first letter', () => {
    expect(respellingsOf('Adenossine')).toEqual(['adenosine']);
    expect(respellingsOf('Mecrury')).toEqual(['mercury']);
    expect(respellingsOf('sedirnentation')).toEqual(['sedimentation']);
  });

  it('leaves known words, short words, words with digits and words no corpus word is near', () => {
    expect(respellingsOf('Glucose')).toEqual([]);
    expect(respellingsOf('Glcu')).toEqual([]);
    expect(respellingsOf('Pr0tein')).toEqual([]);
    expect(respellingsOf('Zyxwvut')).toEqual([]);
    // A slip of a framing word is read as that word, never as a test word.
    expect(respellingsOf('serun')).toEqual(['serum']);
  });

  it('returns every nearest word when several are as near, and one reading of the name per combination', () => {
    expect(respellingsOf('Stting')).toEqual(expect.arrayContaining(['sitting', 'setting']));
    expect(respelledNames('BP Dias Stting')).toEqual(expect.arrayContaining(['BP Dias Sitting', 'BP Dias Setting']));
    expect(respelledNames('ALBUMN SerPl')).toContain('ALBUMIN SerPl');
    expect(respelledNames('Glucose SerPl')).toEqual([]);
  });

  it('reads the system, timing and property the rest of the name writes once the word is respelled', () => {
    expect(code('Adenossine Deaminase Pl Fld Qn', 'U/L')).toBe('35704-6');
    expect(code('Calcim 24H Ur Qn mg/24H', 'mg/(24.h)')).toBe('6874-2');
    expect(code('Formc Acid SerPl Qn', 'ug/mL')).toBe('2292-1');
    expect(code('Albumn SerPl Qn', 'g/dL')).toBe('1751-7');
  });

  it('accepts readings of a tie only when the readings that find a code agree', () => {
    // `Sitting` names the diastolic pressure sitting; `Setting` names nothing: one code.
    expect(code('BP Dias Stting', 'mm[Hg]')).toBe('8453-3');
    // `Heemoglobin` is as near to hemoglobin as to haemoglobin: both readings find HbA1c.
    expect(code('Heemoglobin A1c', '%')).toBe('4548-4');
  });

  it('reads a slip as near to two words when only one reading names a test', () => {
    // `Creatnine`: creatine or creatinine; `creatinine kinase` names nothing, creatine kinase is CK.
    expect(code('Creatnine kinase', 'U/L')).toBe('2157-6');
    // `Calcim`: calcium, calcio (its Spanish name) or calcit; only calcium is read, in both languages.
    expect(code('Calcim', 'mg/dL')).toBe('17861-6');
    // An OCR reading inside a word with digits is no slip: `pneumI4` never becomes `pneum4`, another serotype.
    expect(respelledNames('S pneumI4 IgG')).toEqual([]);
  });

  it('is less sure of a respelled name than of the name as written', () => {
    expect(resolveIndicatorUncached('Adenosine Deaminase Pl Fld Qn', 'U/L').confidence).toBeGreaterThan(
      resolveIndicatorUncached('Adenossine Deaminase Pl Fld Qn', 'U/L').confidence,
    );
    expect(resolveIndicatorUncached('Formc Acid SerPl Qn', 'ug/mL').confidence).toBeLessThanOrEqual(0.9);
  });

  it('never turns a line that is not a test into one', () => {
    expect(code('Pateint name', null)).toBeNull();
    expect(code('Speciman collected', null)).toBeNull();
  });
});

describe('a name read again once OCR shapes are repaired', () => {
  it('reads a bracketed alias or a system the OCR repair makes legible', () => {
    expect(code('Glycémie à jeun (Gluc0se)', 'mmol/L')).toBe('14771-0');
    expect(resolveIndicatorUncached('Glycémie à jeun (Gluc0se)', 'mmol/L').confidence).toBeLessThanOrEqual(0.9);
  });

  it('keeps digits a test name owns', () => {
    expect(code('Hemoglobin A1c', '%')).toBe('4548-4');
    expect(code('Deprecated S pneumI4 IgG Ser-mCnc', 'ug/mL')).not.toBe('27094-2');
  });
});

describe('a unit only one method reports in', () => {
  it('names the method sibling when the found test does not take the unit at all (IFCC HbA1c)', () => {
    expect(code('Hemoglobin A1c', 'mmol/mol')).toBe('59261-8');
    expect(code('Hb A1c IFCC', 'mmol/mol')).toBe('59261-8');
    expect(code('Hemoglobin A1c', '%')).toBe('4548-4');
  });

  it('names no sibling for a unit of the same kind on another scale, or a dimensionless one', () => {
    // ng/L converts to the found troponin T's ng/mL: the lab's scale, not a method.
    expect(code('Troponin T', 'ng/L')).toBeNull();
    // `%` is how many methods report a urine glucose: no method is named.
    expect(code('Urine glucose', '%')).toBeNull();
    expect(code('Hemoglobin A1c', 'mmol/L')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { resolveIndicator, resolveIndicatorUncached } from '../../../shared/domain/standardization/resolver';
import {
  ONE_WORD_ACCEPTANCE,
  retrievalCandidates,
  withOneWordAcceptance,
} from '../../../shared/domain/standardization/retrieval/retrieve';
import { corpusVectorIndex } from '../../../shared/domain/standardization/retrieval/vector-index';
import { alignmentGap, NearWords } from '../../../shared/domain/standardization/retrieval/word-alignment';

const code = (name: string, unit: string | null) => resolveIndicator(name, unit).loincCode;

describe('alignment gap', () => {
  it('names the key words the name misses and the name words left unexplained', () => {
    const { vocabulary } = corpusVectorIndex();
    const none = new Set<string>();
    const near = new NearWords(vocabulary);
    expect(alignmentGap(['cortisol', 'basal'], ['cortisol'], 'x', vocabulary, none, near)).toEqual({
      missing: [],
      extra: ['basal'],
      qualifiers: [],
    });
    expect(alignmentGap(['nitrit'], ['nitrit', 'urin'], 'x', vocabulary, none, near)?.missing).toEqual(['urin']);
  });

  it('is what the candidates carry, with aligned only when nothing is left over', () => {
    const [first] = retrievalCandidates('height ln', '[in_i]');
    expect(first?.key).toBe('height');
    expect(first?.aligned).toBe(false);
    expect(first?.gap?.extra).toEqual(['ln']);
  });
});

describe('second acceptance: one unexplained word, the unit confirming', () => {
  it('reads a name with a note no corpus word spells, in the unit the test is reported in', () => {
    expect(code('Height (ln)', '[in_i]')).toBe('8302-2');
    expect(code('Height [ln]', '[in_i]')).toBe('8302-2');
    expect(code('Body height (ln)', 'cm')).toBe('8302-2');
    expect(code('IGF-1 (RlA)', 'ng/mL')).toBe('2484-4');
    expect(code('HbA1c IFCC standardised', 'mmol/mol')).toBe('59261-8');
    expect(code('Hemoglobin A1c (IFCC standardized)', 'mmol/mol')).toBe('59261-8');
  });

  it('is as sure as the weakest retrieved match, never more', () => {
    expect(resolveIndicator('Height (ln)', '[in_i]').confidence).toBe(0.7);
    expect(resolveIndicator('HbA1c IFCC standardised', 'mmol/mol').confidence).toBe(0.7);
  });

  it('needs the unit to confirm it: none, or one of another kind, gives null', () => {
    expect(code('Height (ln)', null)).toBeNull();
    expect(code('Height (ln)', 'kg')).toBeNull();
  });

  it('refuses a left-over word that is a corpus word or a slip of one', () => {
    // Each left-over word is, or slips, a word the corpus writes in another test's name (`Sitnig`: sitting).
    expect(code('Skin temperature', 'Cel')).toBeNull();
    expect(code('Glucose SD', 'mg/dL')).toBeNull();
    expect(code('BP Dias Sitnig', 'mm[Hg]')).toBeNull();
  });

  it('refuses when a rival of another meaning reads the name as fully within the margin', () => {
    // `JDS` (the Japanese HbA1c scale) is no corpus word, but the method siblings of HbA1c are as near.
    expect(code('HbA1c (JDS)', '%')).toBeNull();
    expect(code('Heart rate massima', 'bpm')).toBeNull();
  });

  it('can be turned off for calibration, and is on at the chosen point', () => {
    expect(ONE_WORD_ACCEPTANCE).toEqual({ min: 0.5, margin: 0.2 });
    const off = withOneWordAcceptance({ min: 2, margin: 0 }, () => resolveIndicatorUncached('Height [ln]', '[in_i]'));
    expect(off.loincCode).toBeNull();
    expect(resolveIndicatorUncached('Height [ln]', '[in_i]').loincCode).toBe('8302-2');
  });
});

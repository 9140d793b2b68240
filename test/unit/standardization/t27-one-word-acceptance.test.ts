import { describe, expect, it } from 'vitest';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';
import { retrievalCandidates } from '../../../shared/domain/standardization/retrieval/retrieve';
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

describe('a name one word from its key', () => {
  // A second acceptance (one unexplained word, confirmed by the unit) was measured in session 27 and removed: at every
  // point it coded prose and field names that must stay null. A name no neighbour aligns with stays null.
  it('stays null, whatever its unit', () => {
    expect(code('Height (ln)', '[in_i]')).toBeNull();
    expect(code('Previous lithium', 'mmol/L')).toBeNull();
    expect(code('HbA1c (JDS)', '%')).toBeNull();
  });
});

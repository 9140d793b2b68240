import { describe, expect, it } from 'vitest';
import { ocrSkeleton } from '../../../shared/domain/standardization/ocr-confusions';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';
import { nameFeatures } from '../../../shared/domain/standardization/retrieval/ngram-embedding';
import {
  RETRIEVAL_ACCEPT_MIN,
  retrievalConfidence,
  retrieveGroup,
} from '../../../shared/domain/standardization/retrieval/retrieve';
import { corpusVectorIndex, nearestKeys } from '../../../shared/domain/standardization/retrieval/vector-index';
import {
  alignWords,
  editDistance,
  isSlip,
  type Vocabulary,
} from '../../../shared/domain/standardization/retrieval/word-alignment';

function code(name: string, unit: string | null): string | null {
  return resolveIndicator(name, unit).loincCode;
}

describe('n-gram embedding and index', () => {
  it('does not depend on word order', () => {
    expect([...nameFeatures('glucose fasting')].sort()).toEqual([...nameFeatures('fasting glucose')].sort());
  });

  it('finds a misspelt name nearest to the right key, with a cosine between 0 and 1', () => {
    const index = corpusVectorIndex();
    const [first] = nearestKeys('triglyceridse', 5);
    expect(first).toBeDefined();
    expect(index.keys[first?.id ?? -1]).toMatch(/^triglycerides?$/);
    expect(first?.score).toBeGreaterThan(0);
    expect(first?.score).toBeLessThanOrEqual(1);
  });

  it('scores an exact key at 1', () => {
    const [first] = nearestKeys('ferritin', 1);
    expect(first?.score).toBeCloseTo(1, 5);
  });
});

describe('word alignment guards', () => {
  const vocabulary: Vocabulary = {
    groupsOfWord: new Map([
      ['insulin', new Set(['insulin-code'])],
      ['inulin', new Set(['inulin-code'])],
      ['cholesterol', new Set(['chol-code'])],
      ['hdl', new Set(['hdl-code'])],
      ['thyroxine', new Set(['t4-code'])],
      ['thyronine', new Set(['t3-code'])],
      ['ldl', new Set(['ldl-code'])],
    ]),
    wordsByLengthAndInitial: new Map([
      ['7:i', ['insulin']],
      ['6:i', ['inulin']],
      ['11:c', ['cholesterol']],
      ['3:h', ['hdl']],
      ['9:t', ['thyroxine', 'thyronine']],
      ['3:l', ['ldl']],
    ]),
    wordsBySkeleton: new Map(),
    meaningOfKey: new Map(),
  };
  const none = new Set<string>();

  it('counts swaps as one edit and stops early past the limit', () => {
    expect(editDistance('cortsiol', 'cortisol', 2)).toBe(1);
    expect(editDistance('creatine', 'creatinine', 1)).toBe(2);
  });

  it('never reads a word as a slip across digits or in short words', () => {
    expect(isSlip('vitaminb6', 'vitaminb12')).toBe(false);
    expect(isSlip('hdl', 'ldl')).toBe(false);
    expect(isSlip('triglyceridse', 'triglycerides')).toBe(true);
  });

  it('does not take a word the corpus knows for a slip of another word', () => {
    expect(alignWords(['inulin'], ['insulin'], 'insulin-code', vocabulary, none)).toBeNull();
    // One letter apart and long enough for a slip, but both are words of the corpus with different meanings.
    expect(isSlip('thyronine', 'thyroxine')).toBe(true);
    expect(alignWords(['thyronine'], ['thyroxine'], 't4-code', vocabulary, none)).toBeNull();
    expect(alignWords(['thyroxnie'], ['thyroxine'], 't4-code', vocabulary, none)).toEqual({ qualifiers: [] });
    expect(alignWords(['ldl', 'cholesterol'], ['hdl', 'cholesterol'], 'hdl-code', vocabulary, none)).toBeNull();
  });

  it('drops a method word the method-less code covers, but no other extra word', () => {
    expect(alignWords(['cholesterol', 'enzymatic'], ['cholesterol'], 'chol-code', vocabulary, none)).toEqual({
      qualifiers: ['enzymatic'],
    });
    expect(alignWords(['cholesterol', 'vldl'], ['cholesterol'], 'chol-code', vocabulary, none)).toBeNull();
  });
});

describe('word alignment: OCR misreadings, short-word slips, framing words, restated names', () => {
  const words: [string, string[]][] = [
    ['tacrolimus', ['tacro-code']],
    ['dehydrogenase', ['ld-code']],
    ['lactate', ['ld-code', 'lactate-code']],
    ['alpha', ['alpha-code']],
    ['aipha', ['aipha-code']],
    ['thyroxine', ['t4-code']],
    ['t3', ['t3-code']],
    ['t4', ['t4-code']],
    ['ammonia', ['nh3-code']],
    ['lipase', ['lipase-code']],
    ['lipose', ['lipose-code']],
    ['lithium', ['lithium-code']],
    ['uptake', ['uptake-code']],
    ['take', ['take-code']],
    ['alanine', ['alt-code']],
    ['aminotransferase', ['alt-code', 'ast-code']],
    ['aspartate', ['ast-code']],
    ['alt', ['alt-code']],
    ['ast', ['ast-code']],
  ];
  const groupsOfWord = new Map(words.map(([w, g]) => [w, new Set(g)]));
  const byBucket = new Map<string, string[]>();
  const bySkeleton = new Map<string, string[]>();
  for (const [w] of words) {
    byBucket.set(`${w.length}:${w[0]}`, [...(byBucket.get(`${w.length}:${w[0]}`) ?? []), w]);
    bySkeleton.set(ocrSkeleton(w), [...(bySkeleton.get(ocrSkeleton(w)) ?? []), w]);
  }
  const vocabulary: Vocabulary = {
    groupsOfWord,
    wordsByLengthAndInitial: byBucket,
    wordsBySkeleton: bySkeleton,
    meaningOfKey: new Map([
      ['alt', 'alt-code'],
      ['ast', 'ast-code'],
    ]),
  };
  const none = new Set<string>();
  const aligned = { qualifiers: [] };

  it('reads a word OCR misread (l/1/I, O/0, rn/m) as the corpus word with its skeleton', () => {
    expect(alignWords(['tacroiimus'], ['tacrolimus'], 'tacro-code', vocabulary, none)).toEqual(aligned);
    expect(alignWords(['tacro1imus'], ['tacrolimus'], 'tacro-code', vocabulary, none)).toEqual(aligned);
    expect(alignWords(['lactate', 'dehydr0genase'], ['lactate', 'dehydrogenase'], 'ld-code', vocabulary, none)).toEqual(
      aligned,
    );
  });

  it('refuses a misreading whose skeleton corpus words of different meanings share', () => {
    // `a1pha` reads as `alpha` and as `aipha`: two tests.
    expect(alignWords(['a1pha'], ['alpha'], 'alpha-code', vocabulary, none)).toBeNull();
  });

  it('never reads a changed digit as a misreading: T3 is not T4', () => {
    expect(alignWords(['t3'], ['t4'], 't4-code', vocabulary, none)).toBeNull();
    expect(alignWords(['free', 't3'], ['free', 't4'], 't4-code', vocabulary, none)).toBeNull();
    expect(alignWords(['thyr0xine3'], ['thyroxine'], 't4-code', vocabulary, none)).toBeNull();
  });

  it('tolerates one dropped, added or changed letter in a 5–6 letter word when no other word is as near', () => {
    expect(isSlip('ammona', 'ammonia')).toBe(true);
    expect(isSlip('folae', 'folate')).toBe(true);
    expect(isSlip('lipse', 'lipase')).toBe(true);
    expect(alignWords(['ammona'], ['ammonia'], 'nh3-code', vocabulary, none)).toEqual(aligned);
    expect(alignWords(['lipasr'], ['lipase'], 'lipase-code', vocabulary, none)).toEqual(aligned);
    // One letter from both `lipase` and `lipose`: a guess either way.
    expect(alignWords(['lipse'], ['lipase'], 'lipase-code', vocabulary, none)).toBeNull();
    // `take` is one letter away too, but no rule reads `utake` as a slip of it: no rival.
    expect(alignWords(['utake'], ['uptake'], 'uptake-code', vocabulary, none)).toEqual(aligned);
    // The first letter is kept: rivals are looked for by initial.
    expect(isSlip('mmonia', 'ammonia')).toBe(false);
    expect(isSlip('xolate', 'folate')).toBe(false);
    // A four-letter word may only miss one letter of a five-letter one; nothing shorter, never across digits.
    expect(isSlip('cels', 'cells')).toBe(true);
    expect(isSlip('clls', 'cells')).toBe(true);
    expect(isSlip('celz', 'cells')).toBe(false);
    expect(isSlip('cel', 'cell')).toBe(false);
    expect(isSlip('irn', 'iron')).toBe(false);
    expect(isSlip('vitb6', 'vitb12')).toBe(false);
  });

  it('drops a misspelt framing word as the normaliser drops the word, but not an unknown one', () => {
    expect(alignWords(['lithium', 'levl'], ['lithium'], 'lithium-code', vocabulary, none)).toEqual(aligned);
    expect(alignWords(['lithium', 'levle'], ['lithium'], 'lithium-code', vocabulary, none)).toEqual(aligned);
    expect(alignWords(['lithium', 'blod'], ['lithium'], 'lithium-code', vocabulary, none)).toEqual(aligned);
    expect(alignWords(['lithium', 'lev'], ['lithium'], 'lithium-code', vocabulary, none)).toBeNull();
    expect(alignWords(['lithium', 'ammona'], ['lithium'], 'lithium-code', vocabulary, none)).toBeNull();
  });

  it('accepts a bracketed restatement of the same test, not a name of another', () => {
    const name = ['alanine', 'aminotransferase'];
    expect(alignWords([...name, 'alt'], name, 'alt-code', vocabulary, none)).toEqual(aligned);
    expect(alignWords([...name, 'ast'], name, 'alt-code', vocabulary, none)).toBeNull();
  });
});

describe('retrieval stage in the resolver', () => {
  it.each([
    ['Hemoglobni', 'g/dL', '718-7'],
    ['Triglyceridse', 'mg/dL', '2571-8'],
    ['Creatinnine', 'mg/dL', '2160-0'],
    ['HDL Cholesterool', 'mg/dL', '2085-9'],
    ['Cholesterool HDL', 'mg/dL', '2085-9'],
    ['Ferritinn', 'ng/mL', '2276-4'],
  ])('tolerates a slip: %s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it('reads a method qualifier after the test name as the method-less code', () => {
    expect(code('Creatinine enzymatic', 'mg/dL')).toBe('2160-0');
    expect(code('Creatinine Jaffe', 'umol/L')).toBe('14682-9');
  });

  it('refuses an unknown extra word: it may be another test', () => {
    expect(code('IDL cholesterol', 'mg/dL')).toBeNull();
    expect(code('Creatinine mystery', 'mg/dL')).toBeNull();
  });

  it('lets a unit veto a retrieved concept', () => {
    expect(code('Cholesterool', 'mg/dL')).toBe('2093-3');
    expect(code('Cholesterool', 'U/L')).toBeNull();
  });

  it('lets a specimen word veto a concept of another system, and choose one of the same', () => {
    expect(code('Ferritinn CSF', 'ng/mL')).toBeNull();
    expect(code('Glucsoe urine', 'mg/dL')).toBe('2350-7');
    expect(code('Glucose urine', 'mg/dL')).toBe('2350-7');
  });

  it('keeps ambiguous names null, misspelt or not', () => {
    expect(code('Bicarbonate', 'mmol/L')).toBeNull();
    expect(code('Bicarbonatte', 'mmol/L')).toBeNull();
  });

  it('refuses a slip equally near two words of different meaning', () => {
    // One letter from both `resting` (resting heart rate) and `reading` (heart rate): both readings find a code.
    expect(code('Reating heart rate', '/min')).toBeNull();
  });

  it('keeps digits exact: a neighbour with other digits is another test', () => {
    expect(code('Vitamin B7', 'ng/mL')).toBeNull();
    expect(code('Free T5', 'ng/dL')).toBeNull();
  });

  it.each([
    ['Ammona', 'umol/L', '16362-6'],
    ['TDT/Cels %', '%', '30117-6'],
    ['Sodum', 'mmol/L', '2951-2'],
    ['Ferritin levle', 'ng/mL', '2276-4'],
    ['Creatine Kinsae (CK)', 'U/L', '2157-6'],
    ['Lactate Dehydr0genase', 'U/L', '2532-0'],
  ])('tolerates a slip or misreading in a short or mid-length word: %s [%s] → %s', (name, unit, expected) => {
    expect(code(name, unit)).toBe(expected);
  });

  it('refuses a short-word slip as near to a word of another meaning', () => {
    // `Calcim` (calcium or calcitonin) and `Albumn` are read by the respelling stage, where only one reading finds a
    // test (respell-and-unit-sibling.test.ts); a slip in a name whose parts disagree still finds nothing.
    expect(code('Creatine Kinsae (ALT)', 'U/L')).toBeNull();
  });

  it('reports the rescaled score as confidence, below the exact stages', () => {
    const slip = resolveIndicator('Triglyceridse', 'mg/dL');
    expect(slip.confidence).toBeGreaterThanOrEqual(0.7);
    expect(slip.confidence).toBeLessThanOrEqual(0.95);
    expect(resolveIndicator('Triglycerides', 'mg/dL').confidence).toBe(1);
    expect(retrievalConfidence(RETRIEVAL_ACCEPT_MIN, RETRIEVAL_ACCEPT_MIN)).toBe(0.7);
    expect(retrievalConfidence(1, RETRIEVAL_ACCEPT_MIN)).toBe(0.95);
    expect(retrievalConfidence(0.6, 0.25)).toBeLessThan(retrievalConfidence(0.8, 0.25));
  });

  it('is deterministic and gives no candidate for a short or empty name', () => {
    expect(retrieveGroup('glx', null)).toBeNull();
    expect(retrieveGroup('', null)).toBeNull();
    const a = retrieveGroup('triglyceridse', 'mg/dL');
    const b = retrieveGroup('triglyceridse', 'mg/dL');
    expect(a?.key).toBe(b?.key);
    expect(a?.score).toBe(b?.score);
  });
});

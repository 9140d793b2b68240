import { describe, expect, it } from 'vitest';
import { readFallback, type SeenLine } from '../../../shared/domain/extraction/fallback-reader';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import {
  LOOKUP_BUDGET,
  lookupStatistics,
  MAX_NAME_LENGTH,
  MAX_NAME_WORDS,
  mayNameMeasurement,
  spendLookup,
  withLookupBudget,
} from '../../../shared/domain/extraction/lookup-budget';
import { isKnownMeasurement } from '../../../shared/domain/extraction/vocabulary';

/** Seeded made-up words, distinct enough that no resolver cache knows them from another test. */
function madeUpWords(seed: number): () => string {
  const syllables = ['ka', 'lo', 'mir', 'tes', 'vun', 'dra', 'pel', 'sor', 'ix', 'quo', 'bem', 'ner', 'ul', 'fos'];
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return () => {
    let word = '';
    for (let k = 0; k < 3; k++) word += syllables[Math.floor(next() * syllables.length)];
    return word;
  };
}

describe('one budget of resolver look-ups per document, shared by every reader', () => {
  it('asks about a text only when it may be a name: a letter, short enough in characters and words', () => {
    expect(mayNameMeasurement('Glucose')).toBe(true);
    expect(mayNameMeasurement('K')).toBe(true);
    expect(mayNameMeasurement('血糖')).toBe(true);
    expect(mayNameMeasurement('Estimated glomerular filtration rate using creatinine CKD-EPI')).toBe(true);
    expect(mayNameMeasurement('')).toBe(false);
    expect(mayNameMeasurement('12.5 / 44')).toBe(false);
    expect(mayNameMeasurement('x'.repeat(MAX_NAME_LENGTH + 1))).toBe(false);
    expect(mayNameMeasurement(Array.from({ length: MAX_NAME_WORDS + 1 }, () => 'ab').join(' '))).toBe(false);
  });

  it('spends words looked up, refuses past the budget, and spends nothing on a text that cannot be a name', () => {
    withLookupBudget(() => {
      expect(spendLookup('two words')).toBe(true);
      expect(spendLookup('4411')).toBe(false);
      expect(lookupStatistics()).toMatchObject({ spent: 2, filtered: 1, refused: 0 });
      expect(spendLookup('three more words')).toBe(true);
      expect(spendLookup('one')).toBe(false);
      expect(lookupStatistics()).toMatchObject({ spent: 5, refused: 1 });
    }, 4);
    // Outside a document (a reader called alone) nothing is budgeted.
    expect(spendLookup('any name')).toBe(true);
  });

  it('answers "not known" past the budget without remembering it, so the next document asks again', () => {
    const word = madeUpWords(11);
    const name = `${word()} ${word()}`;
    withLookupBudget(() => {
      expect(spendLookup('x y z')).toBe(true); // the budget is spent
      expect(isKnownMeasurement('Haemoglobin', 'g/dL')).toBe(false);
      expect(isKnownMeasurement(name, null)).toBe(false);
      expect(lookupStatistics().refused).toBe(2);
    }, 1);
    expect(isKnownMeasurement('Haemoglobin', 'g/dL')).toBe(true);
    // A name asked within the budget is remembered: asking again costs nothing.
    withLookupBudget(() => {
      isKnownMeasurement(name, null);
      const spent = lookupStatistics().spent;
      isKnownMeasurement(name, null);
      expect(lookupStatistics().spent).toBe(spent);
    });
  });

  it('shares the budget: the line readers, prose and the fallback together spend at most one budget', () => {
    const word = madeUpWords(23);
    const lines: string[] = [];
    for (let k = 0; k < 400; k++) {
      // A name-first line (line readers), a sentence (prose) and an odd separator (the fallback), all unknown names.
      lines.push(`${word()} ${word()} ${k % 97}.${k % 10} mmol/L`);
      lines.push(`Yesterday the ${word()} ${word()} was ${k % 89} km and the ${word()} came at ${k % 50} kg.`);
      lines.push(`${word()} ${word()} => ${k % 83} mmol/L`);
    }
    extractReadingsOffline(lines.join('\n'));
    const figures = lookupStatistics();
    // Each reader alone would have asked about thousands of names: together they stopped at one budget.
    expect(figures.spent).toBeGreaterThanOrEqual(LOOKUP_BUDGET);
    expect(figures.spent).toBeLessThan(LOOKUP_BUDGET + MAX_NAME_WORDS);
    expect(figures.refused).toBeGreaterThan(200);
  });

  it('starts each document with a fresh budget, and a repeated line costs one look-up however often it recurs', () => {
    const word = madeUpWords(37);
    const line = `${word()} ${word()} 12.5 mmol/L`;
    extractReadingsOffline(Array.from({ length: 1000 }, () => line).join('\n'));
    const figures = lookupStatistics();
    expect(figures.spent).toBeLessThanOrEqual(10);
    expect(figures.refused).toBe(0);
  });

  it('still reads a report whose names are known after a huge unreadable document spent its budget', () => {
    const word = madeUpWords(41);
    const junk = Array.from({ length: 1200 }, (_, k) => `${word()} ${word()} took ${k} ms, ${word()} ${k % 7} MB`);
    expect(() => extractReadingsOffline(junk.join('\n'))).not.toThrow();
    expect(lookupStatistics().spent).toBeLessThan(LOOKUP_BUDGET + MAX_NAME_WORDS);
    const report = extractReadingsOffline('Glucose   5.4 mmol/L   (3.9-5.5)\nPotassium   4.1 mmol/L   (3.5-5.1)');
    expect(report.map((r) => [r.indicator, r.value])).toEqual([
      ['Glucose', '5.4'],
      ['Potassium', '4.1'],
    ]);
  });

  it('returns on a 200 kB line and on a long document of distinct lines, within the budget', () => {
    const word = madeUpWords(53);
    const megabyte = Array.from({ length: 12000 }, (_, k) => `${word()} ${k % 500} mg/dL,`).join(' ');
    expect(() => extractReadingsOffline(megabyte)).not.toThrow();
    expect(lookupStatistics().spent).toBeLessThan(LOOKUP_BUDGET + MAX_NAME_WORDS);
    const huge = Array.from({ length: 2000 }, (_, k) => `${word()},${k},${word()},${k % 77}.5,kg,${word()}`);
    expect(() => extractReadingsOffline(huge.join('\n'))).not.toThrow();
    expect(lookupStatistics().spent).toBeLessThan(LOOKUP_BUDGET + MAX_NAME_WORDS);
  });

  it('gives the fallback reader called alone a budget of its own', () => {
    const word = madeUpWords(67);
    const open: SeenLine[] = Array.from({ length: 1000 }, (_, index) => ({
      index,
      text: `${word()} ${word()} => ${index % 90} mmol/L`,
      date: null,
      open: true,
    }));
    expect(readFallback(open, new Set(), 'day-first')).toEqual([]);
    expect(lookupStatistics().spent).toBeLessThan(LOOKUP_BUDGET + MAX_NAME_WORDS);
  });
});

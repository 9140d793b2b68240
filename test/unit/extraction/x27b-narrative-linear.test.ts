import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { wordsBefore } from '../../../shared/domain/extraction/narrative';

/** A string that counts the characters read from it: the work `wordsBefore` does, whatever the machine's load. */
function counted(text: string): { text: string; reads: () => number } {
  let reads = 0;
  const proxy = {
    charAt(at: number) {
      reads++;
      return text.charAt(at);
    },
    slice(from: number, to?: number) {
      reads += (to ?? text.length) - from;
      return text.slice(from, to);
    },
  };
  return { text: proxy as unknown as string, reads: () => reads };
}

describe('prose names are looked for in the last few words before a value, not the whole clause (narrative.ts)', () => {
  it('reads a bounded number of characters before a value, however long the clause before it', () => {
    for (const size of [1_000, 400_000]) {
      const line = `${'1 '.repeat(size / 2)}fasting glucose was 5.4`;
      const { text, reads } = counted(line);
      const words = wordsBefore(text, line.length - 4);
      expect(words.map((w) => w.text)).toEqual(['1', '1', 'fasting', 'glucose']);
      expect(reads()).toBeLessThan(100);
    }
  });

  it('drops the linking words and the word for the result as before', () => {
    const clause = 'Your LDL Cholesterol result is 138';
    expect(wordsBefore(clause, clause.indexOf('138')).map((w) => w.text)).toEqual(['Your', 'LDL', 'Cholesterol']);
    expect(wordsBefore('Result 5.2', 7).map((w) => w.text)).toEqual(['Result']);
    expect(wordsBefore('was is 5', 7)).toEqual([]);
  });

  it('finishes a 400 k-character line of numbers with no reading in it', () => {
    expect(extractReadingsOffline('1 '.repeat(200_000))).toEqual([]);
  }, 60_000);
});

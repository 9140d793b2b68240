import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { cutLongLine, splitLines } from '../../../shared/domain/extraction/lines';

describe('overlong lines are read in pieces', () => {
  it('cuts at the last sentence end before the limit, else at a space, else at the limit', () => {
    const sentence = `${'word '.repeat(12)}ends here. ${'more '.repeat(10)}`;
    expect(cutLongLine(sentence, 80)[0]).toBe(`${'word '.repeat(12)}ends here.`);
    expect(cutLongLine('abc '.repeat(30), 50).every((piece) => piece.length <= 50)).toBe(true);
    expect(cutLongLine('x'.repeat(120), 50)).toEqual(['x'.repeat(50), 'x'.repeat(50), 'x'.repeat(20)]);
    expect(cutLongLine('short', 50)).toEqual(['short']);
  });

  it('numbers the pieces as lines of their own, in order', () => {
    const lines = splitLines(`Header\n${'Some words here. '.repeat(200)}\nGlucose 5.4 mmol/L`);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.map((l) => l.index)).toEqual(lines.map((_, i) => i));
    expect(lines.at(-1)?.text).toBe('Glucose 5.4 mmol/L');
  });

  it('still reads a result inside a paragraph pasted without line breaks', () => {
    const paragraph = `${'The patient was seen in clinic today and is doing well overall. '.repeat(30)}Her potassium was 4.1 mmol/L. ${'Plan unchanged. '.repeat(40)}`;
    const readings = extractReadingsOffline(paragraph);
    expect(readings.map((r) => [r.indicator.toLowerCase(), r.value])).toContainEqual(['potassium', '4.1']);
  });

  it('reads a flood of numbers or marks on one line without stalling', () => {
    expect(() => extractReadingsOffline('12 '.repeat(7000))).not.toThrow();
    expect(() => extractReadingsOffline('【'.repeat(20000))).not.toThrow();
    expect(() => extractReadingsOffline('1. '.repeat(7000))).not.toThrow();
  });
});

import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTsvCases } from '../../../bench/standardize-resolver';

const evalDir = join(dirname(fileURLToPath(import.meta.url)), '../../../eval/standardization');

/** LOINC's check digit: the mod-10 (Luhn) algorithm over the digits before the hyphen. */
function loincCheckDigit(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((ch, i) => {
    let d = Number(ch);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  });
  return (10 - (sum % 10)) % 10;
}

const CLASSES = new Set([
  'lis-name',
  'abbreviation',
  'typo',
  'ocr',
  'spacing',
  'qualifier',
  'language',
  'vendor',
  'unit-picks',
  'modern-order',
  'not-a-test',
  'ambiguous',
  'unit-mismatch',
]);

// Integrity of the name sets written blind (eval/standardization/holdout/, blind-dev/); their figures are in
// `npm run bench:standardize`, never asserted here.
describe.each([
  ['holdout', 'holdout'],
  ['blind-dev', 'dev'],
] as const)('blind name set eval/standardization/%s/', (folder, split) => {
  const dir = join(evalDir, folder);
  const files = readdirSync(dir).filter((f) => f.endsWith('.tsv'));
  const cases = loadTsvCases(dir, split);

  it('holds at least one file of 500 names, a quarter of them null-right', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(cases.length).toBeGreaterThanOrEqual(500);
    expect(cases.filter((c) => c.expected === null).length / cases.length).toBeGreaterThan(0.25);
  });

  it('gives every case an input, a known class and a source', () => {
    for (const c of cases) {
      expect(c.input.trim(), JSON.stringify(c)).not.toBe('');
      expect(CLASSES.has(c.class), `${c.input}: class ${c.class}`).toBe(true);
      expect(c.source, c.input).not.toBe('');
    }
  });

  it('writes expected codes as well-formed LOINC codes with a valid check digit', () => {
    for (const c of cases) {
      if (c.expected === null) continue;
      const m = /^(\d{1,7})-(\d)$/.exec(c.expected);
      expect(m, `${c.input}: ${c.expected}`).not.toBeNull();
      expect(loincCheckDigit(m?.[1] ?? ''), `${c.input}: ${c.expected}`).toBe(Number(m?.[2]));
    }
  });

  it('labels one input and unit once within a file', () => {
    const seen = new Map<string, string | null>();
    for (const c of cases) {
      const key = `${c.file}\u0000${c.input}\u0000${c.unit ?? ''}`;
      if (seen.has(key)) expect(c.expected, c.input).toBe(seen.get(key));
      seen.set(key, c.expected);
    }
  });
});

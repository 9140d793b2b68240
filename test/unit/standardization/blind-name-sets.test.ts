import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTsvCases } from '../../../bench/standardize-resolver';
import { isValidLoincCode } from '../../../shared/domain/standardization/loinc-code';

const evalDir = join(dirname(fileURLToPath(import.meta.url)), '../../../eval/standardization');

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

// Integrity of the name sets written blind (eval/standardization/holdout/, blind-dev/, spent/); their figures are in
// `npm run bench:standardize`, never asserted here.
describe.each([
  ['holdout', 'holdout'],
  ['blind-dev', 'dev'],
  ['spent', 'spent'],
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
      expect(isValidLoincCode(c.expected), `${c.input}: ${c.expected}`).toBe(true);
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

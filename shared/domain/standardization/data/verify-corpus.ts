/**
 * Development tool, not part of the engine: re-checks `loinc-corpus.json` against the public reference tables it was
 * curated from. Run from the repository root when the corpus changes:
 *
 *   npx tsx shared/domain/standardization/data/verify-corpus.ts [path/to/shared/reference/terminology]
 *
 * For every concept it confirms the code appears in the sources its `verifiedBy` names, and that `display` equals the
 * NLM flowsheet long common name when the flowsheet has the code. Exits non-zero on any mismatch.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import corpus from './loinc-corpus.json' with { type: 'json' };

interface FlowsheetRow {
  loinc: string;
  long_common_name: string | null;
}

const dir = resolve(process.argv[2] ?? process.env.HDS_TERMINOLOGY_DIR ?? '../shared/reference/terminology');
const flowsheet = new Map(
  (JSON.parse(readFileSync(join(dir, 'loinc-nlm-flowsheet.json'), 'utf8')) as FlowsheetRow[]).map((r) => [
    r.loinc,
    r.long_common_name,
  ]),
);
const healthkit = readFileSync(join(dir, 'healthkit-sample-mapping.json'), 'utf8');
const conversions = new Set(
  readFileSync(join(dir, 'loinc-unit-conversions.tsv'), 'utf8')
    .split('\n')
    .flatMap((line) => {
      const [from, , to] = line.split('\t');
      return [from, to].filter((c): c is string => Boolean(c));
    }),
);

const problems: string[] = [];
for (const concept of corpus.concepts) {
  const inSource: Record<string, boolean> = {
    'nlm-flowsheet': flowsheet.has(concept.code),
    'healthkit-mapping': healthkit.includes(`"code": "${concept.code}"`),
    'loinc-conversion': conversions.has(concept.code),
    'task-brief': true,
  };
  for (const source of concept.verifiedBy) {
    if (!inSource[source]) problems.push(`${concept.code}: not found in ${source}`);
  }
  const longName = flowsheet.get(concept.code);
  if (longName && longName !== concept.display)
    problems.push(`${concept.code}: display "${concept.display}" ≠ "${longName}"`);
}

const briefOnly = corpus.concepts.filter((c) => c.verifiedBy.length === 1 && c.verifiedBy[0] === 'task-brief');
console.log(`${corpus.concepts.length} concepts checked against ${dir}`);
console.log(`named only by the product brief: ${briefOnly.map((c) => c.code).join(', ') || 'none'}`);
for (const problem of problems) console.error(problem);
process.exit(problems.length > 0 ? 1 : 0);

/**
 * Development tool, not part of the engine: re-checks the generated `loinc-corpus.json` against the public reference
 * tables it was built from. Run from the repository root when the corpus changes:
 *
 *   npx tsx shared/domain/standardization/data/verify-corpus.ts [path/to/shared/reference/terminology]
 *
 * It confirms that
 * - every concept's code appears in the sources its `verifiedBy` names, and `display` equals the NLM flowsheet long
 *   common name when the flowsheet has the code;
 * - every flowsheet row with a LOINC code and a long common name is in the corpus under that name (and the copy of
 *   the flowsheet in this folder is the reference table, unchanged);
 * - every modern order (`published-name`) lists at least one source besides loinc.org's own page, and its display is
 *   the long common name in `modern-orders.json`;
 * - every code has a valid LOINC check digit.
 * Exits non-zero on any mismatch.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isValidLoincCode } from '../loinc-code';
import corpus from './loinc-corpus.json' with { type: 'json' };
import modern from './modern-orders.json' with { type: 'json' };

interface FlowsheetRow {
  loinc: string;
  long_common_name: string | null;
}

const dir = resolve(process.argv[2] ?? process.env.HDS_TERMINOLOGY_DIR ?? '../shared/reference/terminology');
const referenceText = readFileSync(join(dir, 'loinc-nlm-flowsheet.json'), 'utf8');
const flowsheetRows = JSON.parse(referenceText) as FlowsheetRow[];
const flowsheet = new Map(flowsheetRows.map((r) => [r.loinc, r.long_common_name]));
const healthkit = readFileSync(join(dir, 'healthkit-sample-mapping.json'), 'utf8');
const conversions = new Set(
  readFileSync(join(dir, 'loinc-unit-conversions.tsv'), 'utf8')
    .split('\n')
    .flatMap((line) => {
      const [from, , to] = line.split('\t');
      return [from, to].filter((c): c is string => Boolean(c));
    }),
);
const modernByCode = new Map(modern.concepts.map((c) => [c.code, c]));

const problems: string[] = [];
const byCode = new Map(corpus.concepts.map((c) => [c.code, c]));
for (const concept of corpus.concepts) {
  if (!isValidLoincCode(concept.code)) problems.push(`${concept.code}: bad check digit`);
  const inSource: Record<string, boolean> = {
    'nlm-flowsheet': flowsheet.has(concept.code),
    'healthkit-mapping': healthkit.includes(`"code": "${concept.code}"`),
    'loinc-conversion': conversions.has(concept.code),
    'task-brief': true,
    'published-name': modernByCode.has(concept.code),
  };
  for (const source of concept.verifiedBy) {
    if (!inSource[source]) problems.push(`${concept.code}: not found in ${source}`);
  }
  const longName = flowsheet.get(concept.code);
  if (longName && longName !== concept.display)
    problems.push(`${concept.code}: display "${concept.display}" ≠ "${longName}"`);
}

for (const row of flowsheetRows) {
  if (!/^\d+-\d$/.test(row.loinc) || !row.long_common_name) continue;
  if (byCode.get(row.loinc)?.display !== row.long_common_name) problems.push(`${row.loinc}: flowsheet row missing`);
}
if (readFileSync(join(import.meta.dirname, 'loinc-nlm-flowsheet.json'), 'utf8') !== referenceText)
  problems.push('data/loinc-nlm-flowsheet.json differs from the reference table');

for (const order of modern.concepts) {
  const published = order.sources.filter((s) => !s.startsWith('https://loinc.org/'));
  if (published.length === 0) problems.push(`${order.code}: modern order without a source`);
  if (byCode.get(order.code)?.display !== order.display) problems.push(`${order.code}: modern order missing`);
}

const briefOnly = corpus.concepts.filter((c) => c.verifiedBy.length === 1 && c.verifiedBy[0] === 'task-brief');
console.log(`${corpus.concepts.length} concepts checked against ${dir}`);
console.log(`flowsheet rows with a long name: ${flowsheetRows.filter((r) => r.long_common_name).length}`);
console.log(`modern orders with sources: ${modern.concepts.length}`);
console.log(`named only by the product brief: ${briefOnly.map((c) => c.code).join(', ') || 'none'}`);
for (const problem of problems) console.error(problem);
process.exit(problems.length > 0 ? 1 : 0);

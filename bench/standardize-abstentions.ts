/**
 * Where the retrieval stage abstains on names written blind.
 *
 *   npm run bench:abstentions [-- --list]
 *
 * Sets read: the development sets (`indicators.json` and `realworld.json` dev, and synthetic typos of both, as
 * `bench:calibrate` makes them), `blind-dev/*.tsv`, `spent/*.tsv` with realworld.json's former hash holdout, and the
 * probe pairs (`probes/`: names written to break the resolver, null-right and code-right). The
 * blind holdout (`eval/standardization/holdout/`) is never read. Every name goes through the reading path
 * (`resolveReadingIndicator`), as extraction and the real-world bench resolve it.
 *
 * Each name with a code that gets null, by what the retrieval stage saw for its normalised name: its code not in the
 * corpus, the name too short for retrieval, no neighbour, the right group's rank among the neighbours and whether that
 * neighbour aligned, fit the unit and scored above `RETRIEVAL_ACCEPT_MIN`.
 *
 * Session 27 also swept a second acceptance here (one unexplained word, confirmed by the unit); it coded names that must
 * stay null at every point and was removed (its curve: docs/design/standardization-breadth.md §7 t27).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { corpusIndex, LOINC_CORPUS } from '../shared/domain/standardization/corpus';
import { analyseIndicatorText, normalizeIndicatorText } from '../shared/domain/standardization/normalize-text';
import { RETRIEVAL_ACCEPT_MIN, retrievalCandidates } from '../shared/domain/standardization/retrieval/retrieve';
import { resolveReadingIndicator } from '../shared/domain/standardization/unitless-siblings';
import { normalizeUnit } from '../shared/domain/standardization/units';
import { syntheticTypos } from './standardize-calibration';
import { loadIndicatorCases, loadRealworldCases, loadTsvCases } from './standardize-resolver';

interface NameCase {
  input: string;
  unit?: string | null;
  expected: string | null;
}

const evalDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../eval/standardization');

function typosOf(cases: readonly NameCase[]): NameCase[] {
  return cases.flatMap((c) =>
    syntheticTypos(c.input)
      .filter((input) => !corpusIndex.exact.has(normalizeIndicatorText(input)))
      .map((input) => ({ ...c, input })),
  );
}

/** The probe pairs (`probes/null-right*.tsv`, `probes/code-right*.tsv`): names written to break the resolver. */
function probeCases(): NameCase[] {
  const dir = join(evalDir, 'probes');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.tsv'))
    .sort()
    .flatMap((file) => {
      const [, ...rows] = readFileSync(join(dir, file), 'utf8').split('\n');
      return rows
        .filter((row) => row.trim() !== '' && !row.startsWith('#'))
        .map((row) => {
          const [input = '', unit = '', loinc = ''] = row.split('\t');
          return { input, unit: unit.trim() || null, expected: file.startsWith('code-right') ? loinc.trim() : null };
        });
    });
}

/** The sets, in the order they are printed. */
function caseSets(): [string, NameCase[]][] {
  const indicatorsDev = loadIndicatorCases().filter((c) => c.split === 'dev');
  const realworld = loadRealworldCases();
  const realworldDev = realworld.filter((c) => c.split === 'dev');
  return [
    ['dev', [...indicatorsDev, ...realworldDev]],
    ['dev typos', [...typosOf(indicatorsDev), ...typosOf(realworldDev)]],
    ['blind-dev', loadTsvCases(join(evalDir, 'blind-dev'), 'dev')],
    ['spent', [...loadTsvCases(join(evalDir, 'spent'), 'spent'), ...realworld.filter((c) => c.split === 'spent')]],
    ['probes', probeCases()],
  ];
}

function abstentionKind(c: NameCase): string {
  const known = LOINC_CORPUS.concepts.some((concept) => concept.code === c.expected);
  if (!known) return 'code not in the corpus';
  const key = analyseIndicatorText(c.input).key;
  const candidates = retrievalCandidates(key, normalizeUnit(c.unit ?? null));
  if (candidates.length === 0) return key.length < 5 ? 'too short for retrieval' : 'no neighbour';
  const rank = candidates.findIndex((n) => n.group.concepts.some((concept) => concept.code === c.expected));
  if (rank < 0) return 'right code not among the neighbours';
  const n = candidates[rank] as (typeof candidates)[number];
  const where = rank === 0 ? 'top-1' : rank < 3 ? 'top-2/3' : 'lower';
  const score = n.score >= RETRIEVAL_ACCEPT_MIN ? 'above' : 'BELOW';
  return `right code ${where}, ${n.aligned ? 'aligned' : 'not aligned'}, ${n.fits ? 'unit fits' : 'unit vetoes'}, ${score} threshold`;
}

function printAbstentions(sets: readonly [string, NameCase[]][], list: boolean): void {
  console.log(`\n**Abstentions by what retrieval saw** (threshold ${RETRIEVAL_ACCEPT_MIN})\n`);
  for (const [name, cases] of sets) {
    if (name === 'dev typos') continue;
    const kinds = new Map<string, number>();
    let misses = 0;
    for (const c of cases) {
      if (c.expected === null || resolveReadingIndicator(c.input, c.unit ?? null).loincCode !== null) continue;
      misses++;
      const kind = abstentionKind(c);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      if (list) console.log(`  ${name}: ${JSON.stringify(c.input)} [${c.unit ?? ''}] ${c.expected}: ${kind}`);
    }
    console.log(
      `${name}: ${misses} abstentions on ${cases.filter((c) => c.expected !== null).length} names with a code`,
    );
    for (const [kind, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)}  ${kind}`);
  }
}

function main(): void {
  printAbstentions(caseSets(), process.argv.includes('--list'));
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) main();

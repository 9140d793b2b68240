/**
 * Where the retrieval stage abstains on names written blind, and the curve its second acceptance was measured on.
 *
 *   npm run bench:abstentions [-- --list] [-- --no-curve]
 *
 * Sets read: the development sets (`indicators.json` and `realworld.json` dev, and synthetic typos of both, as
 * `bench:calibrate` makes them), `blind-dev/*.tsv`, `spent/*.tsv` with realworld.json's former hash holdout, and the
 * probe pairs (`probes/`: names written to break the resolver, null-right and code-right). The
 * blind holdout (`eval/standardization/holdout/`) is never read. Every name goes through the reading path
 * (`resolveReadingIndicator`), as extraction and the real-world bench resolve it.
 *
 * 1. Abstentions: each name with a code that gets null, by what the retrieval stage saw for its normalised name: its
 *    code not in the corpus, the name too short for retrieval, no neighbour, the right group's rank among the
 *    neighbours and whether that neighbour aligned, fit the unit and scored above `RETRIEVAL_ACCEPT_MIN`.
 * 2. The second acceptance (`ONE_WORD_ACCEPTANCE`): per (min, margin), per set, the figures and the rows it changes
 *    against the stage without it. Each point runs in a child process, since the resolver caches its answers.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { corpusIndex, LOINC_CORPUS } from '../shared/domain/standardization/corpus';
import { analyseIndicatorText, normalizeIndicatorText } from '../shared/domain/standardization/normalize-text';
import {
  ONE_WORD_ACCEPTANCE,
  RETRIEVAL_ACCEPT_MIN,
  retrievalCandidates,
  withOneWordAcceptance,
} from '../shared/domain/standardization/retrieval/retrieve';
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

/** The sets, in a fixed order (the child processes answer by position). */
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

const OFF = { min: 2, margin: 0 };
const POINTS = [
  { min: 0.3, margin: 0.04 },
  { min: 0.5, margin: 0.04 },
  { min: 0.5, margin: 0.1 },
  { min: 0.5, margin: 0.15 },
  { min: 0.3, margin: 0.2 },
  { min: 0.5, margin: 0.2 },
  { min: 0.6, margin: 0.2 },
  { min: 0.5, margin: 0.3 },
];

/** Child mode: the code each case gets at one point, one line of JSON. */
function answerPoint(point: { min: number; margin: number }): void {
  const sets = caseSets();
  const codes = withOneWordAcceptance(point, () =>
    sets.map(([, cases]) => cases.map((c) => resolveReadingIndicator(c.input, c.unit ?? null).loincCode)),
  );
  console.log(JSON.stringify(codes));
}

function codesAt(point: { min: number; margin: number }): (string | null)[][] {
  const out = execFileSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--point', `${point.min},${point.margin}`],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(out) as (string | null)[][];
}

function pct(a: number, b: number): string {
  return b === 0 ? '—' : `${((100 * a) / b).toFixed(1)} %`;
}

function printCurve(sets: readonly [string, NameCase[]][], list: boolean): void {
  const off = codesAt(OFF);
  const shipped =
    ONE_WORD_ACCEPTANCE.min > 1 ? 'off' : `min ${ONE_WORD_ACCEPTANCE.min}, margin ${ONE_WORD_ACCEPTANCE.margin}`;
  console.log(
    `\n**Second acceptance (one unexplained word, unit confirms): curve against the stage without it** (shipped: ${shipped})\n`,
  );
  console.log(
    '| min | margin | set | returned correct | coverage | wrong where null is right | rows fixed | new wrong code | new code where null is right |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const point of POINTS) {
    const at = codesAt(point);
    sets.forEach(([name, cases], s) => {
      let returned = 0;
      let correct = 0;
      let withCode = 0;
      let wrongOnNull = 0;
      let fixed = 0;
      let newWrong = 0;
      let newOnNull = 0;
      cases.forEach((c, i) => {
        const was = off[s]?.[i] ?? null;
        const now = at[s]?.[i] ?? null;
        if (c.expected === null) {
          if (now !== null) wrongOnNull++;
          if (now !== null && was === null) newOnNull++;
        } else {
          withCode++;
          if (now !== null) returned++;
          if (now === c.expected) correct++;
          if (now === c.expected && was !== c.expected) fixed++;
          if (now !== null && now !== c.expected && now !== was) newWrong++;
        }
        if (list && now !== was)
          console.log(
            `  ${point.min}/${point.margin} ${name}: ${JSON.stringify(c.input)} [${c.unit ?? ''}] ${c.expected}: ${was} → ${now}`,
          );
      });
      const chosen = point.min === ONE_WORD_ACCEPTANCE.min && point.margin === ONE_WORD_ACCEPTANCE.margin ? ' ◀' : '';
      console.log(
        `| ${point.min}${chosen} | ${point.margin} | ${name} | ${pct(correct, returned)} (${correct}/${returned}) | ${pct(correct, withCode)} | ${wrongOnNull}/${cases.length - withCode} | ${fixed} | ${newWrong} | ${newOnNull} |`,
      );
    });
  }
}

function main(): void {
  const at = process.argv.indexOf('--point');
  if (at >= 0) {
    const [min, margin] = (process.argv[at + 1] ?? '').split(',').map(Number);
    answerPoint({ min: min as number, margin: margin as number });
    return;
  }
  const list = process.argv.includes('--list');
  const sets = caseSets();
  printAbstentions(sets, list);
  if (!process.argv.includes('--no-curve')) printCurve(sets, list);
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) main();

/**
 * `npx tsx bench/standardize-extraction.ts [--details]`: precision and recall of the offline reading extractor on
 * the hand-written evaluation set (`eval/extraction/`), per split and overall, unit agreement among matched rows,
 * and milliseconds per report. A predicted row matches an expected row when the indicator (case- and
 * space-insensitive) and the value (space-insensitive) are equal after NFKC (full-width `１２３` is `123`); each
 * expected row matches at most once.
 * `--details [--only <part of a file name>]` lists the misses, false positives and field disagreements of dev reports.
 * Dev is every report rules may be written from. A blind split (`freshN-*` reports with their own
 * `freshN-expected.json`) is written by someone who read neither the extractor nor any report but three dev examples;
 * it is scored apart, totals only, and nothing prints its rows. Once a blind split has been scored and rules have been
 * written after it, it is spent: its expectations move to `dev-spent-freshN-expected.json` and every report carries
 * `formerly` (session 17 did so for the session-13 unseen holdout and the fresh, fresh2 and fresh3 splits); the bench
 * prints dev figures per `formerly` group too, so what was once blind stays visible apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extractReadingsOffline } from '../shared/domain/extraction/index';
import type { ExtractedReading } from '../shared/domain/extraction/types';

/** `dev` is what rules may be written from; a blind split is `freshN`, scored apart and never read row by row. */
export type Split = 'dev' | `fresh${number}`;

export interface ExpectedRow {
  indicator: string;
  value: string;
  unit: string | null;
  referenceRange?: string;
  flag?: string;
  measuredAt?: string;
}

interface ExpectedFile {
  reports: Record<string, { split: Split; rows: ExpectedRow[]; formerly?: string; source?: string; note?: string }>;
}

export interface SplitFigures {
  reports: number;
  expected: number;
  predicted: number;
  matched: number;
  /** Matched rows whose unit is the same as written (both null counts as agreement). */
  unitAgreed: number;
  precision: number;
  recall: number;
  unitAgreement: number;
  /** Matched rows whose reference range, flag and date all agree with the expectation. */
  fieldsAgreed: number;
  fieldAgreement: number;
}

export interface ReportOutcome {
  file: string;
  split: Split;
  missed: ExpectedRow[];
  spurious: ExtractedReading[];
  unitMismatches: { expected: ExpectedRow; predicted: ExtractedReading }[];
  /** Matched rows whose reference range, flag or date differs from the expectation. */
  fieldMismatches: {
    field: 'referenceRange' | 'flag' | 'measuredAt';
    expected: string | null;
    predicted: string | null;
    indicator: string;
  }[];
  /** Matched rows with at least one field mismatch. */
  rowsWithFieldMismatch: number;
}

export interface ExtractionBenchmark {
  /** Every report rules may be written from, the spent blind splits included (`formerly` names what each was). */
  dev: SplitFigures;
  /** Dev reports grouped by what they were before they were spent (`unseen holdout (session 13)`, `fresh2 (session 15)`…). */
  formerly: Record<string, SplitFigures>;
  /** Each blind `freshN` split not yet spent: written without sight of the extractor or of any other report. */
  blind: Record<string, SplitFigures>;
  /** Mean and worst wall-clock milliseconds to extract one report (averaged over repeated runs). */
  msPerReport: { mean: number; max: number };
  /** Milliseconds for a synthetic three-page report (the three longest reports concatenated). */
  msThreePages: number;
  outcomes: ReportOutcome[];
}

const EVAL_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../eval/extraction');

/** Compatibility forms compare equal (`１２３` is `123`): a reader may return a full-width value in either form. */
function key(indicator: string, value: string): string {
  const fold = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');
  return `${fold(indicator).toLowerCase()}\u0000${fold(value)}`;
}

interface Totals {
  reports: number;
  expected: number;
  predicted: number;
  matched: number;
  unitAgreed: number;
  fieldsAgreed: number;
}

function figures({ reports, expected, predicted, matched, unitAgreed, fieldsAgreed }: Totals): SplitFigures {
  return {
    reports,
    expected,
    predicted,
    matched,
    unitAgreed,
    precision: predicted === 0 ? 1 : matched / predicted,
    recall: expected === 0 ? 1 : matched / expected,
    unitAgreement: matched === 0 ? 1 : unitAgreed / matched,
    fieldsAgreed,
    fieldAgreement: matched === 0 ? 1 : fieldsAgreed / matched,
  };
}

function compare(file: string, split: Split, expected: ExpectedRow[], predicted: ExtractedReading[]): ReportOutcome {
  const open = expected.map((row) => ({ row, key: key(row.indicator, row.value), used: false }));
  const spurious: ExtractedReading[] = [];
  const unitMismatches: ReportOutcome['unitMismatches'] = [];
  const fieldMismatches: ReportOutcome['fieldMismatches'] = [];
  let rowsWithFieldMismatch = 0;
  for (const reading of predicted) {
    const k = key(reading.indicator, reading.value);
    const hit = open.find((e) => !e.used && e.key === k);
    if (!hit) {
      spurious.push(reading);
      continue;
    }
    hit.used = true;
    if ((hit.row.unit ?? null)?.normalize('NFKC') !== reading.unit?.normalize('NFKC'))
      unitMismatches.push({ expected: hit.row, predicted: reading });
    let rowMismatch = false;
    for (const field of ['referenceRange', 'flag', 'measuredAt'] as const) {
      const want = hit.row[field] ?? null;
      if (want?.normalize('NFKC') !== reading[field]?.normalize('NFKC')) {
        fieldMismatches.push({ field, expected: want, predicted: reading[field], indicator: reading.indicator });
        rowMismatch = true;
      }
    }
    if (rowMismatch) rowsWithFieldMismatch++;
  }
  return {
    file,
    split,
    missed: open.filter((e) => !e.used).map((e) => e.row),
    spurious,
    unitMismatches,
    fieldMismatches,
    rowsWithFieldMismatch,
  };
}

/** Mean milliseconds over `runs` warm runs; NaN when there are none (figures wanted without timing). */
function timeOf(text: string, runs: number): number {
  if (runs <= 0) return Number.NaN;
  extractReadingsOffline(text);
  const started = performance.now();
  for (let i = 0; i < runs; i++) extractReadingsOffline(text);
  return (performance.now() - started) / runs;
}

/**
 * Every expectation: `expected.json` (each report names its split), a blind split's own file (`freshN-expected.json`:
 * every report in it is that split) and one file per dev layout family (`dev-<family>-expected.json`,
 * so readers built side by side add their dev reports without editing one shared file).
 */
export function expectedReports(): ExpectedFile['reports'] {
  const reports: ExpectedFile['reports'] = {};
  const read = (file: string) => JSON.parse(readFileSync(join(EVAL_DIR, file), 'utf8')) as ExpectedFile;
  Object.assign(reports, read('expected.json').reports);
  for (const file of readdirSync(EVAL_DIR).sort()) {
    const own = /^(fresh\d+|dev)-(?:[\w-]+-)?expected\.json$/.exec(file);
    if (!own) continue;
    const split = (own[1] === 'dev' ? 'dev' : own[1]) as Split;
    for (const [report, spec] of Object.entries(read(file).reports)) {
      if (report in reports) throw new Error(`${report} is expected twice (${file})`);
      reports[report] = { ...spec, split };
    }
  }
  return reports;
}

/**
 * Runs the evaluation set through the offline extractor and returns the figures (prints nothing). `timingRuns`
 * (default 20) repeats each extraction to time it; 0 skips the timing, leaving the times NaN.
 */
export function runExtractionBenchmark(options: { timingRuns?: number } = {}): ExtractionBenchmark {
  const runs = options.timingRuns ?? 20;
  const reports = expectedReports();
  const outcomes: ReportOutcome[] = [];
  const texts: string[] = [];
  const times: number[] = [];
  const empty = (): Totals => ({ reports: 0, expected: 0, predicted: 0, matched: 0, unitAgreed: 0, fieldsAgreed: 0 });
  const dev = empty();
  const formerly: Record<string, Totals> = {};
  const blind: Record<string, Totals> = {};
  for (const [file, spec] of Object.entries(reports).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const text = readFileSync(join(EVAL_DIR, 'reports', file), 'utf8');
    texts.push(text);
    const predicted = extractReadingsOffline(text);
    times.push(timeOf(text, runs));
    const outcome = compare(file, spec.split, spec.rows, predicted);
    outcomes.push(outcome);
    const group = (all: Record<string, Totals>, name: string): Totals => {
      all[name] = all[name] ?? empty();
      return all[name];
    };
    const groups =
      spec.split === 'dev'
        ? [dev, ...(spec.formerly ? [group(formerly, spec.formerly)] : [])]
        : [group(blind, spec.split)];
    const matched = spec.rows.length - outcome.missed.length;
    for (const total of groups) {
      total.reports++;
      total.expected += spec.rows.length;
      total.predicted += predicted.length;
      total.matched += matched;
      total.unitAgreed += matched - outcome.unitMismatches.length;
      total.fieldsAgreed += matched - outcome.rowsWithFieldMismatch;
    }
  }
  const each = (groups: Record<string, Totals>) =>
    Object.fromEntries(Object.entries(groups).map(([name, totals]) => [name, figures(totals)]));
  const longest = [...texts].sort((a, b) => b.length - a.length).slice(0, 3);
  return {
    dev: figures(dev),
    formerly: each(formerly),
    blind: each(blind),
    msPerReport: { mean: times.reduce((a, b) => a + b, 0) / times.length, max: Math.max(...times) },
    msThreePages: timeOf(longest.join('\n\n'), runs),
    outcomes,
  };
}

function percent(x: number): string {
  return `${(x * 100).toFixed(1)} %`;
}

function printSplit(label: string, f: SplitFigures): void {
  console.log(
    `${label.padEnd(32)} reports ${String(f.reports).padStart(2)}  expected ${String(f.expected).padStart(3)}  ` +
      `predicted ${String(f.predicted).padStart(3)}  matched ${String(f.matched).padStart(3)}  ` +
      `precision ${percent(f.precision).padStart(7)}  recall ${percent(f.recall).padStart(7)}  ` +
      `unit agreement ${percent(f.unitAgreement).padStart(7)}  range/flag/date agreement ${percent(f.fieldAgreement).padStart(7)}`,
  );
}

function main(): void {
  const result = runExtractionBenchmark();
  console.log('Offline reading extraction — eval/extraction (targets: precision ≥ 95 %, recall ≥ 90 %)');
  console.log(
    'dev = every report rules may be written from (the spent blind splits included, by what they were below); ' +
      'freshN = a blind split, written without sight of the extractor, scored apart (totals only)',
  );
  printSplit('dev', result.dev);
  for (const [name, f] of Object.entries(result.formerly)) printSplit(`  ${name}`, f);
  for (const [name, f] of Object.entries(result.blind)) printSplit(name, f);
  console.log(
    `time     ${result.msPerReport.mean.toFixed(2)} ms per report (max ${result.msPerReport.max.toFixed(2)} ms), ` +
      `${result.msThreePages.toFixed(2)} ms for a three-page report`,
  );
  if (process.argv.includes('--details')) {
    const only = process.argv[process.argv.indexOf('--only') + 1];
    const wanted = (file: string) => !process.argv.includes('--only') || (only !== undefined && file.includes(only));
    for (const outcome of result.outcomes.filter((o) => o.split === 'dev' && wanted(o.file))) {
      const problems = outcome.missed.length + outcome.spurious.length + outcome.unitMismatches.length;
      if (problems + outcome.fieldMismatches.length === 0) continue;
      console.log(`\n${outcome.file}`);
      for (const row of outcome.missed) console.log(`  missed    ${row.indicator} = ${row.value} ${row.unit ?? ''}`);
      for (const row of outcome.spurious) console.log(`  spurious  ${row.indicator} = ${row.value} ${row.unit ?? ''}`);
      for (const m of outcome.unitMismatches) {
        console.log(`  unit      ${m.expected.indicator}: expected ${m.expected.unit} got ${m.predicted.unit}`);
      }
      for (const m of outcome.fieldMismatches) {
        console.log(`  ${m.field.padEnd(9)} ${m.indicator}: expected ${m.expected} got ${m.predicted}`);
      }
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();

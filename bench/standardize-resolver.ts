/**
 * Quality and speed of the LOINC resolver on the labelled evaluation set in `eval/standardization/`.
 *
 *   npx tsx bench/standardize-resolver.ts
 *
 * Prints, per split (dev, holdout) and overall: top-1 accuracy on the codes returned, abstention on cases that have
 * an expected code, coverage, wrong codes where null is expected, unit accuracy, and resolutions per second warm on
 * one core (result cache bypassed; the cached rate is reported apart). `runResolverBenchmark()` returns the same
 * figures for other scripts. Holdout failures are counted, never listed: they are not for tuning.
 *
 * The hash-split holdouts of `indicators.json` and `realworld.json` were spent in session 19 (their six failures were
 * read to find classes of wrong code): they are scored apart as `spent` and their failures listed like dev's. The
 * holdout since then is every TSV in `eval/standardization/holdout/`, written blind (README there); development sets
 * written the same way by other writers are in `eval/standardization/blind-dev/` and count as dev.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LOINC_CORPUS } from '../shared/domain/standardization/corpus';
import { resolveIndicator, resolveIndicatorUncached } from '../shared/domain/standardization/resolver';
import { resolveReadingIndicator } from '../shared/domain/standardization/unitless-siblings';
import { normalizeUnit } from '../shared/domain/standardization/units';

export interface IndicatorCase {
  input: string;
  unit?: string;
  expected: string | null;
  note?: string;
  split: 'dev' | 'holdout';
}

export interface UnitCase {
  input: string;
  expected: string | null;
}

export interface SplitFigures {
  cases: number;
  /** Cases with an expected code. */
  withCode: number;
  /** Cases that must give null. */
  mustBeNull: number;
  /** Codes returned on cases with an expected code, and how many of them were right. */
  returned: number;
  correct: number;
  /** correct / returned on cases with an expected code. */
  top1Accuracy: number;
  /** Cases with an expected code that gave null. */
  abstained: number;
  abstentionRate: number;
  /** correct / withCode. */
  coverage: number;
  /** Codes returned where null is expected. */
  wrongOnNull: number;
  /** Every wrong code, on either kind of case. */
  wrongCodes: number;
}

export interface Figures {
  dev: SplitFigures;
  /** The team set's former holdout, read in session 19 (see the module comment). */
  holdout: SplitFigures;
  overall: SplitFigures;
  unitAccuracy: { cases: number; correct: number; accuracy: number };
  speed: { resolutions: number; perSecondUncached: number; perSecondCached: number };
  /** Dev and spent-holdout cases that failed, for tuning. */
  devFailures: { input: string; unit?: string; expected: string | null; got: string | null }[];
}

const evalDir = join(dirname(fileURLToPath(import.meta.url)), '../eval/standardization');

/**
 * A case of the real-world set (`eval/standardization/realworld.json`, built by `build-realworld.ts`) or of the blind
 * holdout (`eval/standardization/holdout/*.tsv`). `spent` is realworld.json's former holdout.
 */
export interface RealworldCase extends Omit<IndicatorCase, 'split'> {
  split: 'dev' | 'spent' | 'holdout';
  source: string;
  class: string;
  /** The TSV a blind-written case comes from. */
  file?: string;
}

export interface RealworldFigures {
  dev: SplitFigures;
  spent: SplitFigures;
  holdout: SplitFigures;
  overall: SplitFigures;
  /** Per class of input (typo, ocr, vendor, language, …), per split. */
  byClass: { class: string; dev: SplitFigures; spent: SplitFigures; holdout: SplitFigures }[];
  /**
   * Cases with a code, split by whether the corpus of this run has the code: coverage outside it is breadth (slice B),
   * inside it robustness of the retrieval (typos, OCR, word order).
   */
  byCorpus: {
    inCorpus: { dev: SplitFigures; spent: SplitFigures; holdout: SplitFigures };
    outside: { dev: SplitFigures; spent: SplitFigures; holdout: SplitFigures };
  };
  /**
   * Each blind-written file apart (dev, spent, holdout): a file nobody has tuned on yet is a fresh sample of unseen
   * names.
   */
  byTsvFile: { file: string; split: RealworldCase['split']; figures: SplitFigures }[];
  /**
   * The holdout's names that no dev or spent set writes (same input ignoring case, same unit): the holdout as written
   * models a partner's traffic, where common names recur; this part is names the resolver was never tuned on.
   */
  holdoutUnseen: SplitFigures;
  /** Dev and spent-holdout cases that failed, for tuning; holdout failures are deliberately not listed. */
  devFailures: { input: string; unit?: string; expected: string | null; got: string | null; class: string }[];
}

export function loadIndicatorCases(): IndicatorCase[] {
  return (JSON.parse(readFileSync(join(evalDir, 'indicators.json'), 'utf8')) as { cases: IndicatorCase[] }).cases;
}

/** realworld.json's cases, its hash-split holdout marked `spent`. */
export function loadRealworldCases(): RealworldCase[] {
  const { cases } = JSON.parse(readFileSync(join(evalDir, 'realworld.json'), 'utf8')) as {
    cases: (Omit<RealworldCase, 'split'> & { split: 'dev' | 'holdout' })[];
  };
  return cases.map((c) => ({ ...c, split: c.split === 'holdout' ? 'spent' : 'dev' }));
}

/** Columns every holdout TSV starts with (more may follow: `loinc_long_name`, `why`). */
const HOLDOUT_COLUMNS = ['input', 'unit', 'expected', 'class', 'source'] as const;

/**
 * Names written blind, one per line under a header line: the holdout (every `eval/standardization/holdout/*.tsv`) or,
 * with `split: 'dev'`, the development sets written the same way (`eval/standardization/blind-dev/*.tsv`).
 */
export function loadTsvCases(
  dir = join(evalDir, 'holdout'),
  split: RealworldCase['split'] = 'holdout',
  named: RegExp = /\.tsv$/,
): RealworldCase[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.tsv') && named.test(f));
  } catch {
    return [];
  }
  return files.sort().flatMap((file) => {
    const [header = '', ...lines] = readFileSync(join(dir, file), 'utf8').split(/\r?\n/);
    const names = header.split('\t');
    const at = HOLDOUT_COLUMNS.map((col) => names.indexOf(col));
    if (at.some((i) => i < 0)) throw new Error(`${file}: the header must name ${HOLDOUT_COLUMNS.join(', ')}`);
    return lines
      .filter((line) => line.trim() !== '' && !line.startsWith('#'))
      .map((line) => {
        const [input, unit, expected, cls, source] = at.map((i) => line.split('\t')[i]?.trim() ?? '');
        return {
          input: input as string,
          ...(unit ? { unit } : {}),
          expected: expected === 'null' || expected === '' ? null : (expected as string),
          split,
          class: cls as string,
          source: source as string,
          file,
        };
      });
  });
}

export function loadUnitCases(): UnitCase[] {
  return (JSON.parse(readFileSync(join(evalDir, 'units.json'), 'utf8')) as { cases: UnitCase[] }).cases;
}

function ratio(a: number, b: number): number {
  return b === 0 ? 1 : a / b;
}

/** Scores one set of cases; `got` is the code the resolver returned for each. */
export function scoreCases(
  cases: readonly Pick<IndicatorCase, 'expected'>[],
  got: readonly (string | null)[],
): SplitFigures {
  let withCode = 0;
  let returned = 0;
  let correct = 0;
  let abstained = 0;
  let wrongOnNull = 0;
  cases.forEach((c, i) => {
    const code = got[i] ?? null;
    if (c.expected === null) {
      if (code !== null) wrongOnNull++;
      return;
    }
    withCode++;
    if (code === null) abstained++;
    else {
      returned++;
      if (code === c.expected) correct++;
    }
  });
  return {
    cases: cases.length,
    withCode,
    mustBeNull: cases.length - withCode,
    returned,
    correct,
    top1Accuracy: ratio(correct, returned),
    abstained,
    abstentionRate: ratio(abstained, withCode),
    coverage: ratio(correct, withCode),
    wrongOnNull,
    wrongCodes: returned - correct + wrongOnNull,
  };
}

/**
 * Accuracy on the real-world set, per split and per class: returned correct (precision of the codes returned on
 * cases with a code), coverage (correct / cases with a code) and wrong where null is right (non-null answers on
 * null-labelled cases). Uncached, so one case cannot warm another.
 */
export function runRealworldBenchmark(): RealworldFigures {
  const cases = [
    ...loadRealworldCases(),
    ...loadTsvCases(join(evalDir, 'blind-dev'), 'dev'),
    // Names taken from public catalogues that map their names to LOINC (realworld/sources.json), read as dev.
    ...loadTsvCases(join(evalDir, 'realworld'), 'dev', /^catalogues-.*\.tsv$/),
    ...loadTsvCases(join(evalDir, 'spent'), 'spent'),
    ...loadTsvCases(),
  ];
  const got = cases.map((c) => resolveReadingIndicator(c.input, c.unit ?? null).loincCode);
  const score = (keep: (c: RealworldCase) => boolean) => {
    const idx = cases.flatMap((c, i) => (keep(c) ? [i] : []));
    return scoreCases(
      idx.map((i) => cases[i] as RealworldCase),
      idx.map((i) => got[i] ?? null),
    );
  };
  const classes = [...new Set(cases.map((c) => c.class))].sort();
  const known = new Set(LOINC_CORPUS.concepts.map((c) => c.code));
  const inCorpus = (c: RealworldCase) => c.expected !== null && known.has(c.expected);
  const outside = (c: RealworldCase) => c.expected !== null && !known.has(c.expected);
  const tsvFiles = [
    ...new Map(
      cases.flatMap((c) => (c.file ? [[`${c.split}/${c.file}`, { file: c.file, split: c.split }]] : [])),
    ).values(),
  ];
  const nameKey = (c: RealworldCase) => `${c.input.trim().toLowerCase()}\u0000${(c.unit ?? '').trim()}`;
  const tunedOn = new Set(cases.flatMap((c) => (c.split === 'holdout' ? [] : [nameKey(c)])));
  return {
    dev: score((c) => c.split === 'dev'),
    spent: score((c) => c.split === 'spent'),
    holdout: score((c) => c.split === 'holdout'),
    overall: score(() => true),
    byClass: classes.map((cls) => ({
      class: cls,
      dev: score((c) => c.class === cls && c.split === 'dev'),
      spent: score((c) => c.class === cls && c.split === 'spent'),
      holdout: score((c) => c.class === cls && c.split === 'holdout'),
    })),
    byCorpus: {
      inCorpus: {
        dev: score((c) => inCorpus(c) && c.split === 'dev'),
        spent: score((c) => inCorpus(c) && c.split === 'spent'),
        holdout: score((c) => inCorpus(c) && c.split === 'holdout'),
      },
      outside: {
        dev: score((c) => outside(c) && c.split === 'dev'),
        spent: score((c) => outside(c) && c.split === 'spent'),
        holdout: score((c) => outside(c) && c.split === 'holdout'),
      },
    },
    byTsvFile: tsvFiles.map(({ file, split }) => ({
      file,
      split,
      figures: score((c) => c.split === split && c.file === file),
    })),
    holdoutUnseen: score((c) => c.split === 'holdout' && !tunedOn.has(nameKey(c))),
    devFailures: cases.flatMap((c, i) =>
      c.split !== 'holdout' && (got[i] ?? null) !== c.expected
        ? [{ input: c.input, unit: c.unit, expected: c.expected, got: got[i] ?? null, class: c.class }]
        : [],
    ),
  };
}

function resolutionsPerSecond(
  cases: readonly IndicatorCase[],
  resolveFn: (name: string, unit?: string | null) => unknown,
  total: number,
): number {
  for (let i = 0; i < Math.min(total, 20_000); i++) {
    const c = cases[i % cases.length] as IndicatorCase;
    resolveFn(c.input, c.unit);
  }
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const c = cases[i % cases.length] as IndicatorCase;
    resolveFn(c.input, c.unit);
  }
  return total / ((performance.now() - start) / 1000);
}

export async function runResolverBenchmark(options: { iterations?: number } = {}): Promise<Figures> {
  const cases = loadIndicatorCases();
  const got = cases.map((c) => resolveReadingIndicator(c.input, c.unit ?? null).loincCode);
  const pick = (split: IndicatorCase['split']) => {
    const idx = cases.flatMap((c, i) => (c.split === split ? [i] : []));
    return scoreCases(
      idx.map((i) => cases[i] as IndicatorCase),
      idx.map((i) => got[i] ?? null),
    );
  };
  const devFailures = cases.flatMap((c, i) =>
    c.split !== 'holdout' && (got[i] ?? null) !== c.expected
      ? [{ input: c.input, unit: c.unit, expected: c.expected, got: got[i] ?? null }]
      : [],
  );

  const unitCases = loadUnitCases();
  const unitCorrect = unitCases.filter((c) => normalizeUnit(c.input) === c.expected).length;

  const resolutions = options.iterations ?? 200_000;
  return {
    dev: pick('dev'),
    holdout: pick('holdout'),
    overall: scoreCases(cases, got),
    unitAccuracy: { cases: unitCases.length, correct: unitCorrect, accuracy: ratio(unitCorrect, unitCases.length) },
    speed: {
      resolutions,
      perSecondUncached: resolutionsPerSecond(cases, resolveIndicatorUncached, resolutions),
      perSecondCached: resolutionsPerSecond(cases, resolveIndicator, resolutions),
    },
    devFailures,
  };
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)} %`;
}

function printSplit(name: string, f: SplitFigures): void {
  console.log(
    `${name.padEnd(8)} cases ${String(f.cases).padStart(4)} | top-1 on returned ${pct(f.top1Accuracy)} (${f.correct}/${f.returned})` +
      ` | abstention ${pct(f.abstentionRate)} (${f.abstained}/${f.withCode}) | coverage ${pct(f.coverage)}` +
      ` | wrong on must-be-null ${f.wrongOnNull}/${f.mustBeNull} | wrong codes ${f.wrongCodes}`,
  );
}

async function main(): Promise<void> {
  const figures = await runResolverBenchmark();
  printSplit('dev', figures.dev);
  printSplit('spent', figures.holdout);
  printSplit('overall', figures.overall);
  const u = figures.unitAccuracy;
  console.log(`units    ${pct(u.accuracy)} (${u.correct}/${u.cases})`);
  const s = figures.speed;
  console.log(
    `speed    ${Math.round(s.perSecondUncached).toLocaleString('en')} resolutions/s warm, result cache bypassed` +
      ` (${Math.round(s.perSecondCached).toLocaleString('en')}/s through the cache), ${s.resolutions.toLocaleString('en')} iterations`,
  );
  const realworld = runRealworldBenchmark();
  console.log('real-world set (eval/standardization/realworld.json; holdout: eval/standardization/holdout/)');
  printSplit('dev', realworld.dev);
  printSplit('spent', realworld.spent);
  printSplit('holdout', realworld.holdout);
  printSplit('unseen', realworld.holdoutUnseen);
  for (const { file, split, figures: f } of realworld.byTsvFile) {
    console.log(`  ${split === 'dev' ? 'blind dev' : split} ${file}`);
    printSplit(`  ${split}`, f);
  }
  if (process.argv.includes('--failures')) {
    for (const f of figures.devFailures)
      console.log(
        `  dev or spent miss: ${JSON.stringify(f.input)} [${f.unit ?? ''}] expected ${f.expected} got ${f.got}`,
      );
    for (const f of realworld.devFailures)
      console.log(
        `  real-world dev or spent miss (${f.class}): ${JSON.stringify(f.input)} [${f.unit ?? ''}] expected ${f.expected} got ${f.got}`,
      );
  }
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  await main();
}

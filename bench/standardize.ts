/**
 * `npm run bench:standardize`: the standardization figures of one run — resolver accuracy, abstention
 * and wrong codes on the labelled indicator set, unit accuracy, extraction precision/recall on the
 * report set, and warm resolutions per second on one core. Dev, spent and holdout splits are shown apart: the
 * holdout (`eval/standardization/holdout/`, written blind) was never used for tuning; `spent` is the hash-split
 * holdout of sessions 14–18 and each blind holdout retired since (`eval/standardization/spent/`), tuned on like dev.
 */
import { runExtractionBenchmark } from './standardize-extraction';
import { runRealworldBenchmark, runResolverBenchmark, type SplitFigures } from './standardize-resolver';
import { measureRetrievalSpeed } from './standardize-retrieval-speed';

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** The issue-18 figures: returned correct, coverage, wrong where null is right. */
function realworldLine(name: string, f: SplitFigures): string {
  return `  ${name.padEnd(14)} ${String(f.cases).padStart(5)} cases  returned correct ${pct(f.top1Accuracy).padStart(7)} (${f.correct}/${f.returned})  coverage ${pct(f.coverage).padStart(7)} (${f.correct}/${f.withCode})  wrong where null is right ${pct(f.mustBeNull === 0 ? 0 : f.wrongOnNull / f.mustBeNull).padStart(6)} (${f.wrongOnNull}/${f.mustBeNull})`;
}

function resolverLine(name: string, f: SplitFigures): string {
  return `  ${name.padEnd(8)} ${String(f.cases).padStart(5)} cases  top-1 on returned ${pct(f.top1Accuracy).padStart(7)} (${f.correct}/${f.returned})  abstention ${pct(f.abstentionRate).padStart(6)}  coverage ${pct(f.coverage).padStart(7)}  wrong where null expected ${f.wrongOnNull}/${f.mustBeNull}`;
}

async function main() {
  const retrieval = measureRetrievalSpeed();
  const resolver = await runResolverBenchmark();
  const extraction = runExtractionBenchmark();
  console.log('\nHDS standardization benchmark');
  console.log('\nLOINC resolution (eval/standardization/indicators.json)');
  console.log(resolverLine('dev', resolver.dev));
  console.log(resolverLine('spent', resolver.holdout));
  console.log(resolverLine('overall', resolver.overall));
  console.log(
    '  targets (when this was the holdout): ≥ 97 % of returned codes correct, no wrong code where null is expected, ≥ 90 % coverage',
  );
  const realworld = runRealworldBenchmark();
  console.log(
    '\nLOINC resolution, real-world spellings (eval/standardization/realworld.json, public sources; holdout: eval/standardization/holdout/, written blind)',
  );
  console.log(realworldLine('dev', realworld.dev));
  console.log(realworldLine('spent', realworld.spent));
  console.log(realworldLine('holdout', realworld.holdout));
  console.log(realworldLine('hold unseen', realworld.holdoutUnseen));
  console.log(realworldLine('overall', realworld.overall));
  console.log('  each file written blind (blind-dev/, spent/, holdout/):');
  for (const { file, split, figures } of realworld.byTsvFile)
    console.log(realworldLine(`${split === 'holdout' ? 'hold' : split} ${file.replace(/\.tsv$/, '')}`, figures));
  console.log('  cases whose code the corpus of this run has | does not have:');
  console.log(realworldLine('in corpus dev', realworld.byCorpus.inCorpus.dev));
  console.log(realworldLine('in corpus spent', realworld.byCorpus.inCorpus.spent));
  console.log(realworldLine('in corpus hold', realworld.byCorpus.inCorpus.holdout));
  console.log(realworldLine('outside dev', realworld.byCorpus.outside.dev));
  console.log(realworldLine('outside spent', realworld.byCorpus.outside.spent));
  console.log(realworldLine('outside hold', realworld.byCorpus.outside.holdout));
  console.log('  per class (dev | spent | holdout):');
  for (const c of realworld.byClass) {
    for (const [split, f] of [
      ['dev', c.dev],
      ['spent', c.spent],
      ['hold', c.holdout],
    ] as const)
      if (f.cases > 0) console.log(realworldLine(`${c.class} ${split}`, f));
  }
  console.log('  targets on the holdout: ≥ 98 % returned correct, ≥ 95 % coverage, ≤ 1 % wrong where null is right');
  console.log(
    `\nUnits (eval/standardization/units.json): ${pct(resolver.unitAccuracy.accuracy)} (${resolver.unitAccuracy.correct}/${resolver.unitAccuracy.cases})`,
  );
  console.log(
    '\nExtraction (eval/extraction: report texts → expected rows; dev = every report rules may be written from, the spent blind splits included and shown by what they were; freshN = a blind split written without sight of the extractor, totals only)',
  );
  for (const [name, f] of [
    ['dev', extraction.dev],
    ...Object.entries(extraction.formerly).map(([was, figures]) => [`  ${was}`, figures] as const),
    ...Object.entries(extraction.blind),
  ] as const) {
    console.log(
      `  ${name.padEnd(30)} ${String(f.reports).padStart(3)} reports  precision ${pct(f.precision).padStart(7)}  recall ${pct(f.recall).padStart(7)}  (${f.matched} matched, ${f.predicted} predicted, ${f.expected} expected)  unit agreement ${pct(f.unitAgreement)}`,
    );
  }
  console.log('  targets: precision ≥ 95 %, recall ≥ 90 %');
  console.log(
    `  ms per report: mean ${extraction.msPerReport.mean.toFixed(2)}, max ${extraction.msPerReport.max.toFixed(2)}; three pages ${extraction.msThreePages.toFixed(2)} ms`,
  );
  console.log('\nSpeed (warm, one core)');
  console.log(
    `  ${Math.round(resolver.speed.perSecondUncached).toLocaleString('en')} resolutions/s with the result cache bypassed, ${Math.round(resolver.speed.perSecondCached).toLocaleString('en')}/s through it (target ≥ 50,000)`,
  );
  console.log(
    `  retrieval stage: ${Math.round(retrieval.perSecond).toLocaleString('en')} uncached resolutions/s of names that reach it (${retrieval.names} synthetic typos of dev names); index built in ${retrieval.indexBuildMs.toFixed(0)} ms on first use`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

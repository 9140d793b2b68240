import { runExtractionBenchmark } from './bench/standardize-extraction';
import type { SplitFigures } from "./bench/standardize-extraction";
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
  const result = runExtractionBenchmark({ timingRuns: 0 });
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

main();

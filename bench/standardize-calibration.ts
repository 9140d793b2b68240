/**
 * Calibration of the retrieval stage's acceptance threshold: the precision/coverage curve on the `dev` split.
 *
 *   npm run bench:calibrate [-- eval/standardization/other.json ...]
 *
 * Reads any eval file whose cases carry `input`, `unit`, `expected` and `split`, keeps only `split: "dev"` (holdout
 * cases are never read here), and sweeps the threshold. Two case sets per file: the dev cases as written, and
 * synthetic typos of them (a swapped, a dropped and a doubled letter in the longest word of each dev name; a typo of
 * a name that must stay null must stay null too), since the retrieval stage exists for such names and a hand-written dev split holds few. Prints one Markdown
 * table per set: threshold → returned-correct %, coverage %, wrong codes where null is right.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusIndex } from '../shared/domain/standardization/corpus';
import { normalizeIndicatorText } from '../shared/domain/standardization/normalize-text';
import { resolveIndicatorAtThreshold } from '../shared/domain/standardization/resolver';
import { RETRIEVAL_ACCEPT_MIN } from '../shared/domain/standardization/retrieval/retrieve';

interface EvalCase {
  input: string;
  unit?: string | null;
  expected: string | null;
  split?: string;
}

const THRESHOLDS = [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9];

/** Deterministic typos of a name: in its longest word of at least 6 letters, swap, drop and double a middle letter. */
export function syntheticTypos(input: string): string[] {
  const words = input.split(/(\s+)/);
  let at = -1;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (/^\p{L}{6,}$/u.test(w) && (at < 0 || w.length > (words[at] as string).length)) at = i;
  }
  if (at < 0) return [];
  const word = words[at] as string;
  const mid = Math.floor(word.length / 2);
  const variants = [
    word.slice(0, mid) + word[mid + 1] + word[mid] + word.slice(mid + 2),
    word.slice(0, mid) + word.slice(mid + 1),
    word.slice(0, mid) + word[mid] + word.slice(mid),
  ];
  return [...new Set(variants)].filter((v) => v !== word).map((v) => words.map((w, i) => (i === at ? v : w)).join(''));
}

export interface CurvePoint {
  threshold: number;
  returned: number;
  correct: number;
  withCode: number;
  wrongOnNull: number;
  mustBeNull: number;
}

export function curve(cases: readonly EvalCase[], thresholds: readonly number[] = THRESHOLDS): CurvePoint[] {
  return thresholds.map((threshold) => {
    const point = { threshold, returned: 0, correct: 0, withCode: 0, wrongOnNull: 0, mustBeNull: 0 };
    for (const c of cases) {
      const code = resolveIndicatorAtThreshold(c.input, c.unit ?? null, threshold).loincCode;
      if (c.expected === null) {
        point.mustBeNull++;
        if (code !== null) point.wrongOnNull++;
        continue;
      }
      point.withCode++;
      if (code !== null) {
        point.returned++;
        if (code === c.expected) point.correct++;
      }
    }
    return point;
  });
}

function pct(a: number, b: number): string {
  return b === 0 ? '—' : `${((100 * a) / b).toFixed(1)} %`;
}

function table(title: string, points: readonly CurvePoint[]): string {
  const rows = points.map(
    (p) =>
      `| ${p.threshold.toFixed(2)}${p.threshold === RETRIEVAL_ACCEPT_MIN ? ' ◀' : ''} | ${pct(p.correct, p.returned)} (${p.correct}/${p.returned}) | ${pct(p.correct, p.withCode)} | ${p.wrongOnNull}/${p.mustBeNull} |`,
  );
  return [
    `**${title}**`,
    '',
    '| threshold | returned correct | coverage | wrong where null is right |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function main(): void {
  const files = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  for (const file of files.length ? files : ['eval/standardization/indicators.json']) {
    const all = (JSON.parse(readFileSync(file, 'utf8')) as { cases: EvalCase[] }).cases;
    const dev = all.filter((c) => c.split === 'dev');
    // A "typo" that spells another corpus name (`Kalzium` → `Kalium`, German for potassium) is not a typo: skipped.
    const typos = dev.flatMap((c) =>
      syntheticTypos(c.input)
        .filter((input) => !corpusIndex.exact.has(normalizeIndicatorText(input)))
        .map((input) => ({ ...c, input })),
    );
    console.log(`\n${table(`${file}: dev split, ${dev.length} cases`, curve(dev))}\n`);
    console.log(`${table(`${file}: synthetic typos of dev names, ${typos.length} cases`, curve(typos))}\n`);
    if (process.argv.includes('--failures')) {
      for (const c of [...dev, ...typos]) {
        const got = resolveIndicatorAtThreshold(c.input, c.unit ?? null, RETRIEVAL_ACCEPT_MIN);
        if (got.loincCode !== c.expected)
          console.log(
            `  miss: ${JSON.stringify(c.input)} [${c.unit ?? ''}] expected ${c.expected} got ${got.loincCode} (${got.confidence})`,
          );
      }
    }
  }
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) main();

/**
 * Cost of the retrieval stage alone: uncached resolutions per second, on one core, of names that reach it — the
 * synthetic typos of the dev split's names (`standardize-calibration.ts`), none of which the exact stages know. The
 * cached rate and the all-names rate are measured in `standardize-resolver.ts`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveIndicatorUncached } from '../shared/domain/standardization/resolver';
import { syntheticTypos } from './standardize-calibration';

export interface RetrievalSpeed {
  names: number;
  perSecond: number;
  /** Milliseconds to build the vector index on first use (the cold-start cost a Lambda pays once). */
  indexBuildMs: number;
}

export function measureRetrievalSpeed(iterations = 20_000): RetrievalSpeed {
  const file = join(dirname(fileURLToPath(import.meta.url)), '../eval/standardization/indicators.json');
  const cases = (
    JSON.parse(readFileSync(file, 'utf8')) as { cases: { input: string; unit?: string; split: string }[] }
  ).cases.filter((c) => c.split === 'dev');
  const names = cases.flatMap((c) => syntheticTypos(c.input).map((input) => ({ input, unit: c.unit ?? null })));
  const buildStart = performance.now();
  resolveIndicatorUncached('triglyceridse', 'mg/dL');
  const indexBuildMs = performance.now() - buildStart;
  for (let i = 0; i < Math.min(iterations, names.length); i++) {
    const n = names[i % names.length] as (typeof names)[number];
    resolveIndicatorUncached(n.input, n.unit);
  }
  const start = performance.now();
  for (let i = 0; i < iterations; i++) {
    const n = names[i % names.length] as (typeof names)[number];
    resolveIndicatorUncached(n.input, n.unit);
  }
  return { names: names.length, perSecond: iterations / ((performance.now() - start) / 1000), indexBuildMs };
}

import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import { describe, expect, it } from 'vitest';
import { STATISTIC_PROGRAM, statisticCall } from '../../../shared/adapters/model/offline-engine/statistic';

/**
 * The engine's statistic program, run where `eval` runs it: a bare QuickJS context with `input` and `files` as its
 * only globals (docs/design/knowledge-tools.md §5.4). The figures are checked against hand-computed values.
 */

let module: ReturnType<typeof newQuickJSWASMModuleFromVariant> | undefined;

async function run(input: unknown, files: Record<string, string> = {}): Promise<unknown> {
  module ??= newQuickJSWASMModuleFromVariant(RELEASE_SYNC);
  const quickjs = await module;
  const vm = quickjs.newContext();
  try {
    const globals = vm.evalCode(
      `globalThis.input = ${JSON.stringify(input)}; globalThis.files = ${JSON.stringify(files)};`,
    );
    vm.unwrapResult(globals).dispose();
    const handle = vm.unwrapResult(vm.evalCode(STATISTIC_PROGRAM));
    const value = vm.dump(handle);
    handle.dispose();
    return value;
  } finally {
    vm.dispose();
  }
}

const readings = (values: number[], unit: string | null = 'kg', day = 1) =>
  values.map((value, i) => ({ time: `2026-10-${String(day + i).padStart(2, '0')}T08:00:00.000Z`, value, unit }));

describe('the statistic program in QuickJS', () => {
  it('computes the sample standard deviation, variance, median and a percentile of one series', async () => {
    const series = [{ readings: readings([81.2, 79.5, 77.8]) }];
    const sd = (await run(statisticCall('sd', null, series).input)) as { value: number; n: number; units: string[] };
    expect(sd.value).toBeCloseTo(1.7, 10);
    expect(sd).toMatchObject({ statistic: 'sd', n: 3, units: ['kg'] });
    expect(((await run(statisticCall('variance', null, series).input)) as { value: number }).value).toBeCloseTo(
      2.89,
      10,
    );
    const ldl = [{ readings: readings([162, 151, 138, 118], 'mg/dL') }];
    expect(await run(statisticCall('median', null, ldl).input)).toMatchObject({ value: 144.5, n: 4 });
    const p90 = (await run(statisticCall('percentile', 90, ldl).input)) as { value: number };
    expect(p90.value).toBeCloseTo(158.7, 10);
  });

  it('keeps the most frequent unit and leaves non-numbers out', async () => {
    const mixed = [
      {
        readings: [
          ...readings([100, 110, 120], 'mg/dL'),
          ...readings([5.5], 'mmol/L', 10),
          { time: '2026-10-20T00:00:00Z', value: null, unit: 'mg/dL' },
        ],
      },
    ];
    expect(await run(statisticCall('median', null, mixed as never).input)).toMatchObject({
      value: 110,
      n: 3,
      units: ['mg/dL'],
    });
  });

  it('correlates two series by day, and needs three days with both', async () => {
    const x = { readings: readings([80, 79.5, 79, 78.5, 78]) };
    const y = { readings: readings([6000, 7000, 9500, 9000, 10000], '{steps}') };
    const r = (await run(statisticCall('correlation', null, [x, y]).input)) as { value: number; n: number };
    expect(r.value).toBeCloseTo(-0.9205746, 6);
    expect(r.n).toBe(5);
    const two = { readings: readings([6000, 7000], '{steps}') };
    expect(await run(statisticCall('correlation', null, [x, two]).input)).toMatchObject({ value: null, n: 2 });
  });

  it('reads a result kept in the turn’s files, and answers null with too few readings', async () => {
    const file = JSON.stringify({
      records: [
        { time: '2026-10-01T00:00:00Z', parsed_value: 4, unit: '%' },
        { time: '2026-10-02T00:00:00Z', parsed_value: 6, unit: '%' },
      ],
    });
    const input = statisticCall('sd', null, [{ file: '/tool_results/call_1.json' }]).input;
    const sd = (await run(input, { '/tool_results/call_1.json': file })) as { value: number; n: number };
    expect(sd.value).toBeCloseTo(Math.SQRT2, 10);
    expect(await run(statisticCall('sd', null, [{ readings: readings([5]) }]).input)).toMatchObject({
      value: null,
      n: 1,
    });
  });
});

import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { type AppleReading, ExportAggregator } from '../../../shared/domain/apple-health/aggregation';
import { exportAbstract, exportSummary } from '../../../shared/domain/apple-health/summary';
import { parseHealthExport } from '../../../shared/services/apple-health/export-parser';

const FIXTURES = new URL('../../fixtures/apple-health/', import.meta.url);
const W = 'apple-health/Anna’s Apple Watch';
const P = 'apple-health/Anna’s iPhone';

/** The fixture's bytes in chunks of `size`, so tags, entities and multi-byte characters are cut across chunks. */
function chunked(bytes: Buffer, size: number): Readable {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return Readable.from(parts);
}

async function importFixture(name: string, chunkSize: number) {
  const aggregator = new ExportAggregator();
  const flushed: AppleReading[][] = [];
  await parseHealthExport(
    chunked(readFileSync(new URL(name, FIXTURES)), chunkSize),
    aggregator,
    async (slice) => {
      flushed.push(slice);
    },
    3,
  );
  const readings = [...flushed.flat(), ...aggregator.finish()];
  return { aggregator, flushed, readings };
}

const row = (r: AppleReading) => [r.indicator, r.value, r.unit, r.time, r.endTime, r.comment];

const EXPECTED = [
  ['Daily steps', 4000, '{steps}', '2026-11-17T23:00:00.000Z', '2026-11-18T23:00:00.000Z', W],
  ['Daily steps', 5000, '{steps}', '2026-11-18T23:00:00.000Z', '2026-11-19T23:00:00.000Z', P],
  ['Active energy burned', 150, 'kcal', '2026-11-17T23:00:00.000Z', '2026-11-18T23:00:00.000Z', W],
  ['Heart rate', 75, '/min', '2026-11-17T23:00:00.000Z', '2026-11-18T23:00:00.000Z', 'apple-health'],
  ['Heart rate', 65, '/min', '2026-11-18T23:00:00.000Z', '2026-11-19T23:00:00.000Z', 'apple-health'],
  ['Oxygen saturation', 96, '%', '2026-11-17T23:00:00.000Z', '2026-11-18T23:00:00.000Z', 'apple-health'],
  ['Resting heart rate', 58, '/min', '2026-11-17T23:00:00.000Z', '2026-11-18T23:00:00.000Z', 'apple-health'],
  ['Heart rate variability SDNN', 42.5, 'ms', '2026-11-17T23:00:00.000Z', '2026-11-18T23:00:00.000Z', 'apple-health'],
  ['HKQuantityTypeIdentifierBodyMass', 74.8427, 'kg', '2026-11-18T06:00:00.000Z', null, 'apple-health/Withings'],
  ['HKQuantityTypeIdentifierBodyMass', 74.5, 'kg', '2026-11-19T06:05:00.000Z', null, 'apple-health/Withings'],
  ['HKQuantityTypeIdentifierBodyTemperature', 37, 'Cel', '2026-11-18T06:10:00.000Z', null, P],
  [
    'HKQuantityTypeIdentifierBloodPressureSystolic',
    120,
    'mm[Hg]',
    '2026-11-18T06:20:00.000Z',
    null,
    'apple-health/Omron',
  ],
  [
    'HKQuantityTypeIdentifierBloodPressureDiastolic',
    80,
    'mm[Hg]',
    '2026-11-18T06:20:00.000Z',
    null,
    'apple-health/Omron',
  ],
  ['Sleep duration', 7, 'h', '2026-11-18T22:10:00.000Z', '2026-11-19T05:40:00.000Z', W],
  ['Exercise activity', 'Running', null, '2026-11-19T17:00:00.000Z', '2026-11-19T17:30:00.000Z', W],
  ['Active energy burned', 310, 'kcal', '2026-11-19T17:00:00.000Z', '2026-11-19T17:30:00.000Z', W],
  ['Workout distance', 5200, 'm', '2026-11-19T17:00:00.000Z', '2026-11-19T17:30:00.000Z', W],
  [
    'Exercise activity',
    'Traditional strength training',
    null,
    '2026-11-18T18:00:00.000Z',
    '2026-11-18T18:45:00.000Z',
    W,
  ],
  ['Active energy burned', 150, 'kcal', '2026-11-18T18:00:00.000Z', '2026-11-18T18:45:00.000Z', W],
];

describe('parseHealthExport + ExportAggregator on the hand-written export', () => {
  it.each([7, 64, 1 << 16])('yields the expected readings whatever the chunking (%i-byte chunks)', async (size) => {
    const { readings, flushed } = await importFixture('export.xml', size);
    expect(readings.map(row)).toEqual(expect.arrayContaining(EXPECTED));
    expect(readings).toHaveLength(EXPECTED.length);
    // Point samples and workouts left in slices of the asked size while the XML was still being read.
    expect(flushed.slice(0, -1).every((slice) => slice.length >= 3)).toBe(true);
    expect(new Set(readings.map((r) => r.key)).size).toBe(readings.length);
  });

  it('keys readings by what they are, not by their value (§9.4)', async () => {
    const { readings } = await importFixture('export.xml', 4096);
    const keys = readings.map((r) => r.key);
    expect(keys).toContain('apple|HKQuantityTypeIdentifierStepCount|2026-11-18');
    expect(keys).toContain('apple|sleep|2026-11-19');
    expect(keys).toContain(
      'apple|HKQuantityTypeIdentifierBodyMass|2026-11-19 07:05:00 +0100|2026-11-19 07:05:00 +0100|Withings',
    );
    expect(keys).toContain(
      'apple|workout|HKWorkoutActivityTypeRunning|2026-11-19 18:00:00 +0100|Anna’s Apple Watch|distance',
    );
  });

  it('the newer export keeps the old keys, corrects the partial day and the edited sample, and adds two days', async () => {
    const old = new Map((await importFixture('export.xml', 4096)).readings.map((r) => [r.key, r]));
    const newer = (await importFixture('export-newer.xml', 4096)).readings;
    const added = newer.filter((r) => !old.has(r.key));
    const changed = newer.filter((r) => old.has(r.key) && old.get(r.key)!.value !== r.value);
    expect(added.map((r) => [r.indicator, r.value])).toEqual([
      ['Daily steps', 6000],
      ['Daily steps', 7000],
    ]);
    expect(changed.map((r) => [r.indicator, r.value])).toEqual(
      expect.arrayContaining([
        ['Daily steps', 6200],
        ['HKQuantityTypeIdentifierBodyMass', 74.2],
      ]),
    );
    expect(changed).toHaveLength(2);
    expect([...old.keys()].every((k) => newer.some((r) => r.key === k))).toBe(true);
  });

  it('summarises what it wrote and skipped, without values', async () => {
    const { aggregator } = await importFixture('export.xml', 4096);
    expect(exportAbstract(aggregator)).toBe('Apple Health export, 2026-11-18 to 2026-11-19: 19 readings in 13 series');
    const summary = exportSummary(aggregator);
    expect(summary).toContain('Exported 2026-11-20 09:00:00 +0100.');
    expect(summary).toContain('- Daily steps: 2');
    expect(summary).toContain('- Record inside a Correlation (listed again at top level): 2');
    expect(summary).toContain('- ActivitySummary (its rings repeat the daily sums): 1');
    expect(summary).toContain('- HKQuantityTypeIdentifierDietaryWater (no mapping): 1');
    expect(summary).toContain('- HKCategoryTypeIdentifierSleepAnalysis (in bed or awake): 2');
    expect(summary).not.toMatch(/74\.8|4000|Anna/);
  });

  it('rejects when the stream fails, instead of importing part of it silently', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('<HealthData><Record type="x"/>'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(parseHealthExport(failing, new ExportAggregator(), async () => {})).rejects.toThrow(
      'connection reset',
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SeriesSummary, ToolReading } from '../../../shared/domain/agent/tool-results';
import {
  SERIES_MAX_POINTS,
  seriesKeyOf,
  summarizeAllSeries,
  summarizeSeries,
} from '../../../shared/domain/series/summarize-series';
import { commonNameOf } from '../../../shared/domain/standardization/common-name';
import { molarMassOf } from '../../../shared/domain/standardization/molar-masses';
import { convertValue } from '../../../shared/domain/standardization/unit-conversion';
import { reading as toolReading } from '../../support/tool-reading';

/** A reading `day` days into 2026. */
function reading(
  indicator: string,
  value: number | string,
  unit: string | null,
  day: number,
  extra: Partial<ToolReading> = {},
): ToolReading {
  return toolReading(indicator, value, unit, new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString(), extra);
}

describe('one series from one set of readings', () => {
  it('converts glucose between mmol/L and mg/dL by its molar mass, into the unit most readings carry', () => {
    const series = summarizeAllSeries([
      reading('Glucose', 90, 'mg/dL', 0),
      reading('Glucose', 5.5, 'mmol/L', 1, { reference_low: 3.9, reference_high: 5.5 }),
      reading('Glucose', 110, 'mg/dL', 2),
    ]);
    expect(series).toHaveLength(1);
    const s = series[0]!;
    expect(s).toMatchObject({ unit: 'mg/dL', loinc_code: '2345-7', count: 3, converted_count: 1, left_out: [] });
    expect(s.points.map((p) => p.value)).toEqual([90, 99.09, 110]);
    expect(s.reference).toEqual({ low: 70.26, high: 99.09, text: null });
  });

  it('names what cannot join: no unit, a unit that does not convert, a value that is not a number', () => {
    const s = summarizeSeries([
      reading('Heart rate', 58, '/min', 0),
      reading('Heart rate', 60, '/min', 1),
      reading('Heart rate', 59, null, 2),
      reading('Heart rate', 61, 'mmol/L', 3),
      reading('Heart rate', 'irregular', '/min', 4),
    ]);
    expect(s).toMatchObject({ unit: '/min', count: 2, numeric_count: 2 });
    expect(s.latest).toMatchObject({ value: '60', parsed_value: 60 });
    expect(s.left_out).toEqual([
      { reason: 'no_unit', unit: null, count: 1 },
      { reason: 'other_unit', unit: 'mmol/L', count: 1 },
      { reason: 'not_numeric', unit: '/min', count: 1 },
    ]);
  });

  it('keeps HbA1c in % and in mmol/mol apart: no factor relates NGSP and IFCC, and LOINC codes them apart', () => {
    expect(convertValue(6, '%', 'mmol/mol')).toBeNull();
    const series = summarizeAllSeries([reading('HbA1c', 6.1, '%', 0), reading('HbA1c', 43, 'mmol/mol', 1)]);
    expect(series).toHaveLength(2);
    const byCode = new Map(series.map((s) => [s.loinc_code, s]));
    expect(byCode.get('4548-4')).toMatchObject({ unit: '%', count: 1, left_out: [] });
    expect(byCode.get('59261-8')).toMatchObject({ unit: 'mmol/mol', count: 1, left_out: [] });
  });

  it('a qualitative series keeps every reading and has no numeric figures', () => {
    const s = summarizeSeries([
      reading('Urine protein', 'negative', null, 0),
      reading('Urine protein', 'trace', null, 1),
    ]);
    expect(s).toMatchObject({ count: 2, numeric_count: 0, min: null, max: null, mean: null, points: [] });
    expect(s.latest.value).toBe('trace');
  });

  it('titles a series with the name people use', () => {
    expect(commonNameOf('1989-3', 'x')).toBe('Vitamin D 25-OH');
    expect(commonNameOf('3016-3', 'x')).toBe('TSH');
    expect(commonNameOf('3084-1', 'x')).toBe('Uric acid');
    expect(commonNameOf(null, 'Mood score')).toBe('Mood score');
    expect(summarizeSeries([reading('25-OH vitamin D', 31, 'ng/mL', 0)]).common_name).toBe('Vitamin D 25-OH');
  });
});

/** Tests whose readings arrive in several units, some convertible, some not; plus unitless and textual values. */
const TESTS = [
  { indicator: 'Glucose', units: ['mg/dL', 'mmol/L', null], range: [40, 300] },
  { indicator: 'Body weight', units: ['kg', '[lb_av]', null], range: [40, 150] },
  { indicator: 'Heart rate', units: ['/min', null, 'mmol/L'], range: [35, 190] },
  { indicator: 'Body temperature', units: ['Cel', '[degF]'], range: [35, 41] },
  { indicator: 'Mood score', units: [null], range: [0, 10] },
] as const;

const readingsArb = fc.constantFrom(...TESTS).chain((test) =>
  fc
    .array(
      fc.record({
        day: fc.integer({ min: 0, max: 400 }),
        value: fc.oneof(
          { weight: 9, arbitrary: fc.double({ min: test.range[0], max: test.range[1], noNaN: true }) },
          { weight: 1, arbitrary: fc.constantFrom('pending', 'see note') },
        ),
        unit: fc.constantFrom(...test.units),
        flagged: fc.option(fc.boolean()),
      }),
      { minLength: 1, maxLength: 150 },
    )
    .map((rows) =>
      rows.map((row) =>
        reading(
          test.indicator,
          typeof row.value === 'number' ? Math.round(row.value * 10) / 10 : row.value,
          row.unit,
          row.day,
          { abnormal: row.flagged },
        ),
      ),
    ),
);

/** Every figure of a summary agrees with its own points and with the readings it came from. */
function holdsInvariants(s: SeriesSummary, input: readonly ToolReading[]): void {
  const leftOut = s.left_out.reduce((n, l) => n + l.count, 0);
  expect(s.count + leftOut).toBe(input.length);
  expect(s.converted_count).toBeLessThanOrEqual(s.count);
  const newest = input.reduce((m, r) => (r.time > m ? r.time : m), '');
  if (s.numeric_count === 0) {
    expect(s.count).toBe(input.length);
    expect([s.min, s.max, s.mean, s.trend.change]).toEqual([null, null, null, null]);
    expect(s.latest.time).toBe(newest);
    return;
  }
  expect(s.numeric_count).toBe(s.count);
  const values = s.points.map((p) => p.value);
  expect(s.points.length).toBe(Math.min(s.count, SERIES_MAX_POINTS));
  expect([...s.points].sort((a, b) => (a.time < b.time ? -1 : 1))).toEqual(s.points);
  // Latest and earliest are the ends of the points; the change is between them; extremes are points.
  expect(s.latest.parsed_value).toBe(values.at(-1));
  expect(s.latest.time).toBe(s.points.at(-1)!.time);
  expect(s.earliest.parsed_value).toBe(values[0]);
  expect(Number(s.latest.value)).toBeCloseTo(s.latest.parsed_value!, 6);
  expect(s.min!.value).toBe(Math.min(...values));
  expect(s.max!.value).toBe(Math.max(...values));
  expect(s.mean!).toBeGreaterThanOrEqual(s.min!.value - 1e-9);
  expect(s.mean!).toBeLessThanOrEqual(s.max!.value + 1e-9);
  if (s.count >= 2) {
    expect(s.trend.change!).toBeCloseTo(values.at(-1)! - values[0]!, 3);
    const direction = s.trend.direction;
    if (direction === 'rising') expect(s.trend.change!).toBeGreaterThan(0);
    if (direction === 'falling') expect(s.trend.change!).toBeLessThan(0);
  } else {
    expect(s.trend.direction).toBe('insufficient_data');
  }
  // Each point is a reading of the input in the series' unit, or one converted into it.
  for (const p of s.points) {
    const source = input.filter((r) => r.time === p.time && r.parsed_value !== null);
    const matched = source.some((r) => {
      if (r.unit === s.unit) return r.parsed_value === p.value;
      const molarMass = r.loinc_code ? molarMassOf(r.loinc_code) : null;
      const converted = r.unit && s.unit ? convertValue(r.parsed_value!, r.unit, s.unit, molarMass) : null;
      return converted !== null && Math.abs(converted - p.value) <= Math.abs(p.value) * 1e-3;
    });
    expect(matched, `point ${p.time} ${p.value} comes from a reading`).toBe(true);
  }
  expect(s.abnormal_count).toBeLessThanOrEqual(s.count);
}

describe('series invariants (property-based)', () => {
  it('count, latest, first, change, direction, extremes, average and points all come from one set', () => {
    fc.assert(
      fc.property(readingsArb, (input) => {
        const all = summarizeAllSeries(input);
        expect(all.reduce((n, s) => n + s.count + s.left_out.reduce((m, l) => m + l.count, 0), 0)).toBe(input.length);
        for (const s of all) {
          const key = seriesKeyOf({ loinc_code: s.loinc_code, indicator: s.name });
          holdsInvariants(
            s,
            input.filter((r) => seriesKeyOf(r) === key),
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});

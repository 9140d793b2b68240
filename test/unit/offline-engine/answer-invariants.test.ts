import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../../shared/clock';
import type { ToolReading } from '../../../shared/domain/agent/tool-results';
import { parseVisChartBlocks, type VisChartSpec, type VisTimePoint } from '../../../shared/domain/agent/vis-chart';
import { molarMassOf } from '../../../shared/domain/standardization/molar-masses';
import { convertValue } from '../../../shared/domain/standardization/unit-conversion';
import { normalizeUnit } from '../../../shared/domain/standardization/units';
import { NOW, reading, runTurn, toolsOf, userTurn } from './helpers';

/**
 * Whatever the readings, an answer never contradicts itself: the count, latest, change (first → last), direction,
 * highest, lowest and average it states, and the points it charts, come from one set of readings; a reading that
 * cannot join that set (no unit, a unit that does not convert, a value that is not a number) is named as left out.
 */

let restore: () => void;
beforeAll(() => {
  restore = setClock(() => NOW);
});
afterAll(() => restore());

const TESTS = [
  { asked: 'glucose', indicator: 'Glucose', units: ['mg/dL', 'mmol/L', null], range: [3, 300] },
  { asked: 'weight', indicator: 'Body weight', units: ['kg', 'lb', null], range: [40, 150] },
  { asked: 'heart rate', indicator: 'Heart rate', units: ['bpm', null, 'mmol/L'], range: [35, 190] },
  { asked: 'body temperature', indicator: 'Body temperature', units: ['°C', '°F'], range: [35, 104] },
] as const;

const QUESTIONS = [
  (x: string) => `plot my ${x}`,
  (x: string) => `how has my ${x} changed?`,
  (x: string) => `what is my average ${x}?`,
  (x: string) => `how many ${x} readings do I have?`,
  (x: string) => `what was my highest and lowest ${x}?`,
  (x: string) => `what's my latest ${x}?`,
  (x: string) => `${x}`,
];

const DAY = 86_400_000;

function worldArb(maxReadings: number) {
  return fc
    .record({
      test: fc.constantFrom(...TESTS),
      question: fc.constantFrom(...QUESTIONS),
      rows: fc.array(
        fc.record({
          daysAgo: fc.integer({ min: 0, max: 700 }),
          value: fc.oneof(
            { weight: 12, arbitrary: fc.integer({ min: 0, max: 10_000 }) },
            { weight: 1, arbitrary: fc.constantFrom('pending', 'see comment') },
          ),
          unitIndex: fc.nat(2),
        }),
        { minLength: 1, maxLength: maxReadings },
      ),
    })
    .map(({ test, question, rows }) => ({
      question: question(test.asked),
      readings: rows.map((row) => {
        const unit = test.units[row.unitIndex % test.units.length] ?? null;
        const value =
          typeof row.value === 'number'
            ? Math.round((test.range[0] + ((test.range[1] - test.range[0]) * row.value) / 10_000) * 10) / 10
            : row.value;
        const time = new Date(NOW - row.daysAgo * DAY - 3_600_000).toISOString();
        const r = reading(test.indicator, value, unit, time);
        // Stored rows carry the UCUM unit the write path normalized them to.
        return { ...r, unit: normalizeUnit(unit) };
      }),
    }));
}

interface Figures {
  count: number;
  leftOut: number;
  latest: number | null;
  change: { first: number; last: number; delta: number; direction: string } | null;
  highest: number | null;
  lowest: number | null;
  average: { value: number; over: number } | null;
  chart: VisTimePoint[] | null;
}

const NUMBER = '(-?\\d+(?:\\.\\d+)?)';

/** The figures an answer states about its one series. */
function figuresOf(answer: string): Figures {
  const prose = answer.replace(/```vis-chart[\s\S]*?```/g, '');
  const count = prose.match(/^\*\*.+?: \**(\d+) readings?\**/m);
  expect(count, `a heading with the count in:\n${answer}`).not.toBeNull();
  const leftOut = prose.match(/Left out of these figures: (\d+) readings?/);
  const latest = prose.match(new RegExp(`- Latest: \\*\\*${NUMBER}`));
  const change = prose.match(
    new RegExp(`- Change: ${NUMBER} → ${NUMBER} .*?: ([+-]?\\d+(?:\\.\\d+)?)\\b.*, (rising|falling|stable)\\.`),
  );
  const extremes = prose.match(new RegExp(`Highest: \\*\\*${NUMBER}.*lowest: \\*\\*${NUMBER}`));
  const average = prose.match(new RegExp(`Average: \\*\\*${NUMBER}.* over (\\d+) readings?`));
  const charts = parseVisChartBlocks(answer) as VisChartSpec[];
  const line = charts.find((c) => c.type === 'line');
  return {
    count: Number(count![1]),
    leftOut: leftOut ? Number(leftOut[1]) : 0,
    latest: latest ? Number(latest[1]) : null,
    change: change
      ? { first: Number(change[1]), last: Number(change[2]), delta: Number(change[3]), direction: change[4]! }
      : null,
    highest: extremes ? Number(extremes[1]) : null,
    lowest: extremes ? Number(extremes[2]) : null,
    average: average ? { value: Number(average[1]), over: Number(average[2]) } : null,
    chart: line ? (line.data as VisTimePoint[]) : null,
  };
}

/** Whether a charted value is one of the readings, as written or converted into the chart's unit. */
function comesFromAReading(value: number, readings: readonly ToolReading[]): boolean {
  return readings.some((r) => {
    if (r.parsed_value === null) return false;
    if (r.parsed_value === value) return true;
    return ['mg/dL', 'kg', 'Cel', '[degF]', 'mmol/L', '[lb_av]'].some((to) => {
      const converted = r.unit ? convertValue(r.parsed_value!, r.unit, to, molarMassOf(r.loinc_code ?? '')) : null;
      return converted !== null && Math.abs(converted - value) <= Math.abs(value) * 1e-3;
    });
  });
}

async function holdsForAnswer(question: string, readings: ToolReading[], tools = toolsOf()): Promise<void> {
  const turn = await runTurn(userTurn(question), { readings }, { tools });
  const f = figuresOf(turn.answer);
  const context = `${question}\n${turn.answer}`;
  expect(f.count + f.leftOut, context).toBe(readings.length);
  const chart = f.chart?.map((p) => p.value) ?? null;
  if (chart) {
    expect(chart.length, context).toBe(Math.min(f.count, 60));
    for (const v of chart) expect(comesFromAReading(v, readings), `${v} charted\n${context}`).toBe(true);
    if (f.latest !== null) expect(f.latest, context).toBeCloseTo(chart.at(-1)!, 6);
  }
  if (f.change) {
    if (f.latest !== null) expect(f.change.last, context).toBeCloseTo(f.latest, 6);
    if (chart) expect(f.change.first, context).toBeCloseTo(chart[0]!, 6);
    expect(f.change.delta, context).toBeCloseTo(f.change.last - f.change.first, 1);
    if (f.change.direction === 'rising') expect(f.change.last, context).toBeGreaterThan(f.change.first);
    if (f.change.direction === 'falling') expect(f.change.last, context).toBeLessThan(f.change.first);
  }
  if (f.highest !== null && f.lowest !== null) {
    expect(f.lowest, context).toBeLessThanOrEqual(f.highest);
    if (chart) {
      expect(f.highest, context).toBeCloseTo(Math.max(...chart), 3);
      expect(f.lowest, context).toBeCloseTo(Math.min(...chart), 3);
    }
    if (f.latest !== null) {
      expect(f.latest, context).toBeGreaterThanOrEqual(f.lowest);
      expect(f.latest, context).toBeLessThanOrEqual(f.highest);
    }
  }
  if (f.average) {
    expect(f.average.over, context).toBe(f.count);
    if (f.highest !== null && f.lowest !== null) {
      expect(f.average.value, context).toBeGreaterThanOrEqual(f.lowest - 1e-3);
      expect(f.average.value, context).toBeLessThanOrEqual(f.highest + 1e-3);
    }
  }
}

describe('answer invariants (property-based)', () => {
  it('with the summary tool: every figure of every answer shape comes from one set', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb(120), ({ question, readings }) => holdsForAnswer(question, readings)),
      { numRuns: 150 },
    );
  });

  it('with only the readings tool: the engine summarises the readings under the same rules', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb(40), ({ question, readings }) =>
        holdsForAnswer(question, readings, toolsOf(['query_health_data'])),
      ),
      { numRuns: 100 },
    );
  });
});

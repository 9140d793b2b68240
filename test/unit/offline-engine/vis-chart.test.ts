import { describe, expect, it } from 'vitest';
import {
  isVisChartSpec,
  normalizeVisChartSpec,
  parseVisChartBlocks,
  visChartBlock,
} from '../../../shared/domain/agent/vis-chart';

describe('visChartBlock', () => {
  it('fences one line of JSON under the vis-chart info string, keys in a fixed order', () => {
    const block = visChartBlock({
      data: [
        { value: 151, time: '2026-01-12' },
        { time: '2026-09-02', value: 118 },
      ],
      axisYTitle: 'mg/dL',
      title: 'LDL',
      type: 'line',
      axisXTitle: 'Date',
    } as never);
    expect(block).toBe(
      '```vis-chart\n{"type":"line","title":"LDL","axisXTitle":"Date","axisYTitle":"mg/dL","data":[{"time":"2026-01-12","value":151},{"time":"2026-09-02","value":118}]}\n```',
    );
  });

  it('keeps groups on multi-series line charts and categories on bar charts', () => {
    const line = normalizeVisChartSpec({
      type: 'line',
      data: [
        { time: '2026-01-01', value: 1, group: 'A' },
        { time: '2026-01-01', value: 2, group: 'B' },
      ],
    });
    expect(line.data).toEqual([
      { time: '2026-01-01', value: 1, group: 'A' },
      { time: '2026-01-01', value: 2, group: 'B' },
    ]);
    const bar = normalizeVisChartSpec({ type: 'bar', title: 'Flags', data: [{ category: 'LDL', value: 3 }] });
    expect(bar).toEqual({ type: 'bar', title: 'Flags', data: [{ category: 'LDL', value: 3 }] });
  });

  it('drops points that cannot be drawn', () => {
    const spec = normalizeVisChartSpec({
      type: 'line',
      data: [
        { time: '2026-01-01', value: Number.NaN },
        { time: 'yesterday', value: 3 },
        { time: '2026-01-02', value: Number.POSITIVE_INFINITY },
        { time: '2026-01-03', value: 4 },
      ],
    });
    expect(spec.data).toEqual([{ time: '2026-01-03', value: 4 }]);
    const pie = normalizeVisChartSpec({
      type: 'pie',
      data: [
        { category: '', value: 1 },
        { category: 'x', value: 2 },
      ],
    });
    expect(pie).toEqual({ type: 'pie', data: [{ category: 'x', value: 2 }] });
  });
});

describe('isVisChartSpec / parseVisChartBlocks', () => {
  it('accepts the shapes each type needs and nothing else', () => {
    expect(isVisChartSpec({ type: 'line', data: [{ time: '2026-01-01', value: 1 }] })).toBe(true);
    expect(isVisChartSpec({ type: 'area', data: [{ time: '2026-01-01T10:00:00Z', value: 1, group: 'g' }] })).toBe(true);
    expect(isVisChartSpec({ type: 'column', data: [{ category: 'a', value: 1 }] })).toBe(true);
    expect(isVisChartSpec({ type: 'line', data: [{ category: 'a', value: 1 }] })).toBe(false);
    expect(isVisChartSpec({ type: 'bar', data: [{ category: 'a', value: '1' }] })).toBe(false);
    expect(isVisChartSpec({ type: 'line', data: [] })).toBe(false);
    expect(isVisChartSpec({ type: 'radar', data: [{ category: 'a', value: 1 }] })).toBe(false);
  });

  it('finds every block of an answer; a broken one reads as null', () => {
    const answer = [
      'Text first.',
      visChartBlock({ type: 'line', data: [{ time: '2026-01-01', value: 1 }] }),
      'More text.',
      '```vis-chart\n{not json}\n```',
      '```json\n{"type":"line"}\n```',
    ].join('\n\n');
    const blocks = parseVisChartBlocks(answer);
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toEqual({ type: 'line', data: [{ time: '2026-01-01', value: 1 }] });
    expect(blocks[1]).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { categoryPlotData, pieSlices, slicePath, timePlotData } from '../../../console/src/charts/vis-data';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

describe('timePlotData', () => {
  it('one series: x in epoch seconds, ascending, the unit naming the series', () => {
    const data = timePlotData({
      type: 'line',
      axisYTitle: 'mg/dL',
      data: [
        { time: '2026-10-02', value: 131 },
        { time: '2026-01-15', value: 162 },
      ],
    });
    expect(data).toEqual({
      x: [day('2026-01-15'), day('2026-10-02')],
      series: [{ label: 'mg/dL', values: [162, 131] }],
    });
  });

  it('groups aligned on the union of dates, null where a group has no point', () => {
    const data = timePlotData({
      type: 'area',
      title: 'Glucose vs HbA1c',
      data: [
        { time: '2026-02-10', value: 92, group: 'Glucose' },
        { time: '2026-09-10', value: 118, group: 'Glucose' },
        { time: '2026-05-01', value: 6.1, group: 'HbA1c' },
        { time: '2026-09-10T08:00:00Z', value: 6.4, group: 'HbA1c' },
      ],
    });
    expect(data.x).toEqual([day('2026-02-10'), day('2026-05-01'), day('2026-09-10'), day('2026-09-10') + 8 * 3600]);
    expect(data.series).toEqual([
      { label: 'Glucose', values: [92, null, 118, null] },
      { label: 'HbA1c', values: [null, 6.1, null, 6.4] },
    ]);
  });
});

describe('categoryPlotData', () => {
  it('one group: categories at 0, 1, … in first-seen order; a repeated category sums', () => {
    expect(
      categoryPlotData({
        type: 'bar',
        data: [
          { category: 'LDL', value: 2 },
          { category: 'HbA1c', value: 1 },
          { category: 'LDL', value: 1 },
        ],
      }),
    ).toEqual({ x: [0, 1], series: [{ label: 'Value', values: [3, 1] }], categories: ['LDL', 'HbA1c'] });
  });

  it('groups side by side: one offset per group around each category, null at the others’ offsets', () => {
    const data = categoryPlotData({
      type: 'column',
      data: [
        { category: 'Q1', value: 5, group: 'high' },
        { category: 'Q1', value: 2, group: 'low' },
        { category: 'Q2', value: 7, group: 'high' },
      ],
    });
    expect(data.categories).toEqual(['Q1', 'Q2']);
    expect(data.x).toEqual([-0.2, 0.2, 0.8, 1.2]);
    expect(data.series).toEqual([
      { label: 'high', values: [5, null, 7, null] },
      { label: 'low', values: [null, 2, null, null] },
    ]);
  });
});

describe('pieSlices and slicePath', () => {
  it('shares of the whole, clockwise from 12 o’clock; non-positive values have no slice', () => {
    const slices = pieSlices({
      type: 'pie',
      data: [
        { category: 'normal', value: 6 },
        { category: 'high', value: 2 },
        { category: 'none', value: 0 },
        { category: 'normal', value: 0 },
      ],
    });
    expect(slices.map((s) => [s.label, s.value, s.fraction])).toEqual([
      ['normal', 6, 0.75],
      ['high', 2, 0.25],
    ]);
    expect(slices[0]!.start).toBe(0);
    expect(slices[0]!.end).toBeCloseTo(1.5 * Math.PI);
    expect(slices[1]!.end).toBeCloseTo(2 * Math.PI);
  });

  it('draws a quarter from the centre, and a lone slice as a full circle', () => {
    expect(slicePath(100, 100, 50, 0, Math.PI / 2)).toBe('M 100 100 L 100 50 A 50 50 0 0 1 150 100 Z');
    expect(slicePath(100, 100, 50, 0, 1.5 * Math.PI)).toContain(' 0 1 1 ');
    expect(slicePath(100, 100, 50, 0, 2 * Math.PI)).toBe('M 100 50 A 50 50 0 1 1 100 150 A 50 50 0 1 1 100 50 Z');
  });
});

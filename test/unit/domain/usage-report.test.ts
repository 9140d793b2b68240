import { describe, expect, it } from 'vitest';
import { tierEntries } from '../../../shared/domain/models';
import { costMicros, type UsageCounters, usageReport, usageWindow } from '../../../shared/domain/usage-report';

const tiers = tierEntries({});
const row = (day: string, tier: string, counts: Partial<UsageCounters> = {}): UsageCounters => ({
  day,
  tier,
  requests: 1,
  inputTokens: 0,
  systemTokens: 0,
  outputTokens: 0,
  reasoningTokens: 0,
  ...counts,
});

describe('usage window', () => {
  it('is N UTC days ending today, both ends included', () => {
    const now = Date.parse('2026-03-01T23:59:59Z');
    expect(usageWindow(1, now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(usageWindow(30, now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(usageWindow(90, Date.parse('2026-01-01T00:00:00Z'))).toEqual({ from: '2025-10-04', to: '2026-01-01' });
  });
});

describe('usage cost', () => {
  it('prices input and system tokens at the input rate, output at the output rate, reasoning not twice', () => {
    const flash = tiers.find((t) => t.id === 'hds-flash')!.pricing; // 0.75 / 4.50 per 10^6
    expect(costMicros(row('d', 'hds-flash', { inputTokens: 1_000_000 }), flash)).toBe(750_000);
    expect(costMicros(row('d', 'hds-flash', { systemTokens: 1_000_000 }), flash)).toBe(750_000);
    expect(costMicros(row('d', 'hds-flash', { outputTokens: 1_000_000 }), flash)).toBe(4_500_000);
    expect(costMicros(row('d', 'hds-flash', { outputTokens: 1000, reasoningTokens: 800 }), flash)).toBe(4500);
    expect(costMicros(row('d', 'gone-tier', { inputTokens: 10 }), undefined)).toBe(0);
  });

  it('rounds each row to 6 decimals, half away from zero, and totals the rounded rows', () => {
    const report = usageReport(
      [
        // 1 × 0.75 = 0.75 millionths → 1; 3 × 0.75 = 2.25 → 2.
        row('2026-03-01', 'hds-flash', { inputTokens: 1 }),
        row('2026-03-02', 'hds-flash', { inputTokens: 3 }),
        row('2026-03-02', 'hds-expert', {
          requests: 2,
          inputTokens: 100,
          systemTokens: 50,
          outputTokens: 7,
          reasoningTokens: 3,
        }),
      ],
      tiers,
      { from: '2026-03-01', to: '2026-03-02' },
    );
    expect(report.data.map((r) => r.cost)).toEqual([0.000001, 0.000925, 0.000002]);
    // expert: 150 × 5 + 7 × 25 = 925 millionths.
    expect(report.data.map((r) => [r.day, r.tier])).toEqual([
      ['2026-03-01', 'hds-flash'],
      ['2026-03-02', 'hds-expert'],
      ['2026-03-02', 'hds-flash'],
    ]);
    expect(report.totals).toEqual({
      requests: 4,
      input_tokens: 104,
      system_tokens: 50,
      output_tokens: 7,
      reasoning_tokens: 3,
      cost: 0.000928,
    });
    expect(report).toMatchObject({ object: 'usage', from: '2026-03-01', to: '2026-03-02', currency: 'USD' });
  });

  it('leaves out rows outside the window, and follows the configured prices and currency', () => {
    const priced = tierEntries({ HDS_PRICING_FLASH: '1,2', HDS_CURRENCY: 'EUR' });
    const report = usageReport(
      [
        row('2026-02-28', 'hds-flash', { inputTokens: 5 }),
        row('2026-03-01', 'hds-flash', { inputTokens: 500_000, outputTokens: 250_000 }),
      ],
      priced,
      { from: '2026-03-01', to: '2026-03-01' },
    );
    expect(report.currency).toBe('EUR');
    expect(report.data).toHaveLength(1);
    expect(report.totals.cost).toBe(1);
  });

  it('an empty window is all zeros', () => {
    expect(usageReport([], tiers, { from: 'a', to: 'b' }).totals).toEqual({
      requests: 0,
      input_tokens: 0,
      system_tokens: 0,
      output_tokens: 0,
      reasoning_tokens: 0,
      cost: 0,
    });
  });
});

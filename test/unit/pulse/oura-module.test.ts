import { describe, expect, it } from 'vitest';
import type { OuraFetchStep } from '../../../shared/domain/pulse/fetch-steps';
import { ouraModule } from '../../../shared/services/pulse/providers/oura';

/** The Oura module's backfill plan (design §8): heart rate in 7-day chunks of whole UTC days. */
describe('Oura backfill steps', () => {
  const from = new Date('2026-10-27T13:45:00Z');
  const to = new Date('2026-11-26T13:45:00Z');
  const steps = ouraModule.backfillSteps(from, to) as OuraFetchStep[];
  const heart = steps.filter((s) => s.kind === 'range' && s.collection === 'heartrate');

  it('reads heart rate in 7-day chunks from the UTC midnight before the window, so no day is split', () => {
    expect(heart.map((s) => s.kind === 'range' && [s.start, s.end])).toEqual([
      ['2026-10-27T00:00:00.000Z', '2026-11-03T00:00:00.000Z'],
      ['2026-11-03T00:00:00.000Z', '2026-11-10T00:00:00.000Z'],
      ['2026-11-10T00:00:00.000Z', '2026-11-17T00:00:00.000Z'],
      ['2026-11-17T00:00:00.000Z', '2026-11-24T00:00:00.000Z'],
      ['2026-11-24T00:00:00.000Z', '2026-11-26T13:45:00.000Z'],
    ]);
  });
});

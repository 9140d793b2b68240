/**
 * A table dates its columns by day (MyChart past results: `5/12/2026  11/3/2025`) while the page prints the
 * collection's time once, beside its date (`Specimen collected: 5/12/2026 7:41 AM`). A reading dated that day is the
 * collection's, so it takes the time; readings of other days keep their day alone.
 */
import type { ExtractedReading } from './types';

/** Readings dated by the collection's day alone take the collection's time (see the module comment). */
export function timedOnCollectionDay(readings: ExtractedReading[], collection: string | null): void {
  if (collection === null || !collection.includes('T')) return;
  const day = collection.slice(0, 10);
  for (const reading of readings) if (reading.measuredAt === day) reading.measuredAt = collection;
}

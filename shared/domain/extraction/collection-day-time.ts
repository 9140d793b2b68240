/**
 * A table dates its columns by day (MyChart past results: `5/12/2026  11/3/2025`) while the page prints the
 * collection's time once, beside its date (`Specimen collected: 5/12/2026 7:41 AM`). A reading dated that day is the
 * collection's, so it takes the time; readings of other days keep their day alone. Only a collection caption's time
 * counts: a letter's or an e-mail's sent time (`Date: Thu, 9 Apr 2026 19:42`) is not when anything was measured.
 */
import { findDates, type SlashOrder } from './dates';
import type { ExtractedReading } from './types';

/** Words captioning a sample's collection, in the languages partners write. */
const COLLECTION_CAPTION =
  /\b(?:collected|collection|drawn|specimen|sampled|taken|entnahme|abnahme|pr[ée]l[èe]vement|prelievo|toma|coleta|colheita|afname|pobran\w*|alınma|alinma)\b/iu;

/** Readings dated by the collection's day alone take the collection's time (see the module comment). */
export function timedOnCollectionDay(
  readings: ExtractedReading[],
  collection: string | null,
  lines: readonly string[],
  order: SlashOrder,
): void {
  if (collection === null || !collection.includes('T')) return;
  const day = collection.slice(0, 10);
  const captioned = lines.some(
    (line) => COLLECTION_CAPTION.test(line) && findDates(line, order).some((date) => date.iso.slice(0, 10) === day),
  );
  // A caption that dated a section of its own (`URINE  Collected: 02/03/2026 11:30`) timed that section's sample, not
  // the others taken that day.
  if (!captioned || readings.some((reading) => reading.measuredAt === collection)) return;
  for (const reading of readings) if (reading.measuredAt === day) reading.measuredAt = collection;
}

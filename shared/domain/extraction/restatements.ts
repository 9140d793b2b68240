/**
 * A value said again in prose after the table that stated it: a chatbot's "key takeaways" (`A fasting glucose of 101
 * falls in the prediabetes band`), a discharge summary repeating a lab in its assessment. The repeat carries no unit,
 * range or flag of its own; the row above it did. It is the same measured result, so it is not a second reading.
 * A bare value stated first and completed later is kept: the document order is the evidence of which is the repeat.
 */
import type { ExtractedReading } from './types';

function key(reading: ExtractedReading): string {
  const name = reading.indicator.toLowerCase().replace(/\s+/g, ' ').trim();
  return `${name}\u0000${reading.value}\u0000${reading.measuredAt ?? ''}`;
}

function isBare(reading: ExtractedReading): boolean {
  return reading.unit === null && reading.referenceRange === null && reading.flag === null;
}

/** The readings without bare repeats of an earlier, fuller reading of the same name, value and date (linear). */
export function withoutRestatements(readings: readonly ExtractedReading[]): ExtractedReading[] {
  const stated = new Set<string>();
  const kept: ExtractedReading[] = [];
  for (const reading of readings) {
    const k = key(reading);
    if (isBare(reading) && stated.has(k)) continue;
    if (!isBare(reading)) stated.add(k);
    kept.push(reading);
  }
  return kept;
}

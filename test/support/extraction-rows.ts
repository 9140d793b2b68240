import { extractReadingsOffline } from '../../shared/domain/extraction/index';
import type { ExtractedReading } from '../../shared/domain/extraction/types';

/** What the offline extractor reads from a report text, without the date (covered in dates.test.ts). */
export function rows(text: string): Omit<ExtractedReading, 'measuredAt'>[] {
  return extractReadingsOffline(text).map(({ measuredAt: _ignored, ...rest }) => rest);
}

/** One expected row, fields in the order a report prints them. */
export function row(
  indicator: string,
  value: string,
  unit: string | null = null,
  referenceRange: string | null = null,
  flag: string | null = null,
) {
  return { indicator, value, unit, referenceRange, flag };
}

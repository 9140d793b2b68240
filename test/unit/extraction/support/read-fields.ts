import { extractReadingsOffline } from '../../../../shared/domain/extraction/index';
import type { ExtractedReading } from '../../../../shared/domain/extraction/types';

/** The fields an evaluation row compares, so a test states a reading as a report prints it. */
export const fields = (r: ExtractedReading) => ({
  indicator: r.indicator,
  value: r.value,
  unit: r.unit,
  referenceRange: r.referenceRange,
  flag: r.flag,
  measuredAt: r.measuredAt,
});

/** Reads a document offline into those fields. */
export const read = (text: string) => extractReadingsOffline(text).map(fields);

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

type Field = keyof ReturnType<typeof fields>;

/** Reads a document into one tuple per reading holding the named fields in order, so a test compares what it is about. */
export const readAs = (text: string, ...names: Field[]) => read(text).map((r) => names.map((name) => r[name]));

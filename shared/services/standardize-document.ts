import { standardizeReading } from '#standardization';
import { nowMs } from '../clock';
import type { ExtractedReading } from '../domain/extraction/types';
import type { StoredRetention } from '../domain/retention';
import type { RetrievedResolutions } from '../domain/standardization/standardize';
import type { ReadingInput } from '../domain/standardization/types';
import { parseTimestamp } from '../domain/timestamps';
import type { Tenancy } from '../http/tenancy';
import type { Services } from './container';
import { type DocumentContent, readingsOfDocument } from './document-readings';
import { writeReadings } from './record-writer';

/** Said when a text holds no readings (spec; the public product's wording). */
export const NO_READINGS_NOTE =
  'no quantifiable readings found in the text; for subjective/journal entries, send a single-turn POST /v1/responses with store:true instead';

export interface StandardizeOptions {
  subjectKey: string;
  store: boolean;
  retention: StoredRetention | null;
  sessionId: string | null;
  /** Ends a model extraction that would outlast the request (a 504 then). */
  signal?: AbortSignal;
}

/** One row of the response (spec: Extraction row), plus the reference fields the document carried. */
export interface ExtractionRow {
  indicator_raw: string;
  value_raw: string;
  unit_raw: string | null;
  canonical_name: string | null;
  loinc_code: string | null;
  parsed_value: string | null;
  unit_ucum: string | null;
  confidence: number;
  measured_at: string | null;
  reference_range: string | null;
  reference_low: number | null;
  reference_high: number | null;
  flag: string | null;
  abnormal: boolean | null;
}

/**
 * Standardize's whole pipeline after text extraction: read the readings out of the document (its tables by
 * layout, else its text through the model or offline extractor, exactly as an upload's), standardize each with the
 * same engine as `/v1/data`, and with `store` ingest them through the same write path (`source: extract`). All rows
 * are stored or none.
 */
export async function standardizeDocument(
  services: Services,
  tenancy: Tenancy,
  document: DocumentContent,
  options: StandardizeOptions,
): Promise<{ rows: ExtractionRow[]; storedCount: number }> {
  const readings = await readingsOfDocument(services, document, { signal: options.signal });
  // Names the corpus does not know, through the provider's embeddings when one is configured; never fails the call.
  const retrieved = readings.length
    ? await services.model.nameRetrieval?.retrieve(readings.map(inputOf), services.blobs)
    : undefined;
  const rows = readings.flatMap((r) => toRows(r, retrieved));
  let storedCount = 0;
  if (options.store && readings.length > 0) {
    const writtenAt = new Date(nowMs()).toISOString();
    const { records } = await writeReadings(
      services,
      tenancy,
      readings.map((r) => ({
        input: inputOf(r),
        time: measuredAt(r) ?? writtenAt,
        endTime: null,
        comment: '',
      })),
      {
        subjectKey: options.subjectKey,
        source: 'extract',
        retention: options.retention ?? 'permanent',
        sessionId: options.sessionId,
        retrieved,
      },
    );
    storedCount = records.length;
  }
  return { rows, storedCount };
}

function inputOf(reading: ExtractedReading): ReadingInput {
  const { indicator, value, unit, referenceRange, flag } = reading;
  return { indicator, value, unit, referenceRange, flag };
}

function toRows(reading: ExtractedReading, retrieved: RetrievedResolutions | undefined): ExtractionRow[] {
  return standardizeReading(inputOf(reading), retrieved).map((s) => ({
    indicator_raw: reading.indicator,
    value_raw: reading.value,
    unit_raw: reading.unit,
    canonical_name: s.canonicalName,
    loinc_code: s.loincCode,
    parsed_value: s.parsedValue,
    unit_ucum: s.parsedUnit,
    confidence: s.confidence,
    measured_at: measuredAt(reading) ?? reading.measuredAt,
    reference_range: reading.referenceRange,
    reference_low: s.referenceLow,
    reference_high: s.referenceHigh,
    flag: reading.flag,
    abnormal: s.abnormal,
  }));
}

function measuredAt(reading: ExtractedReading): string | null {
  return reading.measuredAt ? parseTimestamp(reading.measuredAt) : null;
}

import type { StoredRetention } from './retention';

/** The write channel a row came through (spec: Health record `source`). */
export type RecordSource = 'api' | 'extract' | 'upload' | 'consolidation';

/** A reading as HDS keeps it: what the caller wrote, what standardization made of it, and its FHIR mirror. */
export interface HealthRecord {
  id: number;
  subjectId: string;
  indicator: string;
  value: string;
  parsedValue: string | null;
  parsedUnit: string | null;
  loincCode: string | null;
  canonicalName: string | null;
  fhirResourceId: string;
  /** ISO 8601, UTC. */
  time: string;
  endTime: string | null;
  source: RecordSource;
  comment: string;
  referenceLow: number | null;
  referenceHigh: number | null;
  referenceText: string | null;
  abnormal: boolean | null;
  sessionId: string | null;
  fileKey: string | null;
  retention: StoredRetention;
  /** Epoch seconds; null when only an explicit delete removes it. */
  expiresAt: number | null;
  createdAt: string;
  /** The FHIR R4 Observation mirroring this row. */
  fhir: Record<string, unknown>;
}

/**
 * A reading as the time index carries it: enough to group, count, chart and flag it without reading the row itself
 * (whose FHIR mirror makes it the bulk of the item). The index keeps the indicator only lower-cased.
 */
export interface IndexedReading {
  id: number;
  /** ISO 8601 UTC instant, as the row stores it. */
  time: string;
  loincCode: string | null;
  /** The indicator as written, lower-cased. */
  indicatorLower: string;
  parsedValue: string | null;
  abnormal: boolean | null;
  referenceLow: number | null;
  referenceHigh: number | null;
}

/**
 * Abnormal as the agent's tools read it: flagged abnormal by its source, or a numeric value outside the
 * reference range it carries (a row flagged normal but out of range counts, as the range is the evidence).
 */
export function isAbnormal(
  r: Pick<HealthRecord, 'abnormal' | 'parsedValue' | 'referenceLow' | 'referenceHigh'>,
): boolean {
  if (r.abnormal === true) return true;
  if (r.parsedValue === null || r.parsedValue === undefined) return false;
  const v = Number(r.parsedValue);
  if (!Number.isFinite(v)) return false;
  return (r.referenceLow != null && v < r.referenceLow) || (r.referenceHigh != null && v > r.referenceHigh);
}

/** Wire shape of a row on `GET /v1/data` (spec: Health record). */
export function toWire(r: HealthRecord) {
  return {
    id: r.id,
    indicator: r.indicator,
    value: r.value,
    parsed_value: r.parsedValue,
    parsed_unit: r.parsedUnit,
    loinc_code: r.loincCode,
    canonical_name: r.canonicalName,
    fhir_resource_id: r.fhirResourceId,
    time: r.time,
    end_time: r.endTime,
    source: r.source,
    comment: r.comment,
    reference_low: r.referenceLow,
    reference_high: r.referenceHigh,
    reference_text: r.referenceText,
    abnormal: r.abnormal,
    retention: r.retention,
    session_id: r.sessionId,
    expires_at: r.expiresAt == null ? null : new Date(r.expiresAt * 1000).toISOString(),
  };
}

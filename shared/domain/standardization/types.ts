/**
 * The contract between the write paths (/v1/data, standardize, uploads, consolidation) and the
 * standardization engine. Pure: no I/O, deterministic, the same input always gives the same output.
 */

/** One reading as a caller or an extractor handed it over. */
export interface ReadingInput {
  indicator: string;
  /** Exactly as written: `5.4`, `"5,4"`, `"<0.1"`, `"120/80"`, `"positive"`, `"7h 30m"`. */
  value: string | number;
  unit?: string | null;
  /** Reference range text when the source carried one, e.g. `"70-99"`, `"< 200"`. */
  referenceRange?: string | null;
  /** Abnormality flag when the source carried one: H, L, HH, LL, A, *, N. */
  flag?: string | null;
}

export type ObservationCategory = 'laboratory' | 'vital-signs' | 'activity' | 'survey' | 'exam';

/** What standardization made of one reading. A single input may yield several (blood pressure 120/80). */
export interface StandardizedReading {
  /** Indicator name as written (a split reading keeps the caller's name). */
  indicator: string;
  /** Value exactly as written, as a string. */
  value: string;
  /** Numeric value after parsing, as a decimal string (`"5.4"`); null when not numeric. */
  parsedValue: string | null;
  /** `<`, `<=`, `>`, `>=` when the value carried one (`"<0.1"`). */
  comparator: '<' | '<=' | '>' | '>=' | null;
  /** Qualitative result (`positive`, `negative`, `trace`, …) when the value is not numeric. */
  qualitative: string | null;
  /** Canonical UCUM unit; null when missing, unknown or invalid. */
  parsedUnit: string | null;
  /** Deterministic LOINC code; null when no confident match (never guessed). */
  loincCode: string | null;
  /** LOINC display name of the code. */
  canonicalName: string | null;
  /** Similarity score of the LOINC match, 0 to 1 (0 when no code). */
  confidence: number;
  category: ObservationCategory;
  referenceLow: number | null;
  referenceHigh: number | null;
  referenceText: string | null;
  abnormal: boolean | null;
  /** FHIR interpretation code (H, L, HH, LL, A, N) when known. */
  interpretation: string | null;
}

/** Where and when a standardized reading lives, for its FHIR mirror. */
export interface ObservationContext {
  /** Id of the Observation resource (the row's `fhir_resource_id`). */
  id: string;
  /** Opaque Subject id; the Observation's subject reference is `Patient/<subjectId>`. */
  subjectId: string;
  /** ISO 8601 point or start time. */
  time: string;
  /** ISO 8601 end of an episode, or null for a point reading. */
  endTime: string | null;
  /** ISO 8601 time the row was written (`issued`). */
  issued: string;
}

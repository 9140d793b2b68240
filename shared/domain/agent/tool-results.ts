/**
 * The JSON results of the built-in data tools, as the model (and the offline engine) reads them. Field
 * names are snake_case like the rest of the wire API. Every list is bounded; `truncated` says when the
 * tool left rows out.
 */

/** One reading as a tool returns it. `value` is the human string as written; `parsed_value` the number, if any. */
export interface ToolReading {
  id: number;
  indicator: string;
  canonical_name: string | null;
  loinc_code: string | null;
  value: string;
  parsed_value: number | null;
  unit: string | null;
  /** ISO 8601 UTC. */
  time: string;
  end_time: string | null;
  reference_low: number | null;
  reference_high: number | null;
  reference_text: string | null;
  abnormal: boolean | null;
  source: string;
}

export interface QueryHealthDataArgs {
  /** Indicator name as a person would say it ("LDL", "blood sugar"); resolved to LOINC, else matched as text. */
  indicator?: string;
  loinc_code?: string;
  /** ISO date or timestamp, inclusive. */
  from?: string;
  /** ISO date or timestamp, inclusive (a date means the whole day). */
  to?: string;
  /** Only readings flagged abnormal (or outside their reference range). */
  abnormal_only?: boolean;
  /** 1..200, default 50; newest first. */
  limit?: number;
}

export interface QueryHealthDataResult {
  /** What the filter was resolved to: the LOINC code and name, when the indicator resolved. */
  resolved: { indicator: string | null; loinc_code: string | null; canonical_name: string | null };
  records: ToolReading[];
  /** Matching readings in the window, including those left out by `limit`. */
  total_matched: number;
  truncated: boolean;
}

export interface SummarizeHealthDataArgs {
  indicator?: string;
  loinc_code?: string;
  from?: string;
  to?: string;
}

export interface SeriesPoint {
  time: string;
  value: number;
}

export type TrendDirection = 'rising' | 'falling' | 'stable' | 'insufficient_data';

/** Readings of a test that could not join its series' figures, counted by why. */
export interface LeftOutReadings {
  /** `no_unit`: a number without a unit; `other_unit`: a unit that does not convert; `not_numeric`: `positive`, `<5`. */
  reason: 'no_unit' | 'other_unit' | 'not_numeric';
  unit: string | null;
  count: number;
}

/**
 * One test over a window. Every figure (count, latest, earliest, min, max, mean, trend, points) is computed from
 * one set of readings: those in `unit`, plus those converted into it (`converted_count`); the rest are counted
 * in `left_out`. A series whose readings are all non-numeric (`negative`, `trace`) keeps them all and has no
 * numeric figures.
 */
export interface SeriesSummary {
  /** Canonical (LOINC) name when coded, else the indicator as written. */
  name: string;
  /** The name people use for the test (`Vitamin D 25-OH` for Calcidiol), for titles. */
  common_name: string;
  loinc_code: string | null;
  unit: string | null;
  /** Readings the figures are computed from. */
  count: number;
  /** Of those, readings with a numeric value (all of them, unless the series is qualitative). */
  numeric_count: number;
  /** Of those, readings converted into `unit` from another unit. */
  converted_count: number;
  left_out: LeftOutReadings[];
  latest: {
    value: string;
    parsed_value: number | null;
    time: string;
    abnormal: boolean | null;
    /** As written, when `value` is a conversion into the series' unit. */
    converted_from?: { value: string; unit: string | null };
  };
  earliest: { value: string; parsed_value: number | null; time: string };
  min: SeriesPoint | null;
  max: SeriesPoint | null;
  mean: number | null;
  trend: {
    direction: TrendDirection;
    /** latest − earliest value. */
    change: number | null;
    change_percent: number | null;
  };
  abnormal_count: number;
  /** The newest reference range of the set, in `unit`. */
  reference: { low: number | null; high: number | null; text: string | null };
  /** Numeric points, oldest first, thinned to at most 60 keeping the first, last, lowest and highest. */
  points: SeriesPoint[];
}

export interface SummarizeHealthDataResult {
  window: { from: string | null; to: string | null };
  series: SeriesSummary[];
  /** Series left out because the result is bounded. */
  truncated: boolean;
}

export interface ClinicalRecordFile {
  file_key: string;
  filename: string;
  file_type: string;
  status: string;
  created_at: number;
  abstract: string;
  /** The beginning of the parsed text. */
  excerpt: string;
  readings: number;
}

export interface ListClinicalRecordsResult {
  files: ClinicalRecordFile[];
  truncated: boolean;
}

export interface FamilyMember {
  id: string;
  name: string;
  relationship: string;
  /** The member's own Subject under the same account, when they have one (`user` value). */
  user: string | null;
  /** Whether that Subject holds any readings now (false without one): never the readings themselves. */
  has_records: boolean;
  notes: string;
}

export interface ListFamilyMembersResult {
  members: FamilyMember[];
}

export interface WriteFhirObservationArgs {
  indicator: string;
  value: string | number;
  unit?: string;
  time?: string;
  reference_range?: string;
}

export interface WriteFhirObservationResult {
  written: ToolReading[];
  fhir_resource_ids: string[];
}

/** The data tools' names (the tool catalogue, `tool-catalogue.ts`, holds every server tool). */
export type BuiltinToolName =
  | 'query_health_data'
  | 'summarize_health_data'
  | 'list_clinical_records'
  | 'list_family_members'
  | 'write_fhir_observation';

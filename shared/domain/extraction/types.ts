/**
 * The contract of reading extraction: free text (a lab report, a note, OCR output, a spreadsheet
 * rendered as text) in, the readings it states out, exactly as written. Standardization (LOINC, UCUM,
 * values, ranges) happens afterwards, in the same engine as every other write.
 */

/** One reading found in a document, with every field as the document wrote it. */
export interface ExtractedReading {
  /** The test or measurement name as written, trimmed (`"Glucose, fasting"`, `"HbA1c"`, `"BP"`). */
  indicator: string;
  /** The result as written (`"5.4"`, `"5,4"`, `"<0.1"`, `"120/80"`, `"positive"`). */
  value: string;
  /** The unit as written, or null when the document gave none. */
  unit: string | null;
  /** The reference range as written (`"70-99"`, `"< 200"`), or null. */
  referenceRange: string | null;
  /** The abnormality flag as written (`H`, `L`, `HH`, `*`, `high`), or null. */
  flag: string | null;
  /** When the reading was taken, as an ISO 8601 date or date-time, or null when the document does not say. */
  measuredAt: string | null;
}

export interface ExtractionOptions {
  /** A date to assume when the document states one for the whole report (collection date), ISO 8601. */
  defaultDate?: string | null;
  /** Aborts a model extraction still running (the request's time is up); an offline extractor needs none. */
  signal?: AbortSignal;
}

/** Extracts readings from text; yields nothing for purely narrative text. */
export interface ReadingExtractor {
  extract(text: string, options?: ExtractionOptions): Promise<ExtractedReading[]>;
}

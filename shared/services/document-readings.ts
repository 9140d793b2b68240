import type { DocumentText } from '../domain/documents/types';
import type { ExtractedReading } from '../domain/extraction/types';
import { readingsFromTable } from '../domain/spreadsheets';
import type { Services } from './container';

/** What a document's readings are read from: its text, and the tables of a spreadsheet or CSV. */
export type DocumentContent = Pick<DocumentText, 'text' | 'tables'>;

/**
 * A document's readings, the same for an upload and for `/v1/standardize`: spreadsheets, CSV and OCR'd tables by
 * their layout (a wide sheet's columns are tests, its rows dates); everything else through the reading extractor.
 */
export async function readingsOfDocument(
  services: Services,
  document: DocumentContent,
  options: { signal?: AbortSignal } = {},
): Promise<ExtractedReading[]> {
  const fromTables = document.tables.flatMap((t) => readingsFromTable(t));
  if (fromTables.length > 0) return fromTables;
  if (!document.text.trim()) return [];
  return services.model.readingExtractor.extract(document.text, options);
}

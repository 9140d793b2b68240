import { Readable } from 'node:stream';
import type { DocumentInfo } from '../../../shared/domain/documents/types';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';

/** A body as a stream of small chunks, so peeks and parsers cross chunk boundaries as they do on S3 streams. */
export function bodyOf(bytes: Buffer, chunkSize = 1000): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  return Readable.from(chunks);
}

export function infoOf(filename: string, contentType: string, bytes: Buffer): DocumentInfo {
  return { filename, contentType, bytes: bytes.length };
}

/** `name value unit range flag` per reading the offline extractor finds, for compact assertions. */
export function readingsIn(text: string): string[] {
  return extractReadingsOffline(text).map((r) =>
    [r.indicator, r.value, r.unit, r.referenceRange, r.flag].map((part) => part ?? '-').join(' '),
  );
}

/** The panel as `readingsIn` renders it. */
export const PANEL_READINGS = [
  'Glucose 104 mg/dL 70-99 H',
  'Creatinine 0.9 mg/dL 0.6-1.2 -',
  'Hemoglobin 13.8 g/dL 12.0-15.5 -',
  'LDL Cholesterol 131 mg/dL <100 H',
];

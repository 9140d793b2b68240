import type { DocumentInfo, DocumentKind } from '../../domain/documents/types';
import { type FileSignature, sniffSignature } from './signatures';

/** What HDS reads, for the 415 message and the API docs. */
export const SUPPORTED_FILE_TYPES: readonly string[] = [
  'PDF (.pdf)',
  'PNG (.png)',
  'JPEG (.jpg, .jpeg)',
  'TIFF (.tif, .tiff)',
  'Excel workbook (.xlsx)',
  'CSV/TSV (.csv, .tsv)',
  'plain text (.txt)',
  'Apple Health export (export.zip, export.xml)',
];

const EXTENSION_KINDS: Record<string, DocumentKind> = {
  pdf: 'pdf',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  jpe: 'image',
  tif: 'image',
  tiff: 'image',
  xlsx: 'spreadsheet',
  xlsm: 'spreadsheet',
  csv: 'csv',
  tsv: 'csv',
  tab: 'csv',
  txt: 'text',
  text: 'text',
  md: 'text',
  log: 'text',
};

const MIME_KINDS: Record<string, DocumentKind> = {
  'application/pdf': 'pdf',
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/jpg': 'image',
  'image/pjpeg': 'image',
  'image/tiff': 'image',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'spreadsheet',
  'application/vnd.ms-excel.sheet.macroenabled.12': 'spreadsheet',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'text/comma-separated-values': 'csv',
  'text/tab-separated-values': 'csv',
  'text/plain': 'text',
  'text/markdown': 'text',
};

/** ZIP-based formats that are not workbooks: a ZIP claiming one of these is refused rather than parsed as XLSX. */
const OTHER_ZIP_FORMATS = new Set(['docx', 'docm', 'pptx', 'odt', 'ods', 'odp', 'zip', 'epub', 'jar', 'apk', 'pages']);

const SIGNATURE_KINDS: Partial<Record<FileSignature, DocumentKind>> = {
  pdf: 'pdf',
  png: 'image',
  jpeg: 'image',
  tiff: 'image',
};

/** Where Health.app puts everything it exports; the zip's first entry is this folder or a file in it. */
const APPLE_HEALTH_FOLDER = 'apple_health_export/';

/** The name of a ZIP's first local file header (offset 30, length at 26), when the head holds it. */
function firstZipEntryName(head: Buffer): string | null {
  if (head.length < 30 || head.readUInt32LE(0) !== 0x04034b50) return null;
  const length = head.readUInt16LE(26);
  if (head.length < 30 + length) return null;
  return head.toString('utf8', 30, 30 + length);
}

/**
 * An Apple Health export: a ZIP whose first entry lies in `apple_health_export/` or that is named `export.zip` (the
 * entry order of a phone's archive is unverified; the import fails a zip without `export.xml` with a clear reason),
 * or XML whose head names the `HealthData` root (the export's DTD or the element itself).
 */
function isAppleHealth(head: Buffer, signature: FileSignature | null, filename: string): boolean {
  if (signature === 'zip') {
    return (
      (firstZipEntryName(head)?.startsWith(APPLE_HEALTH_FOLDER) ?? false) ||
      filename.toLowerCase().replace(/^.*[\\/]/, '') === 'export.zip'
    );
  }
  if (signature !== null) return false;
  const text = head.toString('utf8');
  return text.includes('<!DOCTYPE HealthData') || text.includes('<HealthData');
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

function mimeOf(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** The kind the client claims through the file name, then the MIME type. */
function claimedKind(info: Pick<DocumentInfo, 'filename' | 'contentType'>): DocumentKind | null {
  return EXTENSION_KINDS[extensionOf(info.filename)] ?? MIME_KINDS[mimeOf(info.contentType)] ?? null;
}

/** First complete lines of a text head share a delimiter, as rows of a table do. */
function looksDelimited(head: Buffer): boolean {
  const lines = head
    .toString('utf8')
    .split(/\r?\n/)
    .slice(0, -1)
    .filter((line) => line.trim() !== '')
    .slice(0, 5);
  if (lines.length < 2) return false;
  return ['\t', ';', ','].some((delimiter) => {
    const counts = lines.map((line) => line.split(delimiter).length - 1);
    return (counts[0] ?? 0) > 0 && counts.every((count) => count === counts[0]);
  });
}

/**
 * Which reader a file needs, from its bytes first, then its name, then its MIME type, because clients send wrong
 * MIME types (`application/octet-stream`, `image/jpeg` for a PDF, `application/vnd.ms-excel` for a CSV):
 * - an Apple Health export (a ZIP of `apple_health_export/`, or `export.zip`; XML with a `HealthData` root) is
 *   `apple-health`;
 * - a signature (`%PDF`, PNG, JPEG, TIFF) decides alone;
 * - a ZIP is an XLSX workbook unless its name or type says it is another ZIP format (DOCX, ODS, a plain .zip);
 * - legacy XLS, HEIC/HEIF, GIF, WebP, BMP and other binary content (NUL bytes) are not read: null;
 * - text is CSV when named or typed so, or when its first lines share a delimiter, plain text otherwise.
 * `head` is the first bytes of the file: 16 suffice for signatures, up to `SIGNATURE_BYTES` improve the text sniff.
 */
export function detectDocumentKind(
  head: Buffer,
  info: Pick<DocumentInfo, 'filename' | 'contentType'>,
): DocumentKind | null {
  const signature = sniffSignature(head);
  if (isAppleHealth(head, signature, info.filename)) return 'apple-health';
  const claimed = claimedKind(info);
  if (signature !== null) {
    const kind = SIGNATURE_KINDS[signature];
    if (kind) return kind;
    if (signature !== 'zip') return null;
    if (OTHER_ZIP_FORMATS.has(extensionOf(info.filename))) return null;
    if (mimeOf(info.contentType) === 'application/zip' && claimed !== 'spreadsheet') return null;
    return 'spreadsheet';
  }
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16 && head.includes(0)) return null;
  if (claimed === 'csv' || claimed === 'text') return claimed;
  return looksDelimited(head) ? 'csv' : 'text';
}

const KIND_MIME: Record<Exclude<DocumentKind, 'image'>, string> = {
  pdf: 'application/pdf',
  spreadsheet: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  text: 'text/plain',
  'apple-health': 'application/zip',
};
const IMAGE_MIME: Record<string, string> = { png: 'image/png', jpeg: 'image/jpeg', tiff: 'image/tiff' };

/**
 * The file's real media type, from its bytes (and, for text, the delimiters it holds), whatever the client claimed:
 * a CSV or workbook sent by curl arrives as `application/octet-stream`. `null` for a file no reader takes.
 */
export function fileMediaType(head: Buffer, info: Pick<DocumentInfo, 'filename' | 'contentType'>): string | null {
  const kind = detectDocumentKind(head, info);
  if (kind === null) return null;
  if (kind === 'image') return IMAGE_MIME[sniffSignature(head) ?? ''] ?? mimeOf(info.contentType) ?? null;
  if (kind === 'csv' && extensionOf(info.filename) === 'tsv') return 'text/tab-separated-values';
  if (kind === 'apple-health' && sniffSignature(head) !== 'zip') return 'application/xml';
  return KIND_MIME[kind];
}

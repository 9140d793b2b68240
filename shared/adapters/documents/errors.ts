/**
 * Why a document could not be read. Each carries the HTTP status and error code the edge should answer with, so a
 * handler (or the upload worker marking a file failed) maps them without knowing the readers. They are permanent
 * failures: retrying the same bytes gives the same answer.
 */

export abstract class DocumentError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The bytes are none of the formats HDS reads (or a format it recognises but cannot decode, such as HEIC or XLS). */
export class UnsupportedDocumentError extends DocumentError {
  readonly status = 415;
  readonly code = 'unsupported_file_type';
}

/** The file is larger than the reader accepts (formats that must be held whole in memory: PDF, images, XLSX). */
export class DocumentTooLargeError extends DocumentError {
  readonly status = 413;
  readonly code = 'file_too_large';
}

/** The bytes claim a supported format but do not parse as one (a truncated PDF, a corrupt XLSX). */
export class UnreadableDocumentError extends DocumentError {
  readonly status = 422;
  readonly code = 'unreadable_file';
}

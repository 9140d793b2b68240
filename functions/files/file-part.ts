import { fileMediaType, SUPPORTED_FILE_TYPES } from '../../shared/adapters/documents/document-kind';
import { SIGNATURE_BYTES } from '../../shared/adapters/documents/signatures';
import { MAX_FILE_BYTES } from '../../shared/domain/files';
import { BadRequestError, UnsupportedMediaTypeError } from '../../shared/errors';
import { isMultipart, parseMultipart, type UploadedFile } from '../../shared/http/multipart';
import type { HttpRequest } from '../../shared/http/request';

/**
 * The multipart form of an upload (`POST /v1/files`, the engine's `upload-with-processing`): its text fields, and its
 * `file` part, which must be there and hold bytes.
 */
export async function filePartOf(req: HttpRequest): Promise<{ fields: Record<string, string>; file: UploadedFile }> {
  if (!isMultipart(req)) {
    throw new BadRequestError('Send the file as multipart/form-data in a field named file', 'invalid_file', 'file');
  }
  const { fields, files } = await parseMultipart(req, MAX_FILE_BYTES);
  const file = files.find((f) => f.field === 'file');
  if (!file) throw new BadRequestError('file is required', 'invalid_file', 'file');
  if (file.data.length === 0) throw new BadRequestError('file is empty', 'invalid_file', 'file');
  return { fields, file };
}

/** What the file's bytes are (its name and claimed type only break ties); a type HDS cannot read is refused. */
export function readableMediaType(file: UploadedFile): string {
  const mediaType = fileMediaType(file.data.subarray(0, SIGNATURE_BYTES), {
    filename: file.filename,
    contentType: file.contentType,
  });
  if (!mediaType) {
    throw new UnsupportedMediaTypeError(`This file type cannot be read; supported: ${SUPPORTED_FILE_TYPES.join(', ')}`);
  }
  return mediaType;
}

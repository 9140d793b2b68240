import { fileMediaType, SUPPORTED_FILE_TYPES } from '../../shared/adapters/documents/document-kind';
import { SIGNATURE_BYTES } from '../../shared/adapters/documents/signatures';
import { bucket } from '../../shared/composition/bucket';
import { queues } from '../../shared/composition/queues';
import { MAX_FILE_BYTES, toUploadResponse } from '../../shared/domain/files';
import { BadRequestError, UnsupportedMediaTypeError } from '../../shared/errors';
import { parseDocumented } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { isMultipart, parseMultipart } from '../../shared/http/multipart';
import { retentionParams } from '../../shared/http/retention-params';
import { normalizeSubjectKey } from '../../shared/http/tenancy';
import { storeUpload } from '../../shared/services/file-service';
import { httpRoute } from '../routes';
import { CreateFileFieldsSchema } from './create-file.schema';

/**
 * POST /v1/files (multipart: `file`, `user`, `retention` default `permanent`, `session_id`): stores the
 * file under the Subject and queues its extraction; readings appear with `source: upload`.
 */
/** `allow_duplicate=true` stores a file again although the Subject holds one with the same bytes. */
function allowDuplicate(fields: Record<string, string>): boolean {
  const value = fields.allow_duplicate;
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new BadRequestError('allow_duplicate must be true or false', 'invalid_value', 'allow_duplicate');
}

export const handler = apiKeyRoute(httpRoute('create-file'), { bucket, queues }, async ({ req, services, tenancy }) => {
  if (!isMultipart(req)) {
    throw new BadRequestError('Send the file as multipart/form-data in a field named file', 'invalid_file', 'file');
  }
  const { fields, files } = await parseMultipart(req, MAX_FILE_BYTES);
  const file = files.find((f) => f.field === 'file');
  if (!file) throw new BadRequestError('file is required', 'invalid_file', 'file');
  if (file.data.length === 0) throw new BadRequestError('file is empty', 'invalid_file', 'file');
  const { subjectKey, retention, sessionId, duplicates } = parseDocumented(CreateFileFieldsSchema, fields, () => ({
    subjectKey: normalizeSubjectKey(fields.user),
    ...retentionParams(fields, { required: false, fallback: 'permanent' }),
    duplicates: allowDuplicate(fields),
  }));
  const mediaType = fileMediaType(file.data.subarray(0, SIGNATURE_BYTES), {
    filename: file.filename,
    contentType: file.contentType,
  });
  if (!mediaType) {
    throw new UnsupportedMediaTypeError(`This file type cannot be read; supported: ${SUPPORTED_FILE_TYPES.join(', ')}`);
  }
  const subject = await tenancy.findOrCreate(subjectKey);
  const stored = await storeUpload(
    services,
    subject,
    { filename: file.filename, contentType: mediaType, retention, sessionId, allowDuplicate: duplicates },
    file.data,
    file.data.length,
  );
  return { body: toUploadResponse(stored, subjectKey) };
});

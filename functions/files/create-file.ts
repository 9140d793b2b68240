import { bucket } from '../../shared/composition/bucket';
import { queues } from '../../shared/composition/queues';
import { toUploadResponse } from '../../shared/domain/files';
import { BadRequestError } from '../../shared/errors';
import { parseDocumented } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { retentionParams } from '../../shared/http/retention-params';
import { normalizeSubjectKey } from '../../shared/http/tenancy';
import { storeUpload } from '../../shared/services/file-service';
import { httpRoute } from '../routes';
import { CreateFileFieldsSchema } from './create-file.schema';
import { filePartOf, readableMediaType } from './file-part';

/** `allow_duplicate=true` stores a file again although the Subject holds one with the same bytes. */
function allowDuplicate(fields: Record<string, string>): boolean {
  const value = fields.allow_duplicate;
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new BadRequestError('allow_duplicate must be true or false', 'invalid_value', 'allow_duplicate');
}

/**
 * POST /v1/files (multipart: `file`, `user`, `retention` default `permanent`, `session_id`): stores the
 * file under the Subject and queues its extraction; readings appear with `source: upload`.
 */
export const handler = apiKeyRoute(
  httpRoute('create-file'),
  { bucket, queues },
  async ({ req, services, tenancy }) => {
    const { fields, file } = await filePartOf(req);
    const { subjectKey, retention, sessionId, duplicates } = parseDocumented(CreateFileFieldsSchema, fields, () => ({
      subjectKey: normalizeSubjectKey(fields.user),
      ...retentionParams(fields, { required: false, fallback: 'permanent' }),
      duplicates: allowDuplicate(fields),
    }));
    const mediaType = readableMediaType(file);
    const subject = await tenancy.findOrCreate(subjectKey);
    const stored = await storeUpload(
      services,
      subject,
      { filename: file.filename, contentType: mediaType, retention, sessionId, allowDuplicate: duplicates },
      file.data,
      file.data.length,
    );
    return { body: toUploadResponse(stored, subjectKey) };
  },
  { idempotent: {} },
);

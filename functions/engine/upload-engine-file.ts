import { bucket } from '../../shared/composition/bucket';
import { queues } from '../../shared/composition/queues';
import { toUploadResponse } from '../../shared/domain/files';
import { parseDocumented } from '../../shared/http/documented';
import { userRoute } from '../../shared/http/handler';
import { retentionParams } from '../../shared/http/retention-params';
import { ownSubjectKey } from '../../shared/http/tenancy';
import { storeUpload } from '../../shared/services/file-service';
import { filePartOf, readableMediaType } from '../files/file-part';
import { httpRoute } from '../routes';
import { UploadEngineFileFieldsSchema } from './upload-engine-file.schema';

/**
 * POST /api/v1/data/upload-with-processing (multipart `file`, `retention` default `permanent`, `session_id`): the
 * `POST /v1/files` path on the user's own data: stored, its extraction queued; answers `processing`.
 */
export const handler = userRoute(
  httpRoute('upload-engine-file'),
  { bucket, queues },
  async ({ req, services, tenancy }) => {
    const { fields, file } = await filePartOf(req);
    const { subjectKey, retention, sessionId } = parseDocumented(UploadEngineFileFieldsSchema, fields, () => ({
      subjectKey: ownSubjectKey(fields.user),
      ...retentionParams(fields, { required: false, fallback: 'permanent' }),
    }));
    const contentType = readableMediaType(file);
    const subject = await tenancy.findOrCreate(subjectKey);
    const stored = await storeUpload(
      services,
      subject,
      { filename: file.filename, contentType, retention, sessionId, allowDuplicate: false },
      file.data,
      file.data.length,
    );
    const { object: _object, id, subject: _subject, ...uploaded } = toUploadResponse(stored, subjectKey);
    return { body: { file_key: id, ...uploaded } };
  },
);

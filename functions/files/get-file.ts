import { nowMs } from '../../shared/clock';
import { bucket } from '../../shared/composition/bucket';
import { NotFoundError } from '../../shared/errors';
import { subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { fileText } from '../../shared/services/file-service';
import { httpRoute } from '../routes';
import { FilePathSchema } from './files.schema';

/** GET /v1/files/{file_key+}: a file's parsed text (what the agent reads) and abstract. */
export const handler = apiKeyRoute(httpRoute('get-file'), { bucket }, async ({ req, services, tenancy }) => {
  const subjectKey = subjectOfQuery(req);
  const fileKey = parseWith(FilePathSchema, req.pathParams).file_key;
  const subject = await tenancy.find(subjectKey);
  const file = subject ? await services.files.get(subject.subjectId, fileKey, nowMs()) : null;
  if (!file) throw new NotFoundError(`No file '${fileKey}' for this Subject`, 'file_key');
  return {
    body: {
      object: 'file',
      id: file.fileKey,
      file_key: file.fileKey,
      filename: file.filename,
      file_type: file.contentType,
      bytes: file.bytes,
      created_at: file.createdAt,
      status: file.status,
      ...(file.failureReason ? { failure_reason: file.failureReason } : {}),
      ...(file.status === 'processing' && file.processingNote ? { processing_note: file.processingNote } : {}),
      extracted_text: await fileText(services, file),
      abstract: file.abstract,
      records: file.recordCount,
      subject: subjectKey,
    },
  };
});

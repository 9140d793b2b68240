import { nowMs } from '../../shared/clock';
import { queues } from '../../shared/composition/queues';
import { NotFoundError } from '../../shared/errors';
import { subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { FilePathSchema } from './files.schema';

/**
 * DELETE /v1/files/{file_key+}: gone from every read at once; its bytes and text are purged by a worker.
 * Readings already extracted from it stay until deleted through /v1/data.
 */
export const handler = apiKeyRoute(httpRoute('delete-file'), { queues }, async ({ req, services, tenancy }) => {
  const subjectKey = subjectOfQuery(req);
  const fileKey = parseWith(FilePathSchema, req.pathParams).file_key;
  const subject = await tenancy.find(subjectKey);
  if (!subject || !(await services.files.markDeleted(subject.subjectId, fileKey, nowMs()))) {
    throw new NotFoundError(`No file '${fileKey}' for this Subject`, 'file_key');
  }
  await services.queue.send('purge', { type: 'purge-file', subjectId: subject.subjectId, fileKey });
  return { body: { object: 'file', id: fileKey, deleted: true, subject: subjectKey } };
});

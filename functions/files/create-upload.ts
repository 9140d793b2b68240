import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { nowMs } from '../../shared/clock';
import { bucket } from '../../shared/composition/bucket';
import { zipItHint } from '../../shared/domain/apple-health/summary';
import { MAX_FILE_BYTES, newFileKey } from '../../shared/domain/files';
import { incomingKey, uploadOwner } from '../../shared/domain/upload-owner';
import { PayloadTooLargeError } from '../../shared/errors';
import { parseDocumented } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { retentionParams } from '../../shared/http/retention-params';
import { subjectKeyOf } from '../../shared/http/tenancy';
import { parseWith, requireObject } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { CreateUploadSchema } from './create-upload.schema';

/** How long the presigned POST stays valid. */
const TICKET_SECONDS = 900;

/** The file fields, checked before `retention` as they always were. */
const UploadFileSchema = z.pick(CreateUploadSchema, { filename: true, content_type: true, bytes: true });

/**
 * POST /v1/files/uploads: for files too large for a request body on AWS (API Gateway 10 MB, Lambda 6 MB).
 * Returns a presigned S3 POST (URL and form fields) capped at the announced size; once the object is
 * in the bucket the finalize worker makes it the Subject's file `id`, extracted like any upload.
 */
export const handler = apiKeyRoute(httpRoute('create-upload'), { bucket }, async ({ req, json, services, tenancy }) => {
  const body = requireObject(json());
  const {
    subjectKey,
    filename,
    content_type: contentType = 'application/octet-stream',
    bytes,
    retention,
    sessionId,
  } = parseDocumented(CreateUploadSchema, body, () => {
    const subjectKey = subjectKeyOf(req, body);
    const file = parseWith(UploadFileSchema, body);
    if (file.bytes > MAX_FILE_BYTES)
      throw new PayloadTooLargeError(
        `bytes exceeds the ${MAX_FILE_BYTES}-byte file limit${zipItHint(file.filename)}`,
        'bytes',
      );
    return { subjectKey, ...file, ...retentionParams(body, { required: false, fallback: 'permanent' }) };
  });
  const uploadId = randomBytes(16).toString('hex');
  const now = nowMs();
  const expiresAt = Math.floor(now / 1000) + TICKET_SECONDS;
  const fileKey = newFileKey(filename, now);
  await services.tickets.put({
    uploadId,
    accountId: tenancy.accountId,
    subjectKey,
    fileKey,
    filename,
    contentType,
    bytes,
    retention,
    sessionId,
    expiresAt,
  });
  const presigned = await services.blobs.presignedPost(
    incomingKey(uploadOwner(tenancy.accountId, subjectKey), uploadId),
    {
      maxBytes: bytes,
      contentType,
      expiresSeconds: TICKET_SECONDS,
    },
  );
  return {
    body: {
      object: 'file.upload',
      upload_id: uploadId,
      id: fileKey,
      url: presigned.url,
      fields: presigned.fields,
      max_bytes: bytes,
      expires_at: expiresAt,
      subject: subjectKey,
    },
  };
});

import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import busboy from 'busboy';
import { manifest } from '../../functions/routes';
import { detectDocumentKind, SUPPORTED_FILE_TYPES } from '../../shared/adapters/documents/document-readers';
import { SIGNATURE_BYTES } from '../../shared/adapters/documents/signatures';
import { nowMs } from '../../shared/clock';
import { processServices as services } from '../../shared/composition/all-parts';
import { MAX_FILE_BYTES, newFileKey, toUploadResponse } from '../../shared/domain/files';
import { directStagingKey } from '../../shared/domain/upload-owner';
import {
  AppError,
  BadRequestError,
  PayloadTooLargeError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from '../../shared/errors';
import { enforceRateLimit, verifyApiKey } from '../../shared/http/middleware';
import { retentionParams } from '../../shared/http/retention-params';
import { normalizeSubjectKey } from '../../shared/http/tenancy';
import { loadHandler } from './handlers';
import { lambdaContext } from './lambda-context';

/** Above this a multipart body could not reach a Lambda; the local runtime streams it instead. */
export const LAMBDA_BODY_BYTES = 6 * 1024 * 1024;

/**
 * `POST /v1/files` with a body too large for a Lambda event, on the local runtime only: the request is
 * authenticated as the route would be, its file streamed into the bucket's `incoming/` prefix (memory
 * bounded), and then the very worker that finalizes presigned uploads in the cloud makes it the Subject's
 * file. The answer has the shape of `POST /v1/files`. On AWS such a file takes the presigned path.
 */
export async function handleLargeUpload(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const svc = services();
  const requestId = randomUUID();
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token)
    throw new UnauthorizedError(
      'Missing or malformed Authorization header. Send `Authorization: Bearer <API_KEY>`.',
      null,
    );
  const caller = await verifyApiKey(token, svc, req.socket.remoteAddress);
  await enforceRateLimit(caller, 'create-file', svc);
  if (!(req.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
    throw new BadRequestError('Send the file as multipart/form-data in a field named file', 'invalid_file', 'file');
  }
  const uploadId = randomBytes(16).toString('hex');
  // Not under incoming/: no bucket notification races the synchronous finalize below. The body streams in before the
  // form's `user` may have arrived, so it is staged under the account alone; every way out of this request removes
  // it, and a crash mid-request leaves it to the day-long expiry of staged objects.
  const stagedKey = directStagingKey(`${caller.accountId}/pending`, uploadId);
  const fields: Record<string, string> = {};
  const file = await new Promise<{ filename: string; contentType: string; bytes: number } | null>((resolve, reject) => {
    const malformed = () => new BadRequestError('Malformed multipart/form-data request', 'invalid_body', 'body');
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: MAX_FILE_BYTES, files: 1 } });
    } catch {
      return reject(malformed());
    }
    let found: Promise<{ filename: string; contentType: string; bytes: number }> | null = null;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      // Every part's stream errors when the body is cut off mid-part: each needs a listener.
      stream.on('error', (err) => reject(err instanceof AppError ? err : malformed()));
      if (field !== 'file') return void stream.resume();
      found = (async () => {
        const body = new PassThrough();
        let bytes = 0;
        let head = Buffer.alloc(0);
        let checked = false;
        stream.on('data', (c: Buffer) => {
          bytes += c.length;
          if (!checked) {
            head = Buffer.concat([head, c]).subarray(0, SIGNATURE_BYTES);
            if (head.length >= Math.min(SIGNATURE_BYTES, 16)) {
              checked = true;
              if (!detectDocumentKind(head, { filename: info.filename ?? '', contentType: info.mimeType })) {
                stream.destroy(
                  new UnsupportedMediaTypeError(
                    `This file type cannot be read; supported: ${SUPPORTED_FILE_TYPES.join(', ')}`,
                  ),
                );
              }
            }
          }
        });
        stream.on('limit', () =>
          stream.destroy(new PayloadTooLargeError(`File exceeds ${MAX_FILE_BYTES} bytes`, 'file')),
        );
        stream.on('error', (err) => body.destroy(err));
        stream.pipe(body);
        await svc.blobs.put(stagedKey, body, info.mimeType);
        return { filename: info.filename ?? 'upload', contentType: info.mimeType, bytes };
      })();
      found.catch(reject);
    });
    parser.on('error', () => reject(malformed()));
    parser.on('close', () => (found ? found.then(resolve, reject) : resolve(null)));
    // A client that goes away mid-body: the staged part is abandoned and removed below.
    req.on('error', () => reject(malformed()));
    req.on('aborted', () => reject(malformed()));
    req.pipe(parser);
  }).catch(async (err) => {
    await svc.blobs.delete([stagedKey]).catch(() => undefined);
    throw err;
  });
  if (!file || file.bytes === 0) {
    await svc.blobs.delete([stagedKey]).catch(() => undefined);
    throw new BadRequestError(file ? 'file is empty' : 'file is required', 'invalid_file', 'file');
  }
  try {
    const stored = await finalizeStaged(svc, caller.accountId, fields, file, uploadId, stagedKey, requestId);
    const body = JSON.stringify(stored);
    res.writeHead(200, {
      'content-type': 'application/json',
      'x-request-id': requestId,
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  } finally {
    // Done or refused, nothing of the request stays staged (the worker removed both on success already).
    await svc.blobs.delete([stagedKey]).catch(() => undefined);
    await svc.tickets.delete(uploadId).catch(() => undefined);
  }
}

/** Makes the staged body the Subject's file through the presigned path's own worker; the upload response. */
async function finalizeStaged(
  svc: ReturnType<typeof services>,
  accountId: string,
  fields: Record<string, string>,
  file: { filename: string; contentType: string; bytes: number },
  uploadId: string,
  stagedKey: string,
  requestId: string,
): Promise<unknown> {
  const subjectKey = normalizeSubjectKey(fields.user);
  const { retention, sessionId } = retentionParams(fields, { required: false, fallback: 'permanent' });
  const fileKey = newFileKey(file.filename, nowMs());
  await svc.tickets.put({
    uploadId,
    accountId,
    subjectKey,
    fileKey,
    ...file,
    retention,
    sessionId,
    expiresAt: Math.floor(nowMs() / 1000) + 900,
  });
  const finalize = manifest.find((e) => e.id === 'finalize-upload')!;
  const notification = {
    Records: [{ eventName: 'ObjectCreated:Post', s3: { object: { key: stagedKey, size: file.bytes } } }],
  };
  const out = await (await loadHandler(finalize))(
    {
      Records: [
        { messageId: uploadId, body: JSON.stringify(notification), attributes: { ApproximateReceiveCount: '1' } },
      ],
    },
    lambdaContext(finalize.id, 240),
  );
  if (out?.batchItemFailures?.length)
    throw new AppError('internal', `The upload could not be stored (request id ${requestId})`, {
      code: 'internal_error',
    });
  const subject = await svc.subjects.find(accountId, subjectKey);
  const stored = subject ? await svc.files.get(subject.subjectId, fileKey, nowMs()) : null;
  if (!stored)
    throw new AppError('internal', `The upload could not be stored (request id ${requestId})`, {
      code: 'internal_error',
    });
  return toUploadResponse(stored, subjectKey);
}

import { PassThrough, type Readable } from 'node:stream';
import { fileMediaType } from '../adapters/documents/document-kind';
import { zipItHint } from '../domain/apple-health/summary';
import { MAX_FILE_BYTES } from '../domain/files';
import type { StoredRetention } from '../domain/retention';
import { decodeBase64, stagingKey, type UploadChunk, type UploadStart } from '../domain/stream-upload';
import { uploadOwner } from '../domain/upload-owner';
import { BadRequestError } from '../errors';
import { enforceRateLimit } from '../http/middleware';
import { log } from '../log';
import type { SocketConnection } from '../ports/socket-gateway';
import type { StagedBatch } from '../ports/upload-staging';
import type { Services } from './container';
import { type StoredUpload, storeUpload } from './file-service';

/** A refusal that names the file and chunk it concerns, for the error frame. */
export class ChunkError extends BadRequestError {
  constructor(
    message: string,
    readonly filename: string,
    readonly chunkIndex: number | null,
  ) {
    super(message, 'invalid_chunk', chunkIndex === null ? 'filename' : 'chunkIndex');
  }
}

/** `upload_start`: announces the batch; each file at most 100 MB; names unique in the batch. */
export async function startBatch(services: Services, connection: SocketConnection, frame: UploadStart): Promise<void> {
  const names = new Set<string>();
  for (const f of frame.files) {
    if (names.has(f.filename)) throw new ChunkError(`File ${f.filename} is announced twice`, f.filename, null);
    names.add(f.filename);
    if (f.size > MAX_FILE_BYTES)
      throw new ChunkError(
        `File ${f.filename} exceeds ${MAX_FILE_BYTES} bytes${zipItHint(f.filename)}`,
        f.filename,
        null,
      );
  }
  // Each file is an upload like `POST /v1/files`, and counts on the same per-account counter, before anything is staged.
  await enforceRateLimit(connection, 'create-file', services, frame.files.length);
  const files = frame.files.map((f) => ({
    filename: f.filename,
    contentType: f.contentType ?? 'application/octet-stream',
    size: f.size,
  }));
  const owner = uploadOwner(connection.accountId, connection.subjectKey);
  if (!(await services.staging.start(owner, connection.connectionId, frame.messageId, files))) {
    throw new BadRequestError(
      `messageId ${frame.messageId} was already used on this connection`,
      'invalid_message_id',
      'messageId',
    );
  }
}

/**
 * `upload_chunk`: stages one chunk in the bucket. A malformed, oversize, duplicate or out-of-range chunk
 * fails its whole file (nothing of it will be stored) and is answered with an error naming file and chunk.
 */
export async function stageChunk(services: Services, connection: SocketConnection, frame: UploadChunk): Promise<void> {
  const batch = await services.staging.load(connection.connectionId, frame.messageId);
  if (!batch)
    throw new BadRequestError(`No upload_start for messageId ${frame.messageId}`, 'invalid_message_id', 'messageId');
  const fileIndex = batch.files.findIndex((f) => f.filename === frame.filename);
  if (fileIndex < 0)
    throw new ChunkError(`File ${frame.filename} was not announced in upload_start`, frame.filename, frame.chunkIndex);
  const fail = async (message: string): Promise<never> => {
    await services.staging.failFile(connection.connectionId, frame.messageId, fileIndex, message);
    throw new ChunkError(message, frame.filename, frame.chunkIndex);
  };
  if (batch.failed.has(fileIndex))
    throw new ChunkError(
      `File ${frame.filename} already failed: ${batch.failed.get(fileIndex)}`,
      frame.filename,
      frame.chunkIndex,
    );
  if (frame.chunkIndex >= frame.totalChunks)
    await fail(`chunkIndex ${frame.chunkIndex} is not below totalChunks ${frame.totalChunks}`);
  const data = decodeBase64(frame.chunk);
  if (!data || data.length === 0) await fail(`Chunk ${frame.chunkIndex} of ${frame.filename} is not valid base64`);
  const bytes = data!;
  if (bytes.length > services.config.wsMaxChunkBytes) {
    await fail(`Chunk ${frame.chunkIndex} of ${frame.filename} exceeds ${services.config.wsMaxChunkBytes} bytes`);
  }
  const claimed = await services.staging.claimChunk(
    connection.connectionId,
    frame.messageId,
    fileIndex,
    frame.chunkIndex,
    frame.totalChunks,
    bytes.length,
  );
  if (!claimed) await fail(`Chunk ${frame.chunkIndex} of ${frame.filename} was sent twice`);
  try {
    await services.blobs.put(stagingKey(batch, fileIndex, frame.chunkIndex), bytes, 'application/octet-stream');
  } catch (err) {
    await services.staging.releaseChunk(connection.connectionId, frame.messageId, fileIndex, frame.chunkIndex);
    throw err;
  }
}

/** `upload_end`: closes the batch and queues its assembly; the answer comes once every file is stored and parsed. */
export async function endBatch(services: Services, connection: SocketConnection, messageId: string): Promise<void> {
  if (!(await services.staging.end(connection.connectionId, messageId))) {
    throw new BadRequestError(`No open upload for messageId ${messageId}`, 'invalid_message_id', 'messageId');
  }
  await services.queue.send('file-jobs', { type: 'assemble-upload', connectionId: connection.connectionId, messageId });
}

/**
 * The worker side of `upload_end`: every complete, consistent file is assembled from its chunks into
 * the Subject's part of the bucket (streamed, so memory stays at a few parts) and catalogued; the others
 * are reported with their reason. Returns what to extract and what failed.
 */
export async function assembleBatch(
  services: Services,
  connection: SocketConnection,
  messageId: string,
): Promise<{ subjectId: string | null; stored: StoredUpload[]; failed: { filename: string; reason: string }[] }> {
  const batch = await services.staging.load(connection.connectionId, messageId);
  if (!batch) return { subjectId: null, stored: [], failed: [] };
  const failed: { filename: string; reason: string }[] = [];
  const complete: number[] = [];
  batch.files.forEach((file, index) => {
    const reason = batch.failed.get(index) ?? incompleteReason(batch, index);
    if (reason) failed.push({ filename: file.filename, reason });
    else complete.push(index);
  });
  const stored: StoredUpload[] = [];
  let subjectId: string | null = null;
  if (complete.length > 0) {
    const subject = await services.subjects.findOrCreate(connection.accountId, connection.subjectKey);
    subjectId = subject.subjectId;
    const retention = connection.retention as StoredRetention;
    for (const index of complete) {
      const file = batch.files[index]!;
      const head = await firstBytes(services, batch, index);
      const mediaType = fileMediaType(head, file);
      if (!mediaType) {
        failed.push({ filename: file.filename, reason: 'This file type cannot be read' });
        continue;
      }
      const body = concatChunks(services, batch, index);
      stored.push(
        await storeUpload(
          services,
          subject,
          { filename: file.filename, contentType: mediaType, retention, sessionId: connection.sessionId },
          body,
          file.size,
          { queueExtraction: false },
        ),
      );
    }
  }
  await clearBatch(services, batch);
  return { subjectId, stored, failed };
}

function incompleteReason(batch: StagedBatch, index: number): string | null {
  const file = batch.files[index]!;
  const received = batch.chunks.get(index);
  if (!received) return 'no chunks received';
  for (let i = 0; i < received.totalChunks; i++) {
    if (!received.sizes.has(i)) return `chunk ${i} of ${received.totalChunks} is missing`;
  }
  const total = [...received.sizes.values()].reduce((a, b) => a + b, 0);
  if (total !== file.size) return `received ${total} bytes, upload_start announced ${file.size}`;
  return null;
}

async function firstBytes(services: Services, batch: StagedBatch, index: number): Promise<Buffer> {
  const body = await services.blobs.get(stagingKey(batch, index, 0));
  const chunks: Buffer[] = [];
  for await (const c of body ?? []) {
    chunks.push(c as Buffer);
    if (Buffer.concat(chunks).length >= 1024) break;
  }
  body?.destroy();
  return Buffer.concat(chunks).subarray(0, 1024);
}

/** The file's chunks in order as one stream, each chunk read only when the previous one is through. */
function concatChunks(services: Services, batch: StagedBatch, index: number): Readable {
  const out = new PassThrough();
  const total = batch.chunks.get(index)!.totalChunks;
  void (async () => {
    for (let i = 0; i < total; i++) {
      const part = await services.blobs.get(stagingKey(batch, index, i));
      if (!part) throw new Error(`staged chunk ${i} is missing`);
      for await (const c of part) if (!out.write(c)) await new Promise((r) => out.once('drain', r));
    }
    out.end();
  })().catch((err) => out.destroy(err));
  return out;
}

async function clearBatch(services: Services, batch: StagedBatch): Promise<void> {
  const keys: string[] = [];
  for (const [index, entry] of batch.chunks) for (const i of entry.sizes.keys()) keys.push(stagingKey(batch, index, i));
  await services.blobs
    .delete(keys)
    .catch((err) => log('warn', 'staged chunks left behind', { error: (err as Error)?.name }));
  await services.staging.clear(batch.owner, batch.connectionId, batch.messageId);
}

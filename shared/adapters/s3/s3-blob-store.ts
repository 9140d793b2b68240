import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { BlobStore } from '../../ports/blob-store';

/** S3 multipart parts are at least 5 MiB; two in flight keep memory near 10 MiB per upload. */
const PART_SIZE = 5 * 1024 * 1024;

export class S3BlobStore implements BlobStore {
  constructor(
    private readonly s3: S3Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, body: Buffer | Readable, contentType: string, tags?: Record<string, string>): Promise<void> {
    await new Upload({
      client: this.s3,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ServerSideEncryption: 'AES256' },
      ...(tags ? { tags: Object.entries(tags).map(([Key, Value]) => ({ Key, Value })) } : {}),
      partSize: PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    }).done();
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.Body as Readable;
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async getRange(key: string, start: number, end: number): Promise<Readable | null> {
    if (end <= start) return Readable.from([]);
    try {
      const out = await this.s3.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end - 1}` }),
      );
      const body = out.Body as Readable;
      // An emulator that ignores Range answers the whole object (200, no Content-Range): skip to the range here.
      return out.ContentRange ? body : sliceOf(body, start, end);
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async getText(key: string, maxBytes?: number): Promise<string | null> {
    const body = await this.get(key);
    if (!body) return null;
    const chunks: Buffer[] = [];
    let read = 0;
    let cut = false;
    for await (const c of body) {
      chunks.push(c as Buffer);
      read += (c as Buffer).length;
      // Enough read: stop the download rather than fetch a large text for its first lines.
      if (maxBytes !== undefined && read >= maxBytes) {
        cut = true;
        body.destroy();
        break;
      }
    }
    const bytes = Buffer.concat(chunks);
    if (!cut) return bytes.toString('utf8');
    // Streaming mode holds back a character whose bytes were cut off, instead of emitting U+FFFD.
    return new TextDecoder('utf-8').decode(bytes.subarray(0, maxBytes), { stream: true });
  }

  async size(key: string): Promise<number | null> {
    try {
      const out = await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.ContentLength ?? null;
    } catch (err) {
      if (err instanceof NotFound || (err as { name?: string }).name === 'NotFound') return null;
      throw err;
    }
  }

  async delete(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (batch.length === 0) continue;
      await this.s3.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  deletePrefix(prefix: string): Promise<number> {
    return this.deleteListed(prefix, () => true);
  }

  deleteOlderThan(prefix: string, beforeMs: number): Promise<number> {
    return this.deleteListed(prefix, (modified) => modified !== undefined && modified.getTime() < beforeMs);
  }

  private async deleteListed(prefix: string, chosen: (lastModified: Date | undefined) => boolean): Promise<number> {
    let deleted = 0;
    let token: string | undefined;
    do {
      const out = await this.s3.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      const keys = (out.Contents ?? []).filter((o) => o.Key && chosen(o.LastModified)).map((o) => o.Key!);
      await this.delete(keys);
      deleted += keys.length;
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
    return deleted;
  }

  async presignedPost(
    key: string,
    limits: { maxBytes: number; contentType: string; expiresSeconds: number },
  ): Promise<{ url: string; fields: Record<string, string> }> {
    return createPresignedPost(this.s3, {
      Bucket: this.bucket,
      Key: key,
      Conditions: [['content-length-range', 1, limits.maxBytes]],
      Fields: { 'Content-Type': limits.contentType },
      Expires: limits.expiresSeconds,
    });
  }

  /** A GET URL signed with SigV4 query parameters, valid `expiresSeconds`, that downloads as `filename`. */
  async presignedGet(
    key: string,
    options: { expiresSeconds: number; filename: string; contentType: string },
  ): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${options.filename.replace(/["\\]/g, '_')}"`,
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.s3, command, { expiresIn: options.expiresSeconds });
  }

  async probe(): Promise<void> {
    await this.s3.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}

/** Bytes `[start, end)` of a whole-object stream, discarding the rest and closing the download once past `end`. */
function sliceOf(body: Readable, start: number, end: number): Readable {
  return Readable.from(
    (async function* () {
      let at = 0;
      try {
        for await (const chunk of body) {
          const c = chunk as Buffer;
          const from = Math.max(0, start - at);
          const to = Math.min(c.length, end - at);
          at += c.length;
          if (to > from) yield c.subarray(from, to);
          if (at >= end) break;
        }
      } finally {
        body.destroy();
      }
    })(),
  );
}

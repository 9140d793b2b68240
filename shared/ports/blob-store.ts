import type { Readable } from 'node:stream';

/** File bytes and derived text: S3 in the cloud, s3rver locally. */
export interface BlobStore {
  /** Streams a body in (multipart for large bodies, bounded memory), with object tags a lifecycle rule may match. */
  put(key: string, body: Buffer | Readable, contentType: string, tags?: Record<string, string>): Promise<void>;
  get(key: string): Promise<Readable | null>;
  /** Bytes `[start, end)` of the object (a ranged GET), streaming; null when the object is absent. */
  getRange(key: string, start: number, end: number): Promise<Readable | null>;
  /** The object as UTF-8 text; with `maxBytes`, only its beginning (a character cut at the end is dropped). */
  getText(key: string, maxBytes?: number): Promise<string | null>;
  size(key: string): Promise<number | null>;
  delete(keys: string[]): Promise<void>;
  /** Deletes every object under a prefix; returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  /** Deletes the objects under a prefix last written before `beforeMs`; returns how many. */
  deleteOlderThan(prefix: string, beforeMs: number): Promise<number>;
  /**
   * A browser-style POST form that lets its holder write one object at `key` directly (S3's presigned POST): of at most
   * `maxBytes`, with `contentType`, for `expiresSeconds`.
   */
  presignedPost(
    key: string,
    limits: { maxBytes: number; contentType: string; expiresSeconds: number },
  ): Promise<{ url: string; fields: Record<string, string> }>;
  /**
   * A URL that lets its holder GET one object for `expiresSeconds` (S3's presigned GET, SigV4 query signing), served
   * as an attachment named `filename`.
   */
  presignedGet(
    key: string,
    options: { expiresSeconds: number; filename: string; contentType: string },
  ): Promise<string>;
  /** Throws unless the store answers (a readiness probe). */
  probe(): Promise<void>;
}

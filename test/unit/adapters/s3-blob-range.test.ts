import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulators, startEmulators } from '../../../infra/local/emulators';
import { createS3Client } from '../../../shared/adapters/s3/client';
import { S3BlobStore } from '../../../shared/adapters/s3/s3-blob-store';

process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
process.env.HDS_LOG_LEVEL ??= 'silent';

const BUCKET = 'range-test';
let emulators: Emulators;
let scratch: string;
let s3: S3Client;
let blobs: S3BlobStore;
const bytes = randomBytes(3 * 1024 * 1024 + 17);

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'hds-range-'));
  emulators = await startEmulators({ dynamo: false, s3: true, bucket: BUCKET, scratchDir: scratch });
  s3 = createS3Client({
    region: 'us-east-1',
    s3Endpoint: emulators.s3Endpoint,
    s3Credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  blobs = new S3BlobStore(s3, BUCKET);
  await blobs.put('a/blob', bytes, 'application/zip');
});
afterAll(async () => {
  s3?.destroy();
  await emulators?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function all(stream: Readable | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream ?? []) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('S3BlobStore.getRange', () => {
  it.each([
    [0, 22],
    [1000, 70_000],
    [bytes.length - 65_557, bytes.length],
    [2 * 1024 * 1024 + 3, bytes.length - 1],
    [5, 5],
  ])('answers bytes [%i, %i) exactly', async (start, end) => {
    expect((await all(await blobs.getRange('a/blob', start, end))).equals(bytes.subarray(start, end))).toBe(true);
  });

  it('is null for an absent object', async () => {
    expect(await blobs.getRange('a/missing', 0, 10)).toBeNull();
  });

  it('the local emulator honours Range itself (so the whole-object fallback is only a safety net there)', async () => {
    const out = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'a/blob', Range: 'bytes=10-19' }));
    expect(out.ContentRange).toBe(`bytes 10-19/${bytes.length}`);
    expect((await all(out.Body as Readable)).length).toBe(10);
  });

  it('slices the whole object when a store ignores Range (answers 200 without Content-Range)', async () => {
    const ignoring = {
      send: async (command: GetObjectCommand) => {
        const { Range: _ignored, ...input } = command.input;
        const out = await s3.send(new GetObjectCommand(input));
        return { ...out, ContentRange: undefined };
      },
    } as unknown as S3Client;
    const store = new S3BlobStore(ignoring, BUCKET);
    const got = await all(await store.getRange('a/blob', 1_000_000, 1_000_100));
    expect(got.equals(bytes.subarray(1_000_000, 1_000_100))).toBe(true);
  });
});

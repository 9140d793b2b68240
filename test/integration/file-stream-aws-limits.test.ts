import { afterAll, beforeAll, expect, it } from 'vitest';
import { AWS_WS_FRAME_BYTES, CLOUD_WS_MAX_CHUNK_BYTES } from '../../shared/domain/stream-limits';
import { client, type Harness, startHarness } from '../support/harness';
import { openUploadSocket } from '../support/sockets';

/**
 * The cloud's sizing, proved with the real `ws` client against the local gateway set to behave as API Gateway does
 * (frames of at most 32 KB, the socket closed with 1009 past that) and the chunk size the cloud stack announces.
 */
let h: Harness;
let key: string;

beforeAll(async () => {
  h = await startHarness({
    env: {
      HDS_WS_MAX_FRAME_BYTES: String(AWS_WS_FRAME_BYTES),
      HDS_WS_MAX_CHUNK_BYTES: String(CLOUD_WS_MAX_CHUNK_BYTES),
    },
  });
  ({ key } = await h.newAccount('aws-sized'));
});
afterAll(() => h.stop());

it('uploads a file in the announced chunks, each one frame within API Gateway’s limit', async () => {
  const socket = await openUploadSocket(h.url, `key=${key}&user=sized`);
  const hello = await socket.next();
  expect(hello.limits.max_chunk_bytes).toBe(CLOUD_WS_MAX_CHUNK_BYTES);
  const size = hello.limits.max_chunk_bytes as number;
  const lines = ['Date,Test,Result,Unit'];
  for (let i = 0; lines.join('\n').length < 5 * size; i++) lines.push(`2026-05-01,Glucose,${80 + (i % 40)},mg/dL`);
  const data = Buffer.from(lines.join('\n'));
  const filename = `${'long-name-'.repeat(20)}.csv`;
  const total = Math.ceil(data.length / size);
  socket.ws.send(
    JSON.stringify({
      type: 'upload_start',
      messageId: 'm'.repeat(128),
      files: [{ filename, contentType: 'text/csv', size: data.length }],
    }),
  );
  for (let i = 0; i < total; i++) {
    socket.ws.send(
      JSON.stringify({
        type: 'upload_chunk',
        messageId: 'm'.repeat(128),
        filename,
        chunk: data.subarray(i * size, (i + 1) * size).toString('base64'),
        chunkIndex: i,
        totalChunks: total,
      }),
    );
  }
  socket.ws.send(JSON.stringify({ type: 'upload_end', messageId: 'm'.repeat(128) }));
  await h.runtime.drainQueues();
  const done = await socket.next();
  expect(done).toMatchObject({ type: 'upload_end_response' });
  expect(done.files).toHaveLength(1);
  socket.ws.close();
  expect((await client(h.url, key).get('/v1/files?user=sized')).body.data).toHaveLength(1);
});

it('closes the socket with 1009 on a frame over 32 KB, as API Gateway does, and only that socket', async () => {
  const socket = await openUploadSocket(h.url, `key=${key}&user=sized`);
  await socket.next();
  socket.ws.send(
    JSON.stringify({
      type: 'upload_chunk',
      messageId: 'big',
      filename: 'a.csv',
      chunk: Buffer.alloc(64 * 1024, 1).toString('base64'),
      chunkIndex: 0,
      totalChunks: 1,
    }),
  );
  expect(await socket.closed).toBe(1009);
  const other = await openUploadSocket(h.url, `key=${key}&user=sized`);
  expect((await other.next()).type).toBe('connection_established');
  other.ws.close();
});

import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../shared/adapters/dynamo/client';
import { createS3Client } from '../../shared/adapters/s3/client';
import { setClock } from '../../shared/clock';
import { config } from '../../shared/config/config';
import { uploadOwner } from '../../shared/domain/upload-owner';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';
import { openUploadSocket, type UploadSocket } from '../support/sockets';
import { postFile as postUpload } from '../support/uploads';

/**
 * The proof that nothing of a Subject outlives its erase: marked data goes in through every door, the Subject is
 * erased, the queues drained and the sweeper run, and then every item of every table and every object of the bucket
 * (names and small bodies) is searched for the marker, the user and the Subject id.
 */
let h: Harness;
let key: string;
let accountId: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  h = await startHarness({ env: { HDS_RATE_LIMITS: 'create-file=1000,create-data=1000,create-response=1000' } });
  ({ key, accountId } = await h.newAccount('audit'));
  api = client(h.url, key);
});
afterAll(() => h.stop());

/** Every place anything could be left: all items of all tables, all object keys and small object bodies. */
async function everything(): Promise<string[]> {
  const cfg = config();
  const doc = createDocumentClient(cfg);
  const found: string[] = [];
  for (const table of Object.values(cfg.tables)) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
      for (const item of page.Items ?? []) found.push(`${table}: ${JSON.stringify(item)}`);
      start = page.LastEvaluatedKey;
    } while (start);
  }
  let token: string | undefined;
  do {
    const page = await createS3Client(h.runtime.services.config).send(
      new ListObjectsV2Command({ Bucket: cfg.bucket, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      const body = (object.Size ?? 0) <= 2_000_000 ? await h.runtime.services.blobs.getText(object.Key!) : '';
      found.push(`object ${object.Key}: ${body}`);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found;
}

function naming(found: string[], ...needles: string[]): string[] {
  const lower = needles.map((n) => n.toLowerCase());
  return found.filter((line) => lower.some((n) => line.toLowerCase().includes(n)));
}

type Socket = UploadSocket;

function openSocket(user: string): Promise<Socket> {
  return openUploadSocket(h.url, `key=${key}&user=${user}`);
}

/** Sends a file in chunks of 64 KB; `upTo` stops early (an abandoned upload). */
function sendChunks(socket: Socket, messageId: string, filename: string, data: Buffer, upTo = Infinity): void {
  const size = 64 * 1024;
  const total = Math.ceil(data.length / size);
  for (let i = 0; i < Math.min(total, upTo); i++) {
    socket.ws.send(
      JSON.stringify({
        type: 'upload_chunk',
        messageId,
        filename,
        chunk: data.subarray(i * size, (i + 1) * size).toString('base64'),
        chunkIndex: i,
        totalChunks: total,
      }),
    );
  }
}

function postFile(user: string, filename: string, data: Buffer, type: string): Promise<number> {
  return postUpload(h.url, key, { name: filename, data, type }, { user });
}

async function presign(user: string, filename: string, data: Buffer) {
  const ticket = await api.post('/v1/files/uploads', { user, filename, content_type: 'text/csv', bytes: data.length });
  expect(ticket.status).toBe(200);
  return ticket.body as { url: string; fields: Record<string, string>; id: string };
}

async function postToBucket(ticket: { url: string; fields: Record<string, string> }, data: Buffer, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.fields)) form.append(k, v);
  form.append('file', new Blob([data]), name);
  const res = await fetch(ticket.url, { method: 'POST', body: form });
  await res.arrayBuffer();
  expect(res.status).toBeLessThan(300);
}

/** A CSV whose test names carry the marker. */
function markedCsv(marker: string, rows = 3): Buffer {
  const lines = ['Date,Test,Result,Unit'];
  for (let i = 0; i < rows; i++) lines.push(`2026-05-0${(i % 9) + 1},Glucose ${marker},${90 + i},mg/dL`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function eraseDrainSweep(user: string): Promise<number> {
  const status = (await api.delete(`/v1/subjects/${user}`)).status;
  await h.runtime.drainQueues();
  await h.runtime.runScheduled('sweep-retention');
  await h.runtime.drainQueues();
  return status;
}

describe('an erased Subject leaves nothing behind', () => {
  it('through every door: rows of each retention, files, sockets, presigned uploads, responses, memories, family, inline context, standardize', async () => {
    const marker = 'mrkaudit7q';
    const user = 'audit-person-one';
    const row = (retention: string) => ({
      indicator: `Glucose ${marker} ${retention}`,
      value: 97,
      unit: 'mg/dL',
      time: '2026-05-01T08:00:00Z',
      source: `device ${marker}`,
    });
    for (const retention of ['permanent', '1d', '6h', '2h', '1h']) {
      expect((await api.post('/v1/data', { user, retention, records: [row(retention)] })).status).toBe(200);
    }
    expect(
      (await api.post('/v1/data', { user, retention: 'session', session_id: `s-${marker}`, records: [row('session')] }))
        .status,
    ).toBe(200);

    expect(await postFile(user, `${marker}-labs.csv`, markedCsv(marker), 'text/csv')).toBe(200);
    const big = Buffer.from(`Notes ${marker}: glucose 97 mg/dL\n`.repeat(240_000));
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024);
    expect(await postFile(user, `${marker}-big.txt`, big, 'text/plain')).toBe(200);

    // A WebSocket upload that completes, and one abandoned half-way on a socket that then closes.
    const done = await openSocket(user);
    expect((await done.next()).type).toBe('connection_established');
    const wsFile = markedCsv(marker, 4);
    done.ws.send(
      JSON.stringify({
        type: 'upload_start',
        messageId: 'complete',
        files: [{ filename: `${marker}-ws.csv`, contentType: 'text/csv', size: wsFile.length }],
      }),
    );
    sendChunks(done, 'complete', `${marker}-ws.csv`, wsFile);
    done.ws.send(JSON.stringify({ type: 'upload_end', messageId: 'complete' }));
    await h.runtime.drainQueues();
    expect((await done.next()).type).toBe('upload_end_response');
    const half = Buffer.from(`${marker} `.repeat(20_000));
    done.ws.send(
      JSON.stringify({
        type: 'upload_start',
        messageId: 'abandoned',
        files: [{ filename: `${marker}-half.txt`, contentType: 'text/plain', size: half.length }],
      }),
    );
    sendChunks(done, 'abandoned', `${marker}-half.txt`, half, 1);
    // A frame answered proves the chunk before it was staged.
    done.ws.send(JSON.stringify({ type: 'upload_end', messageId: 'unknown' }));
    expect((await done.next()).type).toBe('error');
    done.ws.close();
    await done.closed;

    // Presigned: one finalized, one never uploaded.
    const presigned = markedCsv(marker, 2);
    await postToBucket(await presign(user, `${marker}-presigned.csv`, presigned), presigned, `${marker}.csv`);
    await presign(user, `${marker}-never.csv`, presigned);

    expect(
      (await api.post('/v1/responses', { user, input: `What is my glucose ${marker}?`, store: true })).status,
    ).toBe(200);
    const journal = await api.post('/v1/responses', {
      user,
      input: `Journal ${marker}: my mother has type 2 diabetes and I take metformin 500 mg daily.`,
      store: true,
      session_id: `journal-${marker}`,
      builtin_tools: 'none',
      instructions: 'Acknowledge briefly.',
    });
    expect(journal.status).toBe(200);
    expect(
      (await api.post('/v1/family-members', { user, name: `Mother ${marker}`, relationship: 'mother' })).status,
    ).toBe(201);
    const chat = await api.post('/v1/chat/completions', {
      user,
      messages: [{ role: 'user', content: 'How is my heart rate?' }],
      health_context: [{ indicator: `Heart rate ${marker}`, value: 88, unit: 'bpm', time: '2026-11-20T07:00:00Z' }],
    });
    expect(chat.status).toBe(200);
    const standardized = await api.post('/v1/standardize', {
      user,
      text: `Hemoglobin ${marker} 13.5 g/dL`,
      store: true,
      retention: 'permanent',
    });
    expect(standardized.status).toBe(200);
    for (let i = 0; i < 3; i++) await h.runtime.drainQueues();

    const subject = (await h.runtime.services.subjects.find(accountId, user))!;
    const before = naming(await everything(), marker, subject.subjectId);
    // Every door really wrote something marked: rows, files, texts, a response, a memory, a member.
    expect(before.length).toBeGreaterThan(20);
    expect(before.some((l) => l.startsWith('object incoming/') || l.includes('TICKET#'))).toBe(true);

    expect(await eraseDrainSweep(user)).toBe(200);
    expect(naming(await everything(), marker, user, subject.subjectId, uploadOwner(accountId, user))).toEqual([]);
  });

  it('when the user never got a Subject: an abandoned socket upload, a refused large upload, an unused presigned ticket', async () => {
    const marker = 'mrkaudit8z';
    const user = 'audit-person-two';
    const socket = await openSocket(user);
    expect((await socket.next()).type).toBe('connection_established');
    const half = Buffer.from(`${marker} `.repeat(20_000));
    socket.ws.send(
      JSON.stringify({
        type: 'upload_start',
        messageId: 'left',
        files: [{ filename: `${marker}-left.txt`, contentType: 'text/plain', size: half.length }],
      }),
    );
    sendChunks(socket, 'left', `${marker}-left.txt`, half, 1);
    socket.ws.send(JSON.stringify({ type: 'upload_end', messageId: 'unknown' }));
    expect((await socket.next()).type).toBe('error');

    // Over the Lambda body size and not a readable type: refused while streaming.
    const refused = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00]), Buffer.alloc(7 * 1024 * 1024, 1)]);
    expect(await postFile(user, `${marker}-tool.exe`, refused, 'application/octet-stream')).toBe(415);
    await presign(user, `${marker}-never.csv`, markedCsv(marker));
    expect(await h.runtime.services.subjects.find(accountId, user)).toBeNull();

    const before = naming(await everything(), marker, user, uploadOwner(accountId, user));
    expect(before.length).toBeGreaterThan(0);
    // The socket is still open: its staged chunks and batch go with the erase, though no Subject exists (404).
    expect(await eraseDrainSweep(user)).toBe(404);
    socket.ws.close();
    await socket.closed;
    // $disconnect runs once the server has seen the close; wait for it, within a bound (naming what is left).
    await eventually(
      async () => {
        expect(naming(await everything(), marker, user, uploadOwner(accountId, user))).toEqual([]);
        return true;
      },
      { timeoutMs: 5_000, what: 'the staged upload gone after $disconnect' },
    );
  });

  it('the sweeper alone removes staged bytes after a day and due entries, whoever they belong to', async () => {
    const marker = 'mrkaudit9w';
    const user = 'audit-person-three';
    await presign(user, `${marker}-never.csv`, markedCsv(marker));
    const stray = `staging/ws/${uploadOwner(accountId, user)}/gone/${marker}/0/000000`;
    await h.runtime.services.blobs.put(stray, Buffer.from(marker), 'application/octet-stream');
    expect(naming(await everything(), marker, uploadOwner(accountId, user)).length).toBeGreaterThan(0);
    // Nothing is erased: time alone, a day and more, takes the ticket, its pointer and the stray chunk.
    const restore = setClock(() => Date.now() + 26 * 3_600_000);
    try {
      await h.runtime.runScheduled('sweep-retention');
    } finally {
      restore();
    }
    expect(naming(await everything(), marker, uploadOwner(accountId, user))).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from '../../shared/adapters/s3/client';
import { setClock } from '../../shared/clock';
import { subjectPrefix } from '../../shared/domain/files';
import { responseExpiresAt, type StoredResponse } from '../../shared/ports/conversation-store';
import { client, type Harness, startHarness } from '../support/harness';

let h: Harness;
let api: ReturnType<typeof client>;
let accountId: string;

beforeAll(async () => {
  h = await startHarness();
  const account = await h.newAccount();
  accountId = account.accountId;
  api = client(h.url, account.key);
});
afterAll(() => h?.stop());

/** The Subject of `user`, minted by a data write as a client would. */
async function subjectOf(user: string): Promise<string> {
  const write = await api.post('/v1/data', {
    user,
    retention: 'session',
    session_id: 'S',
    records: [{ indicator: 'Heart rate', value: 72, unit: 'bpm', time: '2026-06-16T07:30:00Z' }],
  });
  expect(write.status).toBe(200);
  return (await h.runtime.services.subjects.find(accountId, user))!.subjectId;
}

function stored(subjectId: string, createdAtMs: number, over: Partial<StoredResponse> = {}): StoredResponse {
  const id = `resp_${randomBytes(16).toString('hex')}`;
  const createdAt = Math.floor(createdAtMs / 1000);
  const sessionId = over.sessionId ?? null;
  return {
    id,
    subjectId,
    conversationId: `conv_${id.slice(5)}`,
    sessionId,
    createdAt,
    expiresAt: responseExpiresAt(createdAt, sessionId),
    mode: 'agent',
    response: { id, object: 'response', status: 'completed', output_text: 'Noted.' },
    inputItems: [],
    // Incompressible tool results, so the body goes to the bucket.
    transcript: Array.from({ length: 30 }, (_, i) => ({
      role: 'tool' as const,
      toolCallId: `call_${i}`,
      content: randomBytes(12_000).toString('base64'),
    })),
    pendingCalls: [],
    resumed: false,
    turnStart: 0,
    consolidated: false,
    ...over,
  };
}

async function objectsOf(subjectId: string): Promise<string[]> {
  const { config } = h.runtime.services;
  const out = await createS3Client(config).send(
    new ListObjectsV2Command({ Bucket: config.bucket, Prefix: `${subjectPrefix(subjectId)}conversations/` }),
  );
  return (out.Contents ?? []).map((o) => o.Key!);
}

describe('stored responses across sessions, expiry and erasure', () => {
  it('survive DELETE /v1/sessions/{id}, which still erases the session rows', async () => {
    const s = await subjectOf('sess-conv');
    const { conversations } = h.runtime.services;
    const bound = stored(s, Date.now(), { sessionId: 'S' });
    await conversations.put(bound);
    const deleted = await api.delete('/v1/sessions/S?user=sess-conv');
    // The session row and the session itself; never the stored response.
    expect(deleted.body).toMatchObject({ status: 'ok', deleted: 2 });
    expect((await api.get('/v1/data?user=sess-conv')).body.data).toEqual([]);
    expect((await conversations.get(s, bound.id, Date.now()))?.id).toBe(bound.id);
    expect((await conversations.latestOfSession(s, 'S', Date.now()))?.id).toBe(bound.id);
  });

  it('expire from every read after 30 days and the sweeper removes them with their objects', async () => {
    const start = Date.now();
    let now = start;
    const restore = setClock(() => now);
    try {
      const s = await subjectOf('ttl-conv');
      const { conversations } = h.runtime.services;
      const expiring = stored(s, start);
      const durable = stored(s, start, { sessionId: 'keep' });
      await conversations.put(expiring);
      await conversations.put(durable);
      expect(await objectsOf(s)).toHaveLength(2);
      now = start + 30 * 86_400_000;
      expect(await conversations.get(s, expiring.id, now)).toBeNull();
      await h.runtime.runScheduled('sweep-retention');
      const left = await objectsOf(s);
      expect(left).toHaveLength(1);
      expect(left[0]).toContain(durable.id);
      // Back in time it would be live again, were it not physically gone.
      expect(await conversations.get(s, expiring.id, start)).toBeNull();
      expect((await conversations.get(s, durable.id, now))?.id).toBe(durable.id);
    } finally {
      restore();
    }
  });

  it('are counted by a Subject erase, unreadable at once and purged with their objects', async () => {
    const s = await subjectOf('erase-conv');
    const { conversations } = h.runtime.services;
    const now = Date.now();
    const first = stored(s, now);
    const gone = stored(s, now, { conversationId: first.conversationId });
    const bound = stored(s, now, { sessionId: 'S' });
    for (const r of [first, gone, bound]) await conversations.put(r);
    await conversations.delete(s, gone.id, now);

    const erased = await api.delete('/v1/subjects/erase-conv');
    expect(erased.status).toBe(200);
    expect(erased.body.deleted).toEqual({ records: 1, files: 0, conversations: 2 });
    expect(await conversations.get(s, first.id, Date.now())).toBeNull();
    expect(await conversations.latestOfSession(s, 'S', Date.now())).toBeNull();

    await h.runtime.drainQueues();
    expect(await objectsOf(s)).toEqual([]);
    expect(await conversations.count(s, Date.now())).toBe(0);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand, DeleteCommand, type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime } from '../../infra/local/runtime';
import { createDocumentClient } from '../../shared/adapters/dynamo/client';
import { DynamoRecordStore } from '../../shared/adapters/dynamo/dynamo-record-store';
import { setClock } from '../../shared/clock';
import { config } from '../../shared/config/config';
import type { HealthRecord } from '../../shared/domain/records';
import { issueApiKey } from '../../shared/services/api-keys';
import { client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';

const reading = (i: number) => ({
  indicator: 'Glucose',
  value: 90 + (i % 10),
  unit: 'mg/dL',
  time: '2026-05-01T08:00:00Z',
});
const batch = (n: number) => Array.from({ length: n }, (_, i) => reading(i));

function partition(doc: DynamoDBDocumentClient, subjectId: string) {
  return doc.send(
    new QueryCommand({
      TableName: config().tables.records,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': subjectId },
      ConsistentRead: true,
    }),
  );
}

describe('an erase racing writes', () => {
  let h: Harness;
  let accountId: string;
  let api: ReturnType<typeof client>;
  let doc: DynamoDBDocumentClient;

  beforeAll(async () => {
    h = await startHarness({ env: { HDS_RATE_LIMITS: 'create-data=5000,list-data=5000,delete-subject=5000' } });
    const account = await h.newAccount('racer');
    accountId = account.accountId;
    api = client(h.url, account.key);
    doc = createDocumentClient(config());
  });
  afterAll(() => h.stop());

  it('erases every time, queues the purge, and leaves nothing of the erased Subject behind', async () => {
    for (let trial = 0; trial < 12; trial++) {
      const user = `race-${trial}`;
      expect((await api.post('/v1/data', { user, retention: 'permanent', records: batch(5) })).status).toBe(200);
      const erased = (await h.runtime.services.subjects.find(accountId, user))!;
      let answered = 0;
      const writers = Array.from({ length: 6 }, async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) {
          statuses.push((await api.post('/v1/data', { user, retention: 'permanent', records: batch(25) })).status);
          answered++;
        }
        return statuses;
      });
      // The erase lands at a different point of the writes from trial to trial: with none of the 24 answered yet, or
      // once one, two or three are, the rest still in flight.
      await eventually(() => answered >= trial % 4, { timeoutMs: 10_000, intervalMs: 1, what: 'writes answered' });
      const erase = await api.delete(`/v1/subjects/${user}`);
      expect(erase.status, `trial ${trial}`).toBe(200);
      expect(erase.body.counts_exact).toBe(true);
      expect(erase.body.deleted.records).toBeGreaterThanOrEqual(5);
      // Every write landed somewhere: in the erased Subject before the erase, or in a fresh one after it.
      for (const statuses of await Promise.all(writers))
        expect(statuses, `trial ${trial}`).toEqual([200, 200, 200, 200]);

      await h.runtime.drainQueues();
      expect((await partition(doc, erased.subjectId)).Items, `trial ${trial}`).toEqual([]);
      const now = await h.runtime.services.subjects.find(accountId, user);
      if (now) expect(now.subjectId).not.toBe(erased.subjectId);
      const visible = await api.get(`/v1/data?user=${user}&limit=1000`);
      expect(visible.status).toBe(200);
      // Rows of the fresh Subject count from 1 again: none of the erased one's ids shows through.
      expect(visible.body.data.length).toBeLessThanOrEqual(6 * 4 * 25);
    }
    expect(await h.runtime.queue!.deadLetters('purge')).toEqual([]);
  });
});

describe('a batch write cut off by a crash', () => {
  it('is never readable, and the next start rolls it back before serving', async () => {
    process.env.HDS_LOG_LEVEL ??= 'silent';
    const dir = await mkdtemp(join(tmpdir(), 'hds-crash-'));
    try {
      let rt = await startRuntime({ dataDir: dir, queuePollMs: 60_000 });
      const account = await rt.services.accounts.createAccount('crash');
      const { secret } = await issueApiKey(rt.services.accounts, account.accountId, {
        name: 'crash',
        region: rt.services.config.region,
      });
      let api = client(rt.url, secret);
      expect((await api.post('/v1/data', { retention: 'permanent', records: batch(3) })).status).toBe(200);
      const subject = (await rt.services.subjects.find(account.accountId, 'default'))!;

      // A writer that dies after 100 of its 500 rows: nothing after that reaches the table, its intent stays.
      const doc = createDocumentClient(config());
      let writes = 0;
      const dying = Object.create(doc) as DynamoDBDocumentClient;
      dying.send = (async (cmd: unknown) => {
        if ((cmd instanceof BatchWriteCommand && ++writes > 4) || cmd instanceof DeleteCommand)
          throw new Error('process killed');
        return doc.send(cmd as never);
      }) as DynamoDBDocumentClient['send'];
      const store = new DynamoRecordStore(dying, config().tables.records);
      const first = await rt.services.records.allocateIds(subject.subjectId, 500);
      const rows = (await api.get('/v1/data')).body.data as { id: number }[];
      const template = await rt.services.records.list(subject.subjectId, { limit: 1, offset: 0, nowMs: Date.now() });
      const base = template.records[0]!;
      await expect(
        store.putAll(
          subject.subjectId,
          Array.from({ length: 500 }, (_, i): HealthRecord => ({ ...base, id: first + i, fhirResourceId: `obs-${i}` })),
        ),
      ).rejects.toThrow('process killed');

      expect(await rt.services.records.count(subject.subjectId, Date.now())).toBe(3 + 100);
      expect((await api.get('/v1/data?limit=1000')).body.data).toHaveLength(rows.length);
      await rt.stop();

      rt = await startRuntime({ dataDir: dir, queuePollMs: 60_000 });
      api = client(rt.url, secret);
      expect(await rt.services.records.count(subject.subjectId, Date.now())).toBe(3);
      expect((await api.get('/v1/data?limit=1000')).body.data).toHaveLength(3);
      await rt.stop();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('an erase cut off part-way', () => {
  let h: Harness;
  let accountId: string;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    h = await startHarness();
    const account = await h.newAccount('cut-off');
    accountId = account.accountId;
    api = client(h.url, account.key);
  });
  afterAll(() => h.stop());

  it('after the tombstone: nothing is readable, and a retried erase completes', async () => {
    expect((await api.post('/v1/data', { user: 'tomb', retention: 'permanent', records: batch(3) })).status).toBe(200);
    const subject = (await h.runtime.services.subjects.find(accountId, 'tomb'))!;
    // The erase's first two steps, then the process dies before the mapping is dropped.
    await h.runtime.services.subjects.markErasing(accountId, 'tomb', subject.subjectId);
    await h.runtime.services.records.tombstoneSubject(subject.subjectId, Date.now());
    expect((await api.get('/v1/data?user=tomb')).body.data).toEqual([]);
    expect((await api.get('/v1/files?user=tomb')).body.data).toEqual([]);
    const retried = await api.delete('/v1/subjects/tomb');
    expect(retried.status).toBe(200);
    expect(retried.body.deleted.records).toBe(3);
    await h.runtime.drainQueues();
    expect(await h.runtime.services.records.count(subject.subjectId, Date.now())).toBe(0);
  });

  it('right after marking: nothing is readable, and the next write finishes the erase before starting afresh', async () => {
    expect((await api.post('/v1/data', { user: 'mark', retention: 'permanent', records: batch(4) })).status).toBe(200);
    const subject = (await h.runtime.services.subjects.find(accountId, 'mark'))!;
    await h.runtime.services.subjects.markErasing(accountId, 'mark', subject.subjectId);
    expect((await api.get('/v1/data?user=mark')).body.data).toEqual([]);
    expect((await api.post('/v1/data', { user: 'mark', retention: 'permanent', records: batch(1) })).status).toBe(200);
    const fresh = (await h.runtime.services.subjects.find(accountId, 'mark'))!;
    expect(fresh.subjectId).not.toBe(subject.subjectId);
    expect((await api.get('/v1/data?user=mark')).body.data).toHaveLength(1);
    // The old Subject is tombstoned, so the sweeper purges it even though no purge job was queued.
    await expect(h.runtime.services.records.allocateIds(subject.subjectId, 1)).rejects.toThrow('erased');
    const restore = setClock(() => Date.now() + 3_600_000);
    try {
      await h.runtime.runScheduled('sweep-retention');
    } finally {
      restore();
    }
    expect(await h.runtime.services.records.count(subject.subjectId, Date.now())).toBe(0);
  });
});

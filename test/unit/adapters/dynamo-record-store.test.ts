import { BatchWriteCommand, DeleteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoRecordStore } from '../../../shared/adapters/dynamo/dynamo-record-store';
import type { HealthRecord } from '../../../shared/domain/records';
import { expiryFor } from '../../../shared/domain/retention';
import { SubjectErasedError } from '../../../shared/ports/record-store';
import type { DynamoServer } from '../../support/dynamo-servers';
import {
  heartRateRecord,
  newSubject,
  dynamoServers as servers,
  startRecordStore,
  tablesConfig,
} from '../../support/record-store-fixture';

/** A heart rate of 60 + `id`, so each row's value differs. */
function record(subjectId: string, id: number, over: Partial<HealthRecord> = {}): HealthRecord {
  return heartRateRecord(subjectId, id, { value: String(60 + id), parsedValue: String(60 + id), ...over });
}

/** A document client that fails on chosen calls: the storage fault of the all-or-nothing tests. */
function faulty(doc: DynamoDBDocumentClient, fail: (command: unknown, n: number) => boolean): DynamoDBDocumentClient {
  let n = 0;
  const wrapper = Object.create(doc) as DynamoDBDocumentClient;
  wrapper.send = (async (command: any) => {
    if (fail(command, ++n)) throw new Error('injected storage fault');
    return doc.send(command);
  }) as DynamoDBDocumentClient['send'];
  return wrapper;
}

describe.each(servers)('DynamoRecordStore on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let store: DynamoRecordStore;
  const cfg = tablesConfig('test');

  beforeAll(async () => {
    ({ server, doc, store } = await startRecordStore(start, cfg));
  }, 90_000);
  afterAll(() => server?.stop());

  const subject = (name: string) => newSubject(store, name);

  it('allocates distinct id blocks under concurrency', async () => {
    const s = await subject('ids');
    const firsts = await Promise.all(Array.from({ length: 20 }, () => store.allocateIds(s, 5)));
    const ids = firsts.flatMap((f) => [0, 1, 2, 3, 4].map((i) => f + i));
    expect(new Set(ids).size).toBe(100);
    expect(Math.min(...ids)).toBe(1);
  });

  it('writes, lists newest first with paging, counts and deletes', async () => {
    const s = await subject('rw');
    const first = await store.allocateIds(s, 30);
    await store.putAll(
      s,
      Array.from({ length: 30 }, (_, i) => record(s, first + i)),
    );
    const now = Date.now();
    const page = await store.list(s, { limit: 10, offset: 5, nowMs: now });
    expect(page.records.map((r) => r.id)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(page.hasMore).toBe(true);
    expect(page.records[0]!.fhir).toEqual({ resourceType: 'Observation', id: 'obs-25' });
    expect(await store.count(s, now)).toBe(30);
    await store.putAll(s, [
      record(s, await store.allocateIds(s, 1), { indicator: 'GLU', canonicalName: 'Glucose [Mass/volume]' }),
    ]);
    const glucose = await store.list(s, { indicator: 'glucose', limit: 10, offset: 0, nowMs: now });
    expect(glucose.records.map((r) => r.indicator)).toEqual(['GLU']);
    expect(await store.delete(s, { indicator: 'Glu' }, now)).toBe(1);
    expect(await store.delete(s, { id: 3 }, now)).toBe(1);
    expect(await store.delete(s, { all: true }, now)).toBe(29);
    expect(await store.count(s, now)).toBe(0);
  });

  it('leaves no partial rows when a write fails half-way', async () => {
    const s = await subject('fault');
    const batchWrites = { n: 0 };
    const broken = new DynamoRecordStore(
      faulty(doc, (cmd) => cmd instanceof BatchWriteCommand && ++batchWrites.n === 3),
      cfg.tables.records,
    );
    const first = await store.allocateIds(s, 200);
    await expect(
      broken.putAll(
        s,
        Array.from({ length: 200 }, (_, i) => record(s, first + i)),
      ),
    ).rejects.toThrow('injected');
    expect(batchWrites.n).toBeGreaterThan(3);
    expect(await store.count(s, Date.now())).toBe(0);
    expect(await store.sweepExpired(Date.now() + 3_600_000, 10_000)).toBe(0);
  });

  it('rolls back a crashed writer’s partial batch once its intent expires', async () => {
    const s = await subject('crash');
    // Writes fail after the second batch, and so does every clean-up: the writer is gone.
    let writes = 0;
    const crashed = new DynamoRecordStore(
      faulty(doc, (cmd) => (cmd instanceof BatchWriteCommand && ++writes > 2) || cmd instanceof DeleteCommand),
      cfg.tables.records,
    );
    const first = await store.allocateIds(s, 100);
    await expect(
      crashed.putAll(
        s,
        Array.from({ length: 100 }, (_, i) => record(s, first + i)),
      ),
    ).rejects.toThrow();
    expect(await store.count(s, Date.now())).toBeGreaterThan(0);
    await store.sweepExpired(Date.now() + 3 * 60_000, 10_000);
    expect(await store.count(s, Date.now())).toBe(0);
  });

  it('never lets a reader see the rows of a batch that is not committed, and rolls open batches back at start-up', async () => {
    const s = await subject('uncommitted');
    const kept = await store.allocateIds(s, 1);
    await store.putAll(s, [record(s, kept)]);
    let writes = 0;
    const crashed = new DynamoRecordStore(
      faulty(doc, (cmd) => (cmd instanceof BatchWriteCommand && ++writes > 2) || cmd instanceof DeleteCommand),
      cfg.tables.records,
    );
    const first = await store.allocateIds(s, 100);
    await expect(
      crashed.putAll(
        s,
        Array.from({ length: 100 }, (_, i) => record(s, first + i)),
      ),
    ).rejects.toThrow();
    const now = Date.now();
    // The partial batch is stored, but no read shows it.
    expect(await store.count(s, now)).toBeGreaterThan(1);
    expect((await store.list(s, { limit: 1000, offset: 0, nowMs: now })).records.map((r) => r.id)).toEqual([kept]);
    const queried = await store.query(s, { limit: 1000, nowMs: now });
    expect(queried.records.map((r) => r.id)).toEqual([kept]);
    expect(queried.total).toBe(1);
    // A host starting up rolls back every open batch at once, however young.
    expect(await store.rollBackOpenWrites()).toBeGreaterThan(0);
    expect(await store.count(s, Date.now())).toBe(1);
  });

  it('removes its own rows when the Subject was erased after its ids were reserved', async () => {
    const s = await subject('late');
    const first = await store.allocateIds(s, 10);
    await store.tombstoneSubject(s, Date.now());
    await expect(
      store.putAll(
        s,
        Array.from({ length: 10 }, (_, i) => record(s, first + i)),
      ),
    ).rejects.toBeInstanceOf(SubjectErasedError);
    expect(await store.count(s, Date.now())).toBe(0);
  });

  it('keeps none of a batch that recovery rolled back while it was still being written', async () => {
    const s = await subject('slow');
    const first = await store.allocateIds(s, 50);
    // Recovery takes the batch for abandoned between the writer's last row and its commit.
    let recovered = false;
    const slow = Object.create(doc) as DynamoDBDocumentClient;
    slow.send = (async (cmd: any) => {
      if (cmd instanceof DeleteCommand && !recovered) {
        recovered = true;
        await store.rollBackOpenWrites();
      }
      return doc.send(cmd);
    }) as DynamoDBDocumentClient['send'];
    await expect(
      new DynamoRecordStore(slow, cfg.tables.records).putAll(
        s,
        Array.from({ length: 50 }, (_, i) => record(s, first + i)),
      ),
    ).rejects.toThrow('rolled back');
    expect(recovered).toBe(true);
    expect(await store.count(s, Date.now())).toBe(0);
  });

  it('tallies within a deadline: exact when it finishes, a floor when it stops early', async () => {
    const s = await subject('tally');
    const first = await store.allocateIds(s, 2000);
    for (let at = 0; at < 2000; at += 500) {
      await store.putAll(
        s,
        Array.from({ length: 500 }, (_, i) => record(s, first + at + i)),
      );
    }
    expect(await store.tally(s, Date.now(), Number.POSITIVE_INFINITY)).toEqual({ count: 2000, complete: true });
    const early = await store.tally(s, Date.now(), Date.now() - 1);
    expect(early.complete).toBe(false);
    expect(early.count).toBeLessThan(2000);
  });

  it('deletes an id range, only the rows that exist, within a budget and to the end', async () => {
    const s = await subject('range');
    const before = await store.allocateIds(s, 1);
    const first = await store.allocateIds(s, 3000);
    const after = await store.allocateIds(s, 1);
    // A file that failed after two thirds of its reserved range.
    await store.putAll(
      s,
      Array.from({ length: 2000 }, (_, i) => record(s, first + i)),
    );
    await store.putAll(s, [record(s, before), record(s, after)]);
    expect(await store.deleteIdRange(s, { first, count: 3000 }, 1500)).toEqual({ deleted: 1500, done: false });
    expect(await store.deleteIdRange(s, { first, count: 3000 })).toEqual({ deleted: 500, done: true });
    expect(await store.deleteIdRange(s, { first, count: 3000 })).toEqual({ deleted: 0, done: true });
    const left = await store.list(s, { limit: 10, offset: 0, nowMs: Date.now() });
    expect(left.records.map((r) => r.id).sort((a, b) => a - b)).toEqual([before, after]);
  });

  it('filters expired rows on every read and sweeps them', async () => {
    const s = await subject('ttl');
    const now = Date.now();
    const first = await store.allocateIds(s, 2);
    await store.putAll(s, [
      record(s, first, { retention: '1h', expiresAt: expiryFor('1h', now) }),
      record(s, first + 1),
    ]);
    const later = now + 3_600_000 + 1000;
    expect(await store.count(s, now)).toBe(2);
    expect(await store.count(s, later)).toBe(1);
    expect((await store.list(s, { limit: 10, offset: 0, nowMs: later })).records).toHaveLength(1);
    expect(await store.sweepExpired(later, 10_000)).toBeGreaterThanOrEqual(1);
    expect(await store.count(s, now)).toBe(1);
  });

  it("announces a pass's expiring rows before deleting them, under the same batch name when the pass runs again", async () => {
    const s = await subject('expiring');
    const now = Date.now();
    const first = await store.allocateIds(s, 3);
    const expiresAt = expiryFor('1h', now);
    await store.putAll(
      s,
      [0, 1, 2].map((i) => record(s, first + i, { retention: '1h', expiresAt })),
    );
    const later = now + 3_600_000 + 1000;
    const announced: { counts: object; batch: { key: string; expiredAtMs: number } }[] = [];
    const mine = (subjectId: string) => subjectId === s;
    // The first pass dies after announcing: nothing is deleted, so the next pass announces the same batch.
    await expect(
      store.sweepExpired(later, 10_000, {
        onExpiring: async (subjectId, counts, batch) => {
          if (!mine(subjectId)) return;
          announced.push({ counts, batch });
          throw new Error('died after the send');
        },
      }),
    ).rejects.toThrow('died after the send');
    expect(await store.count(s, now)).toBe(3);
    await store.sweepExpired(later, 10_000, {
      onExpiring: async (subjectId, counts, batch) => {
        if (mine(subjectId)) announced.push({ counts, batch });
      },
    });
    expect(await store.count(s, now)).toBe(0);
    // Each expiry shard is its own pass: the died pass's batch comes again, whole and under its name.
    const [died, ...again] = announced;
    expect(again).toContainEqual(died);
    expect(again.reduce((n, a) => n + (a.counts as { records: number }).records, 0)).toBe(3);
    expect(new Set(again.map((a) => a.batch.key)).size).toBe(again.length);
    for (const a of announced) expect(a.batch.expiredAtMs).toBe(expiresAt! * 1000);
  });

  it('deletes session rows and closes the session once', async () => {
    const s = await subject('sess');
    const first = await store.allocateIds(s, 3);
    await store.putAll(s, [
      record(s, first, { retention: 'session', sessionId: 'a' }),
      record(s, first + 1, { retention: 'session', sessionId: 'b' }),
      record(s, first + 2),
    ]);
    await store.openSession(s, 'a', new Date().toISOString());
    expect(await store.deleteSession(s, 'a', Date.now())).toBe(1);
    expect(await store.closeSession(s, 'a', new Date().toISOString())).toBe(true);
    expect(await store.closeSession(s, 'a', new Date().toISOString())).toBe(false);
    expect(await store.count(s, Date.now())).toBe(2);
  });

  it('never purges a live Subject; purges a tombstoned one and refuses its writes', async () => {
    const s = await subject('purge');
    const first = await store.allocateIds(s, 2);
    await store.putAll(s, [record(s, first), record(s, first + 1)]);
    expect(await store.purgeSubject(s)).toBe(0);
    await store.tombstoneSubject(s, Date.now());
    await expect(store.allocateIds(s, 1)).rejects.toBeInstanceOf(SubjectErasedError);
    expect(await store.purgeSubject(s)).toBe(3);
    expect(await store.count(s, Date.now())).toBe(0);
    expect(await store.purgeSubject(s)).toBe(0);
  });

  it('sweeps an erased Subject whose purge job never ran', async () => {
    const s = await subject('orphan');
    const first = await store.allocateIds(s, 1);
    await store.putAll(s, [record(s, first)]);
    await store.tombstoneSubject(s, Date.now());
    await store.sweepExpired(Date.now() + 16 * 60_000, 10_000);
    expect(await store.count(s, Date.now())).toBe(0);
  });
});

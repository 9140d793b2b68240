import { createHash } from 'node:crypto';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoRecordStore } from '../../../shared/adapters/dynamo/dynamo-record-store';
import type { HealthRecord } from '../../../shared/domain/records';
import { type KeyedRow, type RecordStore, SubjectErasedError } from '../../../shared/ports/record-store';
import type { Subject } from '../../../shared/ports/subject-directory';
import type { Services } from '../../../shared/services/container';
import {
  deleteKeyedReadings,
  type ReadingToStore,
  readingDigest,
  writeKeyedReadings,
} from '../../../shared/services/record-writer';
import type { DynamoServer } from '../../support/dynamo-servers';
import {
  heartRateRecord,
  newSubject,
  dynamoServers as servers,
  startRecordStore,
  tablesConfig,
} from '../../support/record-store-fixture';

function row(subjectId: string, key: string, value: number, over: Partial<HealthRecord> = {}): KeyedRow {
  const time = over.time ?? '2026-01-01T08:00:00.000Z';
  const { id: _id, ...record } = heartRateRecord(subjectId, 0, {
    value: String(value),
    parsedValue: String(value),
    fhirResourceId: `obs-${key}-${value}`,
    time,
    comment: 'oura',
    fhir: { resourceType: 'Observation', id: `obs-${key}-${value}` },
    ...over,
  });
  return { key, digest: `${value}@${time}`, record };
}

/**
 * A document client whose key-item puts wait until `parties` of them have arrived: every writer has read its keys
 * as absent and stored its row before any claims the key, the worst interleaving of a race on a new key.
 */
function meetingAtKeyClaims(doc: DynamoDBDocumentClient, parties: number): DynamoDBDocumentClient {
  let arrived = 0;
  let release!: () => void;
  const allThere = new Promise<void>((resolve) => {
    release = resolve;
  });
  const wrapper = Object.create(doc) as DynamoDBDocumentClient;
  wrapper.send = (async (command: any) => {
    if (command instanceof PutCommand && String(command.input.Item?.sk).startsWith('K#') && arrived < parties) {
      if (++arrived === parties) release();
      await allThere;
    }
    return doc.send(command);
  }) as DynamoDBDocumentClient['send'];
  return wrapper;
}

/**
 * The adapter's seam to DynamoDB with a crash in it: the first `survives` requests go through, then the process is
 * gone and nothing more reaches the table (no cleanup either). `sent` counts what a whole write needs.
 */
function crashingAfter(doc: DynamoDBDocumentClient, survives: number) {
  let sent = 0;
  const client = Object.create(doc) as DynamoDBDocumentClient;
  client.send = (async (command: any) => {
    if (++sent > survives) throw new Error('injected: the worker crashed');
    return doc.send(command);
  }) as DynamoDBDocumentClient['send'];
  return { client, sent: () => sent };
}

/** A retry comes after the message's visibility timeout, past a write intent's 120 s: the crashed batch is abandoned. */
const RETRY_AFTER_MS = 121_000;

const pulseOptions = { subjectKey: 'u', source: 'api' as const, retention: 'permanent' as const, sessionId: null };

function bloodPressure(value: string): ReadingToStore {
  return {
    input: { indicator: 'Blood pressure', value, unit: 'mmHg' },
    time: '2026-01-02T07:00:00.000Z',
    endTime: null,
    comment: 'withings',
  };
}

describe.each(servers)('DynamoRecordStore keyed rows on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let store: DynamoRecordStore;
  const cfg = tablesConfig('test');

  beforeAll(async () => {
    ({ server, doc, store } = await startRecordStore(start, cfg));
  }, 90_000);
  afterAll(() => server?.stop());

  const subject = (name: string) => newSubject(store, name);

  async function rows(s: string, nowMs = Date.now()): Promise<HealthRecord[]> {
    return (await store.list(s, { limit: 1000, offset: 0, nowMs })).records;
  }

  it('adds absent keys, leaves unchanged ones alone, rewrites changed ones in place and in time order', async () => {
    const s = await subject('upsert');
    expect(
      await store.putKeyed(
        s,
        [row(s, 'a', 60, { time: '2026-01-01T08:00:00.000Z' }), row(s, 'b', 70, { time: '2026-01-01T09:00:00.000Z' })],
        Date.now(),
      ),
    ).toEqual({ added: 2, changed: 0, unchanged: 0 });
    const before = await rows(s);
    expect(before.map((r) => [r.value, r.id])).toEqual([
      ['70', 2],
      ['60', 1],
    ]);

    expect(
      await store.putKeyed(
        s,
        [row(s, 'a', 60, { time: '2026-01-01T08:00:00.000Z' }), row(s, 'b', 70, { time: '2026-01-01T09:00:00.000Z' })],
        Date.now(),
      ),
    ).toEqual({ added: 0, changed: 0, unchanged: 2 });
    expect((await rows(s)).map((r) => r.fhirResourceId)).toEqual(before.map((r) => r.fhirResourceId));

    // `a` is corrected and moved after `b`: same id, new value, now first in newest-first order.
    expect(
      await store.putKeyed(s, [row(s, 'a', 65, { time: '2026-01-01T10:00:00.000Z' }), row(s, 'c', 80)], Date.now()),
    ).toEqual({ added: 1, changed: 1, unchanged: 0 });
    const after = await rows(s);
    expect(after.map((r) => [r.value, r.id, r.time])).toEqual([
      ['65', 1, '2026-01-01T10:00:00.000Z'],
      ['70', 2, '2026-01-01T09:00:00.000Z'],
      ['80', 3, '2026-01-01T08:00:00.000Z'],
    ]);
    expect(after[0]!.fhir).toEqual({ resourceType: 'Observation', id: 'obs-a-65' });
    expect(await store.count(s, Date.now())).toBe(3);
    // A window read by time finds the moved row only at its new time.
    const early = await store.query(s, { toTime: '2026-01-01T08:30:00.000Z', limit: 10, nowMs: Date.now() });
    expect(early.records.map((r) => r.value)).toEqual(['80']);
  });

  it('keeps the last row of a key given twice in one write', async () => {
    const s = await subject('twice');
    expect(await store.putKeyed(s, [row(s, 'a', 60), row(s, 'a', 61)], Date.now())).toEqual({
      added: 1,
      changed: 0,
      unchanged: 0,
    });
    expect((await rows(s)).map((r) => r.value)).toEqual(['61']);
  });

  it.each([
    ['the same reading', 60, { added: 1, changed: 0, unchanged: 1 }, '60'],
    ['different readings', 61, { added: 1, changed: 1, unchanged: 0 }, null],
  ])('ends with one row when two writers race on one new key with %s', async (_what, second, total, value) => {
    const s = await subject('race');
    const racing = meetingAtKeyClaims(doc, 2);
    const one = new DynamoRecordStore(racing, cfg.tables.records);
    const two = new DynamoRecordStore(racing, cfg.tables.records);
    const outcomes = await Promise.all([
      one.putKeyed(s, [row(s, 'k', 60)], Date.now()),
      two.putKeyed(s, [row(s, 'k', second)], Date.now()),
    ]);
    const sum = outcomes.reduce((t, o) => ({
      added: t.added + o.added,
      changed: t.changed + o.changed,
      unchanged: t.unchanged + o.unchanged,
    }));
    expect(sum).toEqual(total);
    const left = await rows(s);
    expect(left).toHaveLength(1);
    // Both rows were stored before either claimed the key; the loser's is gone, and the key names the survivor.
    if (value) expect(left[0]!.value).toBe(value);
    expect(await store.count(s, Date.now())).toBe(1);
    expect(await store.putKeyed(s, [row(s, 'k', Number(left[0]!.value))], Date.now())).toEqual({
      added: 0,
      changed: 0,
      unchanged: 1,
    });
  });

  it('deletes by key, and a deleted key is written again later', async () => {
    const s = await subject('delkey');
    await store.putKeyed(s, [row(s, 'a', 60), row(s, 'b', 70)], Date.now());
    expect(await store.deleteKeyed(s, ['a', 'absent'], Date.now())).toBe(1);
    expect((await rows(s)).map((r) => r.value)).toEqual(['70']);
    expect(await store.deleteKeyed(s, ['a'], Date.now())).toBe(0);
    expect(await store.putKeyed(s, [row(s, 'a', 60), row(s, 'b', 70)], Date.now())).toEqual({
      added: 1,
      changed: 0,
      unchanged: 1,
    });
    expect(await store.count(s, Date.now())).toBe(2);
  });

  it.each([
    ['a row by id', (st: DynamoRecordStore, s: string, id: number) => st.delete(s, { id }, Date.now())],
    ['an indicator', (st: DynamoRecordStore, s: string) => st.delete(s, { indicator: 'heart' }, Date.now())],
    ['all rows', (st: DynamoRecordStore, s: string) => st.delete(s, { all: true }, Date.now())],
    ['a session', (st: DynamoRecordStore, s: string) => st.deleteSession(s, 'sess-1', Date.now())],
    ['an id range', (st: DynamoRecordStore, s: string, id: number) => st.deleteIdRange(s, { first: id, count: 1 })],
  ])('writes a row deleted through %s again on a later keyed write', async (_path, remove) => {
    const s = await subject('redo');
    const keyed = row(s, 'a', 60, { retention: 'session', sessionId: 'sess-1' });
    await store.putKeyed(s, [keyed], Date.now());
    const [stored] = await rows(s);
    await remove(store, s, stored!.id);
    expect(await store.count(s, Date.now())).toBe(0);
    expect(await store.putKeyed(s, [keyed], Date.now())).toEqual({ added: 1, changed: 0, unchanged: 0 });
    expect((await rows(s)).map((r) => r.value)).toEqual(['60']);
  });

  it('does not let an expired key item block a rewrite, and sweeps key items with their rows', async () => {
    const s = await subject('expiry');
    const now = Date.now();
    const expiresAt = Math.floor(now / 1000) + 60;
    await store.putKeyed(
      s,
      [row(s, 'a', 60, { retention: '1d', expiresAt }), row(s, 'b', 70, { retention: '1d', expiresAt })],
      now,
    );
    const later = now + 120_000;
    expect(await store.count(s, later)).toBe(0);
    // `a` is written again before the sweeper ran: a new row, not a live-looking key pointing at an expired one.
    expect(await store.putKeyed(s, [row(s, 'a', 60)], later)).toEqual({ added: 1, changed: 0, unchanged: 0 });
    await store.sweepExpired(later, 100_000);
    const keyB = await doc.send(
      new GetCommand({ TableName: cfg.tables.records, Key: { pk: s, sk: `K#${hashOf('b')}` } }),
    );
    expect(keyB.Item).toBeUndefined();
    const keyA = await doc.send(
      new GetCommand({ TableName: cfg.tables.records, Key: { pk: s, sk: `K#${hashOf('a')}` } }),
    );
    expect(keyA.Item?.rowId).toBe(3);
    expect((await rows(s, later)).map((r) => [r.value, r.id])).toEqual([['60', 3]]);
    expect(await store.putKeyed(s, [row(s, 'a', 60), row(s, 'b', 70)], later)).toEqual({
      added: 1,
      changed: 0,
      unchanged: 1,
    });
  });

  it('writes keyed readings through standardization with their FHIR mirror, a split reading as several keys', async () => {
    const s = await subject('writer');
    const services = { records: store } as unknown as Services;
    const subj = { subjectId: s } as Subject;
    const options = { subjectKey: 'u', source: 'api' as const, retention: 'permanent' as const, sessionId: null };
    const reading = (value: string, comment = 'oura'): ReadingToStore => ({
      input: { indicator: 'Blood pressure', value, unit: 'mmHg' },
      time: '2026-01-02T07:00:00.000Z',
      endTime: null,
      comment,
    });
    const steps: ReadingToStore = {
      input: { indicator: 'Steps', value: 8000 },
      time: '2026-01-02T00:00:00.000Z',
      endTime: '2026-01-03T00:00:00.000Z',
      comment: 'oura',
    };
    expect(
      await writeKeyedReadings(
        services,
        subj,
        [
          { key: 'bp-1', reading: reading('120/80') },
          { key: 'steps-1', reading: steps },
        ],
        options,
      ),
    ).toEqual({ added: 3, changed: 0, unchanged: 0 });
    const stored = await rows(s);
    expect(stored).toHaveLength(3);
    expect(stored.every((r) => (r.fhir as { resourceType?: string }).resourceType === 'Observation')).toBe(true);
    expect(stored.filter((r) => r.loincCode !== null).length).toBeGreaterThan(0);
    expect(await writeKeyedReadings(services, subj, [{ key: 'bp-1', reading: reading('120/80') }], options)).toEqual({
      added: 0,
      changed: 0,
      unchanged: 2,
    });
    expect(
      await writeKeyedReadings(
        services,
        subj,
        [{ key: 'bp-1', reading: reading('121/80', 'oura, corrected') }],
        options,
      ),
    ).toEqual({ added: 0, changed: 2, unchanged: 0 });
    expect(await store.count(s, Date.now())).toBe(3);
    // A provider's delete event names its own key: both rows of the split reading go.
    expect(await deleteKeyedReadings(services, s, ['bp-1', 'never-written'])).toBe(2);
    expect((await rows(s)).map((r) => r.indicator)).toEqual(['Steps']);
  });

  it('writes nothing into an erased Subject, new key or changed', async () => {
    const s = await subject('erased');
    await store.putKeyed(s, [row(s, 'a', 60)], Date.now());
    await store.tombstoneSubject(s, Date.now());
    await expect(store.putKeyed(s, [row(s, 'a', 61)], Date.now())).rejects.toBeInstanceOf(SubjectErasedError);
    await expect(store.putKeyed(s, [row(s, 'b', 70)], Date.now())).rejects.toBeInstanceOf(SubjectErasedError);
    expect(await store.count(s, Date.now())).toBe(0);
  });

  const writer = (records: RecordStore) => ({ records }) as unknown as Services;

  describe('a corrected reading making fewer rows', () => {
    it('replaces the key’s whole set: the row it no longer makes is deleted', async () => {
      const s = await subject('fewer');
      const subj = { subjectId: s } as Subject;
      expect(
        await writeKeyedReadings(writer(store), subj, [{ key: 'bp', reading: bloodPressure('120/80') }], pulseOptions),
      ).toEqual({ added: 2, changed: 0, unchanged: 0 });
      expect(await store.count(s, Date.now())).toBe(2);
      // The provider corrects the reading to the systolic value alone: one row now, under the key's first row.
      await writeKeyedReadings(writer(store), subj, [{ key: 'bp', reading: bloodPressure('121') }], pulseOptions);
      expect((await rows(s)).map((r) => r.value)).toEqual(['121']);
      expect(await store.count(s, Date.now())).toBe(1);
      // Written again as it is: nothing changes; corrected back: two rows again, the first under its old id.
      expect(
        await writeKeyedReadings(writer(store), subj, [{ key: 'bp', reading: bloodPressure('121') }], pulseOptions),
      ).toEqual({ added: 0, changed: 0, unchanged: 1 });
      expect(
        await writeKeyedReadings(writer(store), subj, [{ key: 'bp', reading: bloodPressure('122/81') }], pulseOptions),
      ).toEqual({ added: 1, changed: 1, unchanged: 0 });
      expect(await store.count(s, Date.now())).toBe(2);
    });

    it('a write stopped between the rows and the deletion leaves the stale row only until its retry', async () => {
      const s = await subject('fewer-retry');
      const subj = { subjectId: s } as Subject;
      await writeKeyedReadings(writer(store), subj, [{ key: 'bp', reading: bloodPressure('120/80') }], pulseOptions);
      let failing = true;
      const stopsBeforeDelete = Object.create(store) as RecordStore;
      stopsBeforeDelete.deleteKeyed = (subjectId, keys, nowMs) => {
        if (failing) {
          failing = false;
          return Promise.reject(new Error('injected: the worker stopped'));
        }
        return store.deleteKeyed(subjectId, keys, nowMs);
      };
      const corrected = [{ key: 'bp', reading: bloodPressure('121') }];
      await expect(writeKeyedReadings(writer(stopsBeforeDelete), subj, corrected, pulseOptions)).rejects.toThrow(
        'injected',
      );
      expect(await store.count(s, Date.now())).toBe(2);
      // The retry finds the reading unchanged and still deletes the row it no longer makes.
      expect(await writeKeyedReadings(writer(stopsBeforeDelete), subj, corrected, pulseOptions)).toEqual({
        added: 0,
        changed: 0,
        unchanged: 1,
      });
      expect((await rows(s)).map((r) => r.value)).toEqual(['121']);
    });
  });

  describe('a keyed write that crashes at any point', () => {
    const first = (s: string) => [row(s, 'a', 60)];
    const second = (s: string) => [row(s, 'a', 61), row(s, 'b', 70), row(s, 'c', 80)];

    it('is finished by its retry with exactly one set of rows, wherever it stopped', async () => {
      // How many requests a whole write makes, so every point between two of them is a crash tried below.
      const probe = await subject('probe');
      await store.putKeyed(probe, first(probe), Date.now());
      const counting = crashingAfter(doc, Number.POSITIVE_INFINITY);
      await new DynamoRecordStore(counting.client, cfg.tables.records).putKeyed(probe, second(probe), Date.now());
      const requests = counting.sent();
      expect(requests).toBeGreaterThan(5);

      for (let survives = 0; survives < requests; survives++) {
        const s = await subject(`crash${survives}`);
        const at = Date.now();
        await store.putKeyed(s, first(s), at);
        const crashing = new DynamoRecordStore(crashingAfter(doc, survives).client, cfg.tables.records);
        await expect(crashing.putKeyed(s, second(s), at), `crash after ${survives}`).rejects.toThrow('injected');

        const later = at + RETRY_AFTER_MS;
        await store.putKeyed(s, second(s), later);
        const left = (await rows(s, later)).map((r) => [r.fhirResourceId, r.value]).sort();
        expect(left, `crash after ${survives}`).toEqual([
          ['obs-a-61', '61'],
          ['obs-b-70', '70'],
          ['obs-c-80', '80'],
        ]);
        expect(await store.count(s, later), `crash after ${survives}`).toBe(3);
        // Every key names its row: the same write again changes nothing.
        expect(await store.putKeyed(s, second(s), later)).toEqual({ added: 0, changed: 0, unchanged: 3 });
      }
    }, 120_000);

    it('a retry while the crashed batch may still be committing waits, then refuses rather than duplicate', async () => {
      const s = await subject('early');
      const at = Date.now();
      // Intent, id allocation and both claims go through; the rows never do.
      const crashing = new DynamoRecordStore(crashingAfter(doc, 5).client, cfg.tables.records);
      await expect(crashing.putKeyed(s, [row(s, 'a', 60), row(s, 'b', 70)], at)).rejects.toThrow('injected');
      await expect(store.putKeyed(s, [row(s, 'a', 60), row(s, 'b', 70)], at)).rejects.toThrow('losing the race');
      expect(await store.count(s, at)).toBe(0);
      // Once the sweeper has rolled the batch back (its claims with it), the write goes through whole.
      await store.sweepExpired(at + RETRY_AFTER_MS, 100_000);
      expect(await store.putKeyed(s, [row(s, 'a', 60), row(s, 'b', 70)], at)).toEqual({
        added: 2,
        changed: 0,
        unchanged: 0,
      });
      expect(await store.count(s, at)).toBe(2);
    }, 30_000);
  });
});

describe('readingDigest', () => {
  const base: ReadingToStore = {
    input: { indicator: 'Steps', value: 8000, unit: null },
    time: '2026-01-02T00:00:00.000Z',
    endTime: null,
    comment: '',
  };
  it('changes with what the reading says and only with that', () => {
    const same = readingDigest(base);
    expect(readingDigest({ ...base, input: { ...base.input, value: '8000' } })).toBe(same);
    expect(readingDigest({ ...base, input: { ...base.input, flag: 'H' } })).toBe(same);
    for (const changed of [
      { ...base, input: { ...base.input, value: 8001 } },
      { ...base, input: { ...base.input, indicator: 'steps' } },
      { ...base, input: { ...base.input, unit: 'steps' } },
      { ...base, time: '2026-01-02T00:00:01.000Z' },
      { ...base, endTime: '2026-01-03T00:00:00.000Z' },
      { ...base, comment: 'oura' },
    ]) {
      expect(readingDigest(changed)).not.toBe(same);
    }
    expect(same).toMatch(/^[0-9a-f]{64}$/);
  });
});

function hashOf(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoRecordStore } from '../../../shared/adapters/dynamo/dynamo-record-store';
import { DynamoSubjectDirectory } from '../../../shared/adapters/dynamo/dynamo-subject-directory';
import type { HealthRecord } from '../../../shared/domain/records';
import { type DynamoServer, startDynalite } from '../../support/dynamo-servers';
import { heartRateRecord, startRecordStore, tablesConfig } from '../../support/record-store-fixture';

/** The store reads the console adds: the time index alone, a Subject's sessions, and pages of an account's Subjects. */
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

/** A reading taken `id` days after T0. */
function record(subjectId: string, id: number, over: Partial<HealthRecord> = {}): HealthRecord {
  return heartRateRecord(subjectId, id, { time: new Date(T0 + id * DAY).toISOString(), ...over });
}

let server: DynamoServer;
let doc: DynamoDBDocumentClient;
let store: DynamoRecordStore;
let directory: DynamoSubjectDirectory;
const cfg = tablesConfig('c', { HDS_TABLE_IDENTITY: 'identity-c' });

beforeAll(async () => {
  ({ server, doc, store } = await startRecordStore(startDynalite, cfg));
  directory = new DynamoSubjectDirectory(doc, cfg.tables.accounts, store);
}, 90_000);
afterAll(() => server?.stop());

async function seeded(rows: ((id: number) => Partial<HealthRecord>)[]): Promise<string> {
  const s = `sbj_${Math.random().toString(36).slice(2)}`;
  await store.createSubject(s, 'acct', 'k', new Date().toISOString());
  const first = await store.allocateIds(s, rows.length);
  await store.putAll(
    s,
    rows.map((over, i) => record(s, first + i, over(first + i))),
  );
  return s;
}

describe('DynamoRecordStore.scanReadings', () => {
  it('reads the index fields newest first, by code or text, in a window, leaving out expired rows', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const s = await seeded([
      () => ({ parsedValue: '55', referenceLow: 60, referenceHigh: 100 }),
      () => ({ indicator: 'Mood  Score', loincCode: null, canonicalName: null, parsedValue: null, abnormal: false }),
      () => ({ parsedValue: '70', abnormal: true }),
      () => ({ expiresAt: past }),
    ]);
    const now = Date.now();
    const all = await store.scanReadings(s, { limit: 10, nowMs: now, deadlineMs: now + 10_000 });
    expect(all.complete).toBe(true);
    expect(all.rows).toEqual([
      {
        id: 3,
        time: new Date(T0 + 3 * DAY).toISOString(),
        loincCode: '8867-4',
        indicatorLower: 'heart rate',
        parsedValue: '70',
        abnormal: true,
        referenceLow: null,
        referenceHigh: null,
      },
      expect.objectContaining({ id: 2, loincCode: null, indicatorLower: 'mood  score', parsedValue: null }),
      expect.objectContaining({ id: 1, parsedValue: '55', referenceLow: 60, referenceHigh: 100 }),
    ]);
    const coded = await store.scanReadings(s, { code: '8867-4', limit: 10, nowMs: now, deadlineMs: now + 10_000 });
    expect(coded.rows.map((r) => r.id)).toEqual([3, 1]);
    const text = await store.scanReadings(s, { text: 'SCORE', limit: 10, nowMs: now, deadlineMs: now + 10_000 });
    expect(text.rows.map((r) => r.id)).toEqual([2]);
    const window = await store.scanReadings(s, {
      fromTime: new Date(T0 + 2 * DAY).toISOString(),
      toTime: new Date(T0 + 2 * DAY).toISOString(),
      limit: 10,
      nowMs: now,
      deadlineMs: now + 10_000,
    });
    expect(window.rows.map((r) => r.id)).toEqual([2]);
    const limited = await store.scanReadings(s, { limit: 2, nowMs: now, deadlineMs: now + 10_000 });
    expect(limited).toMatchObject({ complete: false, rows: [{ id: 3 }, { id: 2 }] });
    const rows = await store.getRows(s, [1, 4, 99], now);
    expect(rows.map((r) => [r.id, r.indicator, r.fhir])).toEqual([[1, 'Heart rate', {}]]);
  });
});

describe('DynamoRecordStore.listSessions', () => {
  it('lists open and closed sessions, most recently opened first', async () => {
    const s = await seeded([]);
    await store.openSession(s, 'a', '2026-01-01T00:00:00.000Z');
    await store.openSession(s, 'b', '2026-01-02T00:00:00.000Z');
    expect(await store.closeSession(s, 'a', '2026-01-03T00:00:00.000Z')).toBe(true);
    expect(await store.listSessions(s)).toEqual([
      { sessionId: 'b', status: 'open', openedAt: '2026-01-02T00:00:00.000Z', closedAt: null },
      { sessionId: 'a', status: 'closed', openedAt: '2026-01-01T00:00:00.000Z', closedAt: '2026-01-03T00:00:00.000Z' },
    ]);
  });
});

describe('DynamoSubjectDirectory.listPage', () => {
  it('pages Subject keys in order after a key, leaving out one being erased', async () => {
    const account = `acct_${Math.random().toString(36).slice(2)}`;
    const made = await Promise.all(['d', 'a', 'c', 'b', 'e'].map((k) => directory.findOrCreate(account, k)));
    const c = made[2]!;
    expect(await directory.markErasing(account, 'c', c.subjectId)).toBe(true);
    const first = await directory.listPage(account, { limit: 2 });
    expect(first.subjects.map((x) => x.key)).toEqual(['a', 'b']);
    expect(first.next).toBe('b');
    const second = await directory.listPage(account, { limit: 2, after: first.next });
    expect(second.subjects.map((x) => x.key)).toEqual(['d', 'e']);
    expect(second.next).toBeUndefined();
    expect(second.subjects[0]).toMatchObject({ accountId: account, subjectId: made[0]!.subjectId });
    expect((await directory.listPage(account, { limit: 10, after: 'zzz' })).subjects).toEqual([]);
  });
});

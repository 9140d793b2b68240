import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTables } from '../../../infra/local/tables';
import { DynamoCareCircle } from '../../../shared/adapters/dynamo/dynamo-care-circle';
import { DynamoFileCatalog } from '../../../shared/adapters/dynamo/dynamo-file-catalog';
import type { DynamoRecordStore } from '../../../shared/adapters/dynamo/dynamo-record-store';
import { readConfig } from '../../../shared/config/config';
import type { HealthRecord } from '../../../shared/domain/records';
import { expiryFor } from '../../../shared/domain/retention';
import { SubjectErasedError } from '../../../shared/ports/record-store';
import { type DynamoServer, startDynalite } from '../../support/dynamo-servers';
import { captureLogs, logEntries } from '../../support/log-capture';
import {
  heartRateRecord,
  newSubject,
  dynamoServers as servers,
  startRecordStore,
  tablesConfig,
} from '../../support/record-store-fixture';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

/** A reading taken `id` days after T0. */
function record(subjectId: string, id: number, over: Partial<HealthRecord> = {}): HealthRecord {
  return heartRateRecord(subjectId, id, { time: new Date(T0 + id * DAY).toISOString(), ...over });
}

describe.each(servers)('DynamoRecordStore.query and the care circle on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let store: DynamoRecordStore;
  const cfg = tablesConfig('q');

  beforeAll(async () => {
    ({ server, doc, store } = await startRecordStore(start, cfg));
  }, 90_000);
  afterAll(() => server?.stop());

  const subject = (name: string) => newSubject(store, name);

  async function seed(s: string, rows: ((id: number) => Partial<HealthRecord>)[]): Promise<void> {
    const first = await store.allocateIds(s, rows.length);
    await store.putAll(
      s,
      rows.map((over, i) => record(s, first + i, over(first + i))),
    );
  }

  it('filters by codes or text, newest first, counting every match and leaving out the FHIR mirror', async () => {
    const s = await subject('codes');
    await seed(s, [
      () => ({}),
      () => ({ indicator: 'GLU', loincCode: '2345-7', canonicalName: 'Glucose [Mass/volume] in Serum or Plasma' }),
      () => ({
        indicator: 'Glucose',
        loincCode: '14749-6',
        canonicalName: 'Glucose [Moles/volume] in Serum or Plasma',
      }),
      () => ({ indicator: 'Blood sugar (home meter)', loincCode: null, canonicalName: null }),
      () => ({}),
    ]);
    const now = Date.now();
    const byCode = await store.query(s, { codes: ['2345-7', '14749-6'], limit: 10, nowMs: now });
    expect(byCode.records.map((r) => r.indicator)).toEqual(['Glucose', 'GLU']);
    expect(byCode).toMatchObject({ total: 2, totalCapped: false, hasMore: false });
    expect(byCode.records[0]!.fhir).toEqual({});
    expect(byCode.records[0]!.fhirResourceId).toBe(`obs-${byCode.records[0]!.id}`);

    const either = await store.query(s, { codes: ['2345-7'], text: 'sugar', limit: 10, nowMs: now });
    expect(either.records.map((r) => r.indicator)).toEqual(['Blood sugar (home meter)', 'GLU']);

    const page = await store.query(s, { limit: 2, nowMs: now });
    expect(page.records).toHaveLength(2);
    expect(page).toMatchObject({ total: 5, hasMore: true, totalCapped: false });
    const capped = await store.query(s, { limit: 1, countCap: 3, nowMs: now });
    expect(capped).toMatchObject({ total: 3, totalCapped: true, hasMore: true });
  });

  it('bounds the window on the time key, both ends inclusive', async () => {
    const s = await subject('window');
    await seed(s, [() => ({}), () => ({}), () => ({}), () => ({}), () => ({})]);
    const [a, b, c, d] = [1, 2, 3, 4].map((id) => new Date(T0 + id * DAY).toISOString());
    const now = Date.now();
    const mid = await store.query(s, { fromTime: b, toTime: c, limit: 10, nowMs: now });
    expect(mid.records.map((r) => r.time)).toEqual([c, b]);
    expect((await store.query(s, { fromTime: d, limit: 10, nowMs: now })).records.map((r) => r.id)).toEqual([5, 4]);
    expect((await store.query(s, { toTime: a, limit: 10, nowMs: now })).records.map((r) => r.id)).toEqual([1]);
    expect((await store.query(s, { fromTime: c, toTime: b, limit: 10, nowMs: now })).total).toBe(0);
  });

  it('keeps abnormal rows: flagged, or outside their range, whatever the flag', async () => {
    const s = await subject('abnormal');
    await seed(s, [
      () => ({ abnormal: true }),
      () => ({ parsedValue: '120', referenceLow: 50, referenceHigh: 100, abnormal: null }),
      () => ({ parsedValue: '80', referenceLow: 50, referenceHigh: 100, abnormal: false }),
      () => ({ parsedValue: '40', referenceLow: 50, referenceHigh: null }),
      () => ({ parsedValue: null, value: 'n/a', referenceHigh: 100 }),
      () => ({}),
    ]);
    const out = await store.query(s, { abnormalOnly: true, limit: 10, nowMs: Date.now() });
    expect(out.records.map((r) => r.id).sort()).toEqual([1, 2, 4]);
    expect(out.total).toBe(3);
  });

  it('never returns rows expired at nowMs, nor another Subject’s', async () => {
    const s = await subject('expiry');
    const other = await subject('other');
    const now = Date.now();
    await seed(s, [() => ({ retention: '1h', expiresAt: expiryFor('1h', now) }), () => ({})]);
    await seed(other, [() => ({})]);
    expect((await store.query(s, { limit: 10, nowMs: now })).total).toBe(2);
    const later = await store.query(s, { limit: 10, nowMs: now + 2 * 3_600_000 });
    expect(later.records.map((r) => r.id)).toEqual([2]);
    expect(later.total).toBe(1);
  });

  it('keeps care-circle members in the Subject’s partition, out of every row and file read, until the purge', async () => {
    const s = await subject('family');
    const circle = new DynamoCareCircle(doc, cfg.tables.records);
    const files = new DynamoFileCatalog(doc, cfg.tables.records);
    await seed(s, [() => ({})]);
    const member = {
      id: 'fm_1',
      subjectId: s,
      name: 'Maria',
      relationship: 'mother',
      memberSubjectKey: 'maria',
      notes: 'type 2 diabetes',
      createdAt: 1,
    };
    await circle.add(member);
    await circle.add({ ...member, id: 'fm_2', name: 'Tom', memberSubjectKey: null, notes: '', createdAt: 2 });
    expect((await circle.list(s)).map((m) => m.name)).toEqual(['Maria', 'Tom']);
    expect((await circle.list(s))[0]).toEqual(member);
    const now = Date.now();
    expect(await store.count(s, now)).toBe(1);
    expect((await store.query(s, { limit: 10, nowMs: now })).total).toBe(1);
    expect((await store.list(s, { limit: 10, offset: 0, nowMs: now })).records).toHaveLength(1);
    expect(await files.list(s, now)).toEqual([]);
    // The sweeper (which sees the whole table) and a delete of every row leave the members alone.
    await store.sweepExpired(now + 30 * DAY, 10_000);
    expect(await store.delete(s, { all: true }, now)).toBe(1);
    expect(await circle.list(s)).toHaveLength(2);

    expect(await circle.remove(s, 'fm_2')).toBe(true);
    expect(await circle.remove(s, 'fm_2')).toBe(false);
    expect(await circle.remove(`${s}x`, 'fm_1')).toBe(false);

    await store.tombstoneSubject(s, now);
    await expect(circle.add({ ...member, id: 'fm_3' })).rejects.toBeInstanceOf(SubjectErasedError);
    await store.purgeSubject(s);
    expect(await circle.list(s)).toEqual([]);
  });
});

describe('a local table from an older version', () => {
  it('is reported at start when an index lacks attributes it now projects', async () => {
    const server = await startDynalite();
    try {
      const client = new DynamoDBClient({ region: 'us-east-1', endpoint: server.endpoint });
      const cfg = readConfig({
        HDS_TABLE_RECORDS: 'old-records',
        HDS_TABLE_ACCOUNTS: 'old-a',
        HDS_TABLE_RATE_LIMITS: 'old-rl',
      });
      await client.send(
        new CreateTableCommand({
          TableName: 'old-records',
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [
            { AttributeName: 'pk', AttributeType: 'S' },
            { AttributeName: 'sk', AttributeType: 'S' },
            { AttributeName: 'timeKey', AttributeType: 'S' },
          ],
          KeySchema: [
            { AttributeName: 'pk', KeyType: 'HASH' },
            { AttributeName: 'sk', KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: [
            {
              IndexName: 'byTime',
              KeySchema: [
                { AttributeName: 'pk', KeyType: 'HASH' },
                { AttributeName: 'timeKey', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['expiresAt', 'searchText'] },
            },
          ],
        }),
      );
      const warnings = logEntries(await captureLogs('warn', () => ensureTables(client, cfg)));
      const byTime = warnings.find((w) => w.index === 'byTime');
      expect(byTime).toMatchObject({ level: 'WARN', table: 'records', missing: expect.arrayContaining(['loincCode']) });
      expect(warnings.map((w) => w.index).sort()).toEqual(['byExpiry', 'bySession', 'byTime']);
    } finally {
      await server.stop();
    }
  });
});

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTables } from '../../../infra/local/tables';
import { createDocumentClient } from '../../../shared/adapters/dynamo/client';
import { DynamoRecordStore } from '../../../shared/adapters/dynamo/dynamo-record-store';
import { readConfig } from '../../../shared/config/config';
import type { HealthRecord } from '../../../shared/domain/records';
import type { KeyedRow, RecordStore } from '../../../shared/ports/record-store';
import type { Subject } from '../../../shared/ports/subject-directory';
import type { Services } from '../../../shared/services/container';
import { type ReadingToStore, writeKeyedReadings } from '../../../shared/services/record-writer';
import { type DynamoServer, hasJava, startDynalite, startDynamoDbLocal } from '../../support/dynamo-servers';

/**
 * Keyed writes that must lose nothing and duplicate nothing (design wearables §10, §19 "Durability"): a corrected
 * reading making fewer rows replaces its key's whole set, and a write stopped at any point is finished by its retry
 * with exactly one set of rows. Same fixtures as `dynamo-record-store-keyed.test.ts`, on dynalite and DynamoDB Local.
 */
process.env.AWS_ACCESS_KEY_ID ??= 'local';
process.env.AWS_SECRET_ACCESS_KEY ??= 'local';

const servers: [string, () => Promise<DynamoServer>][] = [['dynalite', startDynalite]];
if (hasJava()) servers.push(['DynamoDB Local', startDynamoDbLocal]);
else console.warn('java not found: the DynamoDB Local half of this suite cannot run here');

const options = { subjectKey: 'u', source: 'api' as const, retention: 'permanent' as const, sessionId: null };

function bloodPressure(value: string): ReadingToStore {
  return {
    input: { indicator: 'Blood pressure', value, unit: 'mmHg' },
    time: '2026-01-02T07:00:00.000Z',
    endTime: null,
    comment: 'withings',
  };
}

/** A keyed heart-rate row (the adapter's own tests use the same shape). */
function row(subjectId: string, key: string, value: number): KeyedRow {
  return {
    key,
    digest: `${value}`,
    record: {
      subjectId,
      indicator: 'Heart rate',
      value: String(value),
      parsedValue: String(value),
      parsedUnit: '/min',
      loincCode: '8867-4',
      canonicalName: 'Heart rate',
      fhirResourceId: `obs-${key}-${value}`,
      time: '2026-01-01T08:00:00.000Z',
      endTime: null,
      source: 'api',
      comment: 'oura',
      referenceLow: null,
      referenceHigh: null,
      referenceText: null,
      abnormal: null,
      sessionId: null,
      fileKey: null,
      retention: 'permanent',
      expiresAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      fhir: { resourceType: 'Observation', id: `obs-${key}-${value}` },
    },
  };
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

describe.each(servers)('keyed writes that stop half-way, on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let store: DynamoRecordStore;
  const cfg = readConfig({
    HDS_TABLE_RECORDS: 'records-test',
    HDS_TABLE_ACCOUNTS: 'accounts-test',
    HDS_TABLE_RATE_LIMITS: 'rl-test',
  });

  beforeAll(async () => {
    server = await start();
    const endpoint = server.endpoint;
    await ensureTables(new DynamoDBClient({ region: 'us-east-1', endpoint }), cfg);
    doc = createDocumentClient({ region: 'us-east-1', dynamoEndpoint: endpoint });
    store = new DynamoRecordStore(doc, cfg.tables.records);
  }, 90_000);
  afterAll(() => server?.stop());

  async function subject(name: string): Promise<string> {
    const id = `sbj_${name}_${Math.random().toString(36).slice(2)}`;
    await store.createSubject(id, 'acct', name, new Date().toISOString());
    return id;
  }

  async function rows(s: string, nowMs = Date.now()): Promise<HealthRecord[]> {
    return (await store.list(s, { limit: 1000, offset: 0, nowMs })).records;
  }

  const writer = (records: RecordStore) => ({ records }) as unknown as Services;

  describe('a corrected reading making fewer rows', () => {
    it('replaces the key’s whole set: the row it no longer makes is deleted', async () => {
      const s = await subject('fewer');
      const subj = { subjectId: s } as Subject;
      expect(
        await writeKeyedReadings(writer(store), subj, [{ key: 'bp', reading: bloodPressure('120/80') }], options),
      ).toEqual({ added: 2, changed: 0, unchanged: 0 });
      expect(await store.count(s, Date.now())).toBe(2);
      // The provider corrects the reading to the systolic value alone: one row now, under the key's first row.
      await writeKeyedReadings(writer(store), subj, [{ key: 'bp', reading: bloodPressure('121') }], options);
      expect((await rows(s)).map((r) => r.value)).toEqual(['121']);
      expect(await store.count(s, Date.now())).toBe(1);
      // Written again as it is: nothing changes; corrected back: two rows again, the first under its old id.
      expect(
        await writeKeyedReadings(writer(store), subj, [{ key: 'bp', reading: bloodPressure('121') }], options),
      ).toEqual({ added: 0, changed: 0, unchanged: 1 });
      expect(
        await writeKeyedReadings(writer(store), subj, [{ key: 'bp', reading: bloodPressure('122/81') }], options),
      ).toEqual({ added: 1, changed: 1, unchanged: 0 });
      expect(await store.count(s, Date.now())).toBe(2);
    });

    it('a write stopped between the rows and the deletion leaves the stale row only until its retry', async () => {
      const s = await subject('fewer-retry');
      const subj = { subjectId: s } as Subject;
      await writeKeyedReadings(writer(store), subj, [{ key: 'bp', reading: bloodPressure('120/80') }], options);
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
      await expect(writeKeyedReadings(writer(stopsBeforeDelete), subj, corrected, options)).rejects.toThrow('injected');
      expect(await store.count(s, Date.now())).toBe(2);
      // The retry finds the reading unchanged and still deletes the row it no longer makes.
      expect(await writeKeyedReadings(writer(stopsBeforeDelete), subj, corrected, options)).toEqual({
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

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTables } from '../../../infra/local/tables';
import { createDocumentClient } from '../../../shared/adapters/dynamo/client';
import { DynamoRecordStore } from '../../../shared/adapters/dynamo/dynamo-record-store';
import { readConfig } from '../../../shared/config/config';
import type { HealthRecord } from '../../../shared/domain/records';
import type { RecordStore } from '../../../shared/ports/record-store';
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
});

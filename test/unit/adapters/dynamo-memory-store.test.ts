import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTables } from '../../../infra/local/tables';
import { queryAll } from '../../../shared/adapters/dynamo/batch';
import { createDocumentClient } from '../../../shared/adapters/dynamo/client';
import { DynamoCareCircle } from '../../../shared/adapters/dynamo/dynamo-care-circle';
import { DynamoFileCatalog } from '../../../shared/adapters/dynamo/dynamo-file-catalog';
import { DynamoMemoryStore } from '../../../shared/adapters/dynamo/dynamo-memory-store';
import { DynamoRecordStore } from '../../../shared/adapters/dynamo/dynamo-record-store';
import { readConfig } from '../../../shared/config/config';
import { SubjectErasedError } from '../../../shared/ports/record-store';
import type { DynamoServer } from '../../support/dynamo-servers';
import { dynamoServers as servers } from '../../support/record-store-fixture';

process.env.HDS_LOG_LEVEL ??= 'silent';

const T0 = Date.UTC(2030, 0, 1);
const T0_S = T0 / 1000;

const source = (n: number, conversationId = 'conv_a') => ({
  conversationId,
  responseId: `resp_${String(n).padStart(32, '0')}`,
  createdAt: T0_S + n,
});

describe.each(servers)('DynamoMemoryStore on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let store: DynamoMemoryStore;
  let records: DynamoRecordStore;
  const cfg = readConfig({
    HDS_TABLE_RECORDS: 'records-test',
    HDS_TABLE_ACCOUNTS: 'accounts-test',
    HDS_TABLE_RATE_LIMITS: 'rl-test',
  });

  beforeAll(async () => {
    server = await start();
    await ensureTables(new DynamoDBClient({ region: 'us-east-1', endpoint: server.endpoint }), cfg);
    doc = createDocumentClient({ region: 'us-east-1', dynamoEndpoint: server.endpoint });
    records = new DynamoRecordStore(doc, cfg.tables.records);
    store = new DynamoMemoryStore(doc, cfg.tables.records);
  }, 90_000);
  afterAll(() => server?.stop());

  async function subject(name: string): Promise<string> {
    const id = `sbj_${name}_${Math.random().toString(36).slice(2)}`;
    await records.createSubject(id, 'acct', name, new Date(T0).toISOString());
    return id;
  }

  async function partition(subjectId: string): Promise<string[]> {
    const { items } = await queryAll(doc, {
      TableName: cfg.tables.records,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': subjectId },
      ProjectionExpression: 'sk',
      ConsistentRead: true,
    });
    return items.map((i) => String(i.sk)).sort();
  }

  it('stores the memories of a response and lists them newest response first, in stated order', async () => {
    const s = await subject('list');
    await store.add(s, source(1), [{ text: 'I am vegetarian', kind: 'diet' }]);
    const added = await store.add(s, source(2), [
      { text: 'I take metformin', kind: 'medication' },
      { text: 'I have type 2 diabetes', kind: null },
    ]);
    expect(added[0]).toEqual({
      id: `mem_${'0'.repeat(31)}2_0`,
      subjectId: s,
      text: 'I take metformin',
      kind: 'medication',
      conversationId: 'conv_a',
      responseId: source(2).responseId,
      createdAt: T0_S + 2,
    });
    expect((await store.list(s, 50)).map((m) => m.text)).toEqual([
      'I take metformin',
      'I have type 2 diabetes',
      'I am vegetarian',
    ]);
    expect((await store.list(s, 50))[1]!.kind).toBeNull();
    expect(await store.list(s, 1)).toHaveLength(1);
    expect(await store.list(s, 0)).toEqual([]);
  });

  it('is idempotent per response: a second add replaces the first, extra ones included', async () => {
    const s = await subject('idem');
    const first = [
      { text: 'a', kind: null },
      { text: 'b', kind: null },
      { text: 'c', kind: null },
    ];
    await store.add(s, source(1), first);
    await store.add(s, source(1), first);
    expect(await store.list(s, 50)).toHaveLength(3);
    await store.add(s, source(1), [{ text: 'b2', kind: null }]);
    expect((await store.list(s, 50)).map((m) => m.text)).toEqual(['b2']);
    await store.add(s, source(1), []);
    expect(await store.list(s, 50)).toEqual([]);
  });

  it('retracts exactly the memories of one conversation', async () => {
    const s = await subject('retract');
    await store.add(s, source(1, 'conv_a'), [{ text: 'a1', kind: null }]);
    await store.add(s, source(2, 'conv_a'), [
      { text: 'a2', kind: null },
      { text: 'a3', kind: null },
    ]);
    await store.add(s, source(3, 'conv_b'), [{ text: 'b1', kind: null }]);
    expect(await store.retractConversation(s, 'conv_a')).toBe(3);
    expect((await store.list(s, 50)).map((m) => m.text)).toEqual(['b1']);
    expect(await store.retractConversation(s, 'conv_a')).toBe(0);
  });

  it("never reaches another Subject's memories", async () => {
    const alice = await subject('alice');
    const bob = await subject('bob');
    await store.add(alice, source(1, 'conv_shared'), [{ text: 'alice fact', kind: null }]);
    expect(await store.list(bob, 50)).toEqual([]);
    expect(await store.retractConversation(bob, 'conv_shared')).toBe(0);
    expect(await store.list(alice, 50)).toHaveLength(1);
  });

  it('stays out of rows, files, care circle, session deletes and the sweeper', async () => {
    const s = await subject('apart');
    await store.add(s, source(1), [{ text: 'I am vegan', kind: 'diet' }]);
    const now = Date.now();
    expect(await records.count(s, now)).toBe(0);
    expect((await records.list(s, { limit: 50, offset: 0, nowMs: now })).records).toEqual([]);
    expect((await records.query(s, { limit: 50, nowMs: now })).total).toBe(0);
    expect(await records.delete(s, { all: true }, now)).toBe(0);
    expect(await records.deleteSession(s, 'S', now)).toBe(0);
    expect(await new DynamoFileCatalog(doc, cfg.tables.records).list(s, now)).toEqual([]);
    expect(await new DynamoCareCircle(doc, cfg.tables.records).list(s)).toEqual([]);
    await records.sweepExpired(now + 3650 * 86_400_000, 10_000);
    expect(await store.list(s, 50)).toHaveLength(1);
  });

  it('refuses an erased Subject, and the purge of its partition removes its memories', async () => {
    const s = await subject('erase');
    await store.add(s, source(1), [{ text: 'I am vegan', kind: 'diet' }]);
    await records.tombstoneSubject(s, T0);
    await expect(store.add(s, source(2), [{ text: 'x', kind: null }])).rejects.toBeInstanceOf(SubjectErasedError);
    await records.purgeSubject(s);
    expect(await partition(s)).toEqual([]);
    expect(await store.list(s, 50)).toEqual([]);
    await expect(store.add(s, source(3), [])).rejects.toBeInstanceOf(SubjectErasedError);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectTaggingCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulators, startEmulators } from '../../../infra/local/emulators';
import { ensureTables } from '../../../infra/local/tables';
import { queryAll } from '../../../shared/adapters/dynamo/batch';
import { createDocumentClient } from '../../../shared/adapters/dynamo/client';
import { DynamoCareCircle } from '../../../shared/adapters/dynamo/dynamo-care-circle';
import {
  DynamoConversationStore,
  INLINE_BODY_MAX_BYTES,
} from '../../../shared/adapters/dynamo/dynamo-conversation-store';
import { DynamoFileCatalog } from '../../../shared/adapters/dynamo/dynamo-file-catalog';
import { DynamoRecordStore } from '../../../shared/adapters/dynamo/dynamo-record-store';
import { SUBJECT_SK } from '../../../shared/adapters/dynamo/records-layout';
import { createS3Client } from '../../../shared/adapters/s3/client';
import { S3BlobStore } from '../../../shared/adapters/s3/s3-blob-store';
import { readConfig } from '../../../shared/config/config';
import { subjectPrefix } from '../../../shared/domain/files';
import type { HealthRecord } from '../../../shared/domain/records';
import {
  EXPIRING_BODY_TAG,
  RESPONSE_TTL_SECONDS,
  responseExpiresAt,
  type StoredResponse,
} from '../../../shared/ports/conversation-store';
import { SubjectErasedError, type SweepHooks } from '../../../shared/ports/record-store';
import type { DynamoServer } from '../../support/dynamo-servers';
import { heartRateRecord, dynamoServers as servers } from '../../support/record-store-fixture';

process.env.HDS_LOG_LEVEL ??= 'silent';

const BUCKET = 'conversations-test';
const DAY = 86_400;
const T0 = Date.UTC(2030, 0, 1);
const T0_S = T0 / 1000;

let emulators: Emulators;
let scratch: string;
let s3: S3Client;
let blobs: S3BlobStore;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'hds-conv-'));
  emulators = await startEmulators({ dynamo: false, s3: true, bucket: BUCKET, scratchDir: scratch });
  s3 = createS3Client({
    region: 'us-east-1',
    s3Endpoint: emulators.s3Endpoint,
    s3Credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  blobs = new S3BlobStore(s3, BUCKET);
});
afterAll(async () => {
  s3?.destroy();
  await emulators?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function objectsUnder(prefix: string): Promise<string[]> {
  const out = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

function stored(subjectId: string, over: Partial<StoredResponse> = {}): StoredResponse {
  const id = `resp_${randomBytes(16).toString('hex')}`;
  const sessionId = over.sessionId ?? null;
  return {
    id,
    subjectId,
    conversationId: `conv_${id.slice(5)}`,
    sessionId,
    createdAt: T0_S,
    expiresAt: responseExpiresAt(T0_S, sessionId),
    mode: 'agent',
    response: { id, object: 'response', created_at: T0_S, status: 'completed', output_text: 'Your heart rate is 72.' },
    inputItems: [],
    transcript: [
      { role: 'user', content: 'How is my heart rate?' },
      { role: 'assistant', content: null, toolCalls: [{ id: 'call_1', name: 'query_health_data', arguments: '{}' }] },
      { role: 'tool', toolCallId: 'call_1', content: '[{"indicator":"Heart rate","value":"72 bpm"}]' },
      { role: 'assistant', content: 'Your heart rate is 72.' },
    ],
    pendingCalls: [],
    resumed: false,
    turnStart: 0,
    consolidated: false,
    ...over,
  };
}

/** A transcript whose tool results do not compress: several rounds of 16 KB, well past the inline limit. */
function largeTranscript(): StoredResponse['transcript'] {
  return Array.from({ length: 30 }, (_, i) => ({
    role: 'tool' as const,
    toolCallId: `call_${i}`,
    content: randomBytes(12_000).toString('base64'),
  }));
}

function row(subjectId: string, id: number, over: Partial<HealthRecord> = {}): HealthRecord {
  return heartRateRecord(subjectId, id, { value: '72', parsedValue: '72', ...over });
}

describe.each(servers)('DynamoConversationStore on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let store: DynamoConversationStore;
  let records: DynamoRecordStore;
  const cfg = readConfig({
    HDS_TABLE_RECORDS: 'records-test',
    HDS_TABLE_ACCOUNTS: 'accounts-test',
    HDS_TABLE_RATE_LIMITS: 'rl-test',
  });
  /** The sweeper's hooks as `sweep-retention` wires them. */
  const hooks: SweepHooks = {
    onExpiredObjects: (keys) => blobs.delete(keys),
    onErasedSubject: async (subjectId) => {
      await blobs.deletePrefix(subjectPrefix(subjectId));
    },
  };

  beforeAll(async () => {
    server = await start();
    await ensureTables(new DynamoDBClient({ region: 'us-east-1', endpoint: server.endpoint }), cfg);
    doc = createDocumentClient({ region: 'us-east-1', dynamoEndpoint: server.endpoint });
    records = new DynamoRecordStore(doc, cfg.tables.records);
    store = new DynamoConversationStore(doc, cfg.tables.records, blobs);
  }, 90_000);
  afterAll(() => server?.stop());

  async function subject(name: string): Promise<string> {
    const id = `sbj_${name}_${Math.random().toString(36).slice(2)}`;
    await records.createSubject(id, 'acct', name, new Date(T0).toISOString());
    return id;
  }

  /** Every sort key left in the Subject's partition. */
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

  it('stores and reads back a response, small ones inline', async () => {
    const s = await subject('rt');
    const r = stored(s, { pendingCalls: [{ callId: 'call_9', name: 'get_weather' }], mode: 'model' });
    await store.put(r);
    expect(await store.get(s, r.id, T0)).toEqual(r);
    expect(await objectsUnder(subjectPrefix(s))).toEqual([]);
    await expect(store.put(r)).rejects.toThrow();
    expect(await store.get(s, r.id, T0)).toEqual(r);
  });

  it('keeps a large body in the bucket under the Subject, and reads it back', async () => {
    const s = await subject('big');
    const r = stored(s, { transcript: largeTranscript() });
    expect(JSON.stringify(r.transcript).length).toBeGreaterThan(INLINE_BODY_MAX_BYTES);
    await store.put(r);
    const objects = await objectsUnder(`${subjectPrefix(s)}conversations/`);
    expect(objects).toHaveLength(1);
    expect(objects[0]).toContain(r.id);
    expect(await store.get(s, r.id, T0)).toEqual(r);

    expect(await store.delete(s, r.id, T0)).toEqual({ conversationId: r.conversationId, lastOfConversation: true });
    expect(await objectsUnder(subjectPrefix(s))).toEqual([]);
    expect(await store.get(s, r.id, T0)).toBeNull();
  });

  it("tags the body of an expiring response for the bucket's lifecycle rule, never a session-bound one", async () => {
    const s = await subject('tags');
    const expiring = stored(s, { transcript: largeTranscript() });
    const bound = stored(s, { sessionId: 'kept', expiresAt: null, transcript: largeTranscript() });
    await store.put(expiring);
    await store.put(bound);
    const tagsOf = async (id: string) => {
      const key = (await objectsUnder(`${subjectPrefix(s)}conversations/`)).find((k) => k.includes(id))!;
      return (await s3.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: key }))).TagSet ?? [];
    };
    expect(await tagsOf(expiring.id)).toEqual([{ Key: EXPIRING_BODY_TAG.key, Value: EXPIRING_BODY_TAG.value }]);
    expect(await tagsOf(bound.id)).toEqual([]);
  });

  it('hides a response once its 30 days are over; a session-bound one never expires', async () => {
    const s = await subject('ttl');
    const r = stored(s);
    const bound = stored(s, { sessionId: 'journal-1' });
    expect(r.expiresAt).toBe(T0_S + RESPONSE_TTL_SECONDS);
    expect(bound.expiresAt).toBeNull();
    await store.put(r);
    await store.put(bound);
    const end = (T0_S + 30 * DAY) * 1000;
    expect(await store.get(s, r.id, end - 1000)).not.toBeNull();
    expect(await store.count(s, end - 1000)).toBe(2);
    expect(await store.get(s, r.id, end)).toBeNull();
    expect(await store.count(s, end)).toBe(1);
    expect(await store.delete(s, r.id, end)).toBeNull();
    const decade = (T0_S + 3650 * DAY) * 1000;
    expect(await store.get(s, bound.id, decade)).toEqual(bound);
    expect((await store.latestOfSession(s, 'journal-1', decade))?.id).toBe(bound.id);
  });

  it('deletes once: a second delete finds nothing', async () => {
    const s = await subject('del');
    const r = stored(s);
    await store.put(r);
    expect(await store.delete(s, r.id, T0)).toEqual({ conversationId: r.conversationId, lastOfConversation: true });
    expect(await store.delete(s, r.id, T0)).toBeNull();
    expect(await store.get(s, r.id, T0)).toBeNull();
    expect(await store.markResumed(s, r.id)).toBe(false);
    expect(await store.count(s, T0)).toBe(0);
    expect(await store.delete(s, 'resp_unknown', T0)).toBeNull();
  });

  it('says a delete was the last of its conversation only when no live response of it is left', async () => {
    const s = await subject('chain');
    const conversationId = 'conv_chain';
    const [a, b, c] = [0, 1, 2].map((i) => stored(s, { conversationId, createdAt: T0_S + i }));
    const other = stored(s, { conversationId: 'conv_other' });
    for (const r of [a!, b!, c!, other]) await store.put(r);
    expect(await store.delete(s, b!.id, T0)).toEqual({ conversationId, lastOfConversation: false });
    expect(await store.delete(s, a!.id, T0)).toEqual({ conversationId, lastOfConversation: false });
    expect(await store.delete(s, c!.id, T0)).toEqual({ conversationId, lastOfConversation: true });
    expect(await store.get(s, other.id, T0)).not.toBeNull();

    // An expired response of the conversation is not live either.
    const old = stored(s, { conversationId: 'conv_aging', createdAt: T0_S - 29 * DAY, expiresAt: T0_S + DAY });
    const young = stored(s, { conversationId: 'conv_aging' });
    await store.put(old);
    await store.put(young);
    expect((await store.delete(s, young.id, T0 + 2 * DAY * 1000))?.lastOfConversation).toBe(true);
  });

  it('reports the last of a conversation to at least one of two concurrent deletes', async () => {
    const s = await subject('race');
    const [a, b] = [0, 1].map(() => stored(s, { conversationId: 'conv_race' }));
    await store.put(a!);
    await store.put(b!);
    const results = await Promise.all([store.delete(s, a!.id, T0), store.delete(s, b!.id, T0)]);
    expect(results.some((r) => r?.lastOfConversation)).toBe(true);
  });

  it('resumes a handoff exactly once', async () => {
    const s = await subject('resume');
    const r = stored(s, { pendingCalls: [{ callId: 'call_a', name: 'get_weather' }] });
    await store.put(r);
    const attempts = await Promise.all([store.markResumed(s, r.id), store.markResumed(s, r.id)]);
    expect(attempts.sort()).toEqual([false, true]);
    expect(await store.markResumed(s, r.id)).toBe(false);
    expect((await store.get(s, r.id, T0))?.resumed).toBe(true);
    expect(await store.markResumed(s, 'resp_unknown')).toBe(false);
  });

  it('keeps consolidation state: the turn start, one id reservation, the finished mark', async () => {
    const s = await subject('consolidate');
    const r = stored(s, { turnStart: 2 });
    await store.put(r);
    expect(await store.get(s, r.id, T0)).toMatchObject({ turnStart: 2, consolidated: false });
    // The first reservation wins; a redelivery gets it back whatever it asked for.
    expect(await store.reserveConsolidationIds(s, r.id, { first: 10, count: 3 })).toEqual({ first: 10, count: 3 });
    expect(await store.reserveConsolidationIds(s, r.id, { first: 40, count: 5 })).toEqual({ first: 10, count: 3 });
    const counts = { records: 2, memories: 1, atMs: T0 + 5 };
    expect(await store.markConsolidated(s, r.id, counts)).toBe(true);
    expect(await store.get(s, r.id, T0)).toMatchObject({ consolidated: true, consolidation: counts });
    expect(await store.hasLive(s, r.conversationId, T0)).toBe(true);

    // A deleted response takes no reservation and no mark; its conversation is over.
    const gone = stored(s);
    await store.put(gone);
    await store.delete(s, gone.id, T0);
    expect(await store.reserveConsolidationIds(s, gone.id, { first: 50, count: 1 })).toBeNull();
    expect(await store.markConsolidated(s, gone.id, counts)).toBe(false);
    expect(await store.hasLive(s, gone.conversationId, T0)).toBe(false);
    expect(await store.reserveConsolidationIds(s, 'resp_unknown', { first: 60, count: 1 })).toBeNull();
    expect(await store.markConsolidated(s, 'resp_unknown', counts)).toBe(false);
  });

  it('finds the newest live response of a session, skipping deleted ones', async () => {
    const s = await subject('sess');
    const session = 'chat#1';
    const turns = [0, 1, 2].map(() => stored(s, { sessionId: session, conversationId: 'conv_sess' }));
    for (const r of turns) await store.put(r);
    // Other sessions, including one whose id extends this one's, and an unbound response.
    await store.put(stored(s, { sessionId: 'chat#1#2' }));
    await store.put(stored(s, { sessionId: 'chat' }));
    await store.put(stored(s));
    expect((await store.latestOfSession(s, session, T0))?.id).toBe(turns[2]!.id);
    await store.delete(s, turns[2]!.id, T0);
    expect((await store.latestOfSession(s, session, T0))?.id).toBe(turns[1]!.id);
    await store.delete(s, turns[1]!.id, T0);
    expect(await store.delete(s, turns[0]!.id, T0)).toEqual({ conversationId: 'conv_sess', lastOfConversation: true });
    expect(await store.latestOfSession(s, session, T0)).toBeNull();
    expect(await store.latestOfSession(s, 'never-used', T0)).toBeNull();
  });

  it("never reaches another Subject's responses", async () => {
    const alice = await subject('alice');
    const bob = await subject('bob');
    const r = stored(alice, { sessionId: 'shared-name', pendingCalls: [{ callId: 'c', name: 'f' }] });
    await store.put(r);
    expect(await store.get(bob, r.id, T0)).toBeNull();
    expect(await store.markResumed(bob, r.id)).toBe(false);
    expect(await store.delete(bob, r.id, T0)).toBeNull();
    expect(await store.latestOfSession(bob, 'shared-name', T0)).toBeNull();
    expect(await store.count(bob, T0)).toBe(0);
    expect(await store.get(alice, r.id, T0)).toEqual(r);
  });

  it('stays out of rows, files, care circle and session deletes', async () => {
    const s = await subject('mixed');
    const first = await records.allocateIds(s, 2);
    await records.putAll(s, [row(s, first, { retention: 'session', sessionId: 'S' }), row(s, first + 1)]);
    await new DynamoCareCircle(doc, cfg.tables.records).add({
      id: 'fm_1',
      subjectId: s,
      name: 'Ann',
      relationship: 'mother',
      memberSubjectKey: null,
      notes: '',
      createdAt: T0_S,
    });
    const bound = stored(s, { sessionId: 'S' });
    const big = stored(s, { transcript: largeTranscript() });
    await store.put(bound);
    await store.put(big);

    const now = Date.now();
    expect(await records.count(s, now)).toBe(2);
    expect((await records.list(s, { limit: 50, offset: 0, nowMs: now })).records).toHaveLength(2);
    expect((await records.query(s, { limit: 50, nowMs: now })).total).toBe(2);
    const files = new DynamoFileCatalog(doc, cfg.tables.records);
    expect(await files.list(s, now)).toEqual([]);
    expect(await files.deleteSessionFiles(s, 'S', now)).toEqual([]);
    expect(await new DynamoCareCircle(doc, cfg.tables.records).list(s)).toHaveLength(1);

    // DELETE /v1/sessions/S: the session's rows go, its stored responses stay.
    expect(await records.deleteSession(s, 'S', now)).toBe(1);
    expect(await store.get(s, bound.id, T0)).toEqual(bound);
    expect((await store.latestOfSession(s, 'S', T0))?.id).toBe(bound.id);
    expect(await records.delete(s, { all: true }, now)).toBe(1);
    expect(await store.count(s, T0)).toBe(2);
  });

  it('sweeps expired and deleted responses with their bucket objects, never durable ones', async () => {
    const s = await subject('sweep');
    const small = stored(s);
    const big = stored(s, { transcript: largeTranscript() });
    const bound = stored(s, { sessionId: 'durable', transcript: largeTranscript() });
    const deleted = stored(s, { transcript: largeTranscript(), sessionId: 'gone' });
    for (const r of [small, big, bound, deleted]) await store.put(r);
    expect(await objectsUnder(subjectPrefix(s))).toHaveLength(3);
    // Deleted, with its object left behind as though the inline delete of it had failed.
    const failing = Object.assign(Object.create(blobs) as S3BlobStore, {
      delete: () => Promise.reject(new Error('injected storage fault')),
    });
    const kept = new DynamoConversationStore(doc, cfg.tables.records, failing);
    await kept.delete(s, deleted.id, T0);
    expect(await objectsUnder(subjectPrefix(s))).toHaveLength(3);

    const before = await partition(s);
    await records.sweepExpired(T0 + 29 * DAY * 1000, 10_000, hooks);
    expect(await partition(s)).toEqual(before.filter((sk) => !sk.includes(deleted.id)));
    expect(await objectsUnder(subjectPrefix(s))).toHaveLength(2);

    await records.sweepExpired(T0 + 30 * DAY * 1000, 10_000, hooks);
    const left = await partition(s);
    expect(left.filter((sk) => sk.includes(small.id) || sk.includes(big.id))).toEqual([]);
    expect(left.filter((sk) => sk.includes(bound.id))).toHaveLength(3);
    const objects = await objectsUnder(subjectPrefix(s));
    expect(objects).toHaveLength(1);
    expect(objects[0]).toContain(bound.id);
    expect(await store.get(s, bound.id, T0 + 31 * DAY * 1000)).toEqual(bound);
    expect(await store.count(s, T0)).toBe(1);
  });

  it('is unreadable once the Subject is tombstoned, and a purge removes everything', async () => {
    const s = await subject('erase');
    const bound = stored(s, { sessionId: 'S', transcript: largeTranscript() });
    const r = stored(s);
    await store.put(bound);
    await store.put(r);
    expect(await store.count(s, T0)).toBe(2);

    await records.tombstoneSubject(s, T0);
    expect(await store.get(s, r.id, T0)).toBeNull();
    expect(await store.get(s, bound.id, T0)).toBeNull();
    expect(await store.latestOfSession(s, 'S', T0)).toBeNull();
    await expect(store.put(stored(s))).rejects.toBeInstanceOf(SubjectErasedError);

    // What the purge worker does: the partition, then the Subject's prefix of the bucket.
    await records.purgeSubject(s);
    await blobs.deletePrefix(subjectPrefix(s));
    expect(await partition(s)).toEqual([]);
    expect(await objectsUnder(subjectPrefix(s))).toEqual([]);
    await expect(store.put(stored(s))).rejects.toBeInstanceOf(SubjectErasedError);
  });

  it('has the sweeper purge an erased Subject whose purge job never ran, bucket objects first', async () => {
    const s = await subject('orphan');
    await store.put(stored(s, { sessionId: 'S', transcript: largeTranscript() }));
    await records.tombstoneSubject(s, Date.now());
    expect(await partition(s)).toContain(SUBJECT_SK);
    await records.sweepExpired(Date.now() + 16 * 60_000, 10_000, hooks);
    expect(await partition(s)).toEqual([]);
    expect(await objectsUnder(subjectPrefix(s))).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as consolidate } from '../../functions/responses/consolidate-conversation';
import type { QueueName } from '../../functions/routes';
import { queryAll } from '../../shared/adapters/dynamo/batch';
import { createDocumentClient } from '../../shared/adapters/dynamo/client';
import { MEMORY_PREFIX } from '../../shared/adapters/dynamo/records-layout';
import { localQueueEvents } from '../../shared/adapters/queue/local-file-queue';
import { client, startHarness } from '../support/harness';
import { eventually } from '../support/polling';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../support/scripted-openai';

const JOURNAL = 'Slept badly, resting heart rate 58 this morning, started a vegetarian diet';
const MEMORY_HEADING = 'What the person told you in earlier conversations';

/** A journal entry as the recipe sends it: stored, one session per entry, no built-in tools, a short reply. */
const entry = (user: string, input: string, extra: Record<string, unknown> = {}) => ({
  model: 'hds-flash',
  input,
  user,
  store: true,
  session_id: randomUUID(),
  builtin_tools: 'none',
  instructions: 'Acknowledge the entry in one short sentence.',
  ...extra,
});

function sqsEvent(body: Record<string, unknown>): SQSEvent {
  return {
    Records: [
      {
        messageId: randomUUID(),
        receiptHandle: 'local',
        body: JSON.stringify(body),
        attributes: {
          ApproximateReceiveCount: '1',
          SentTimestamp: String(Date.now()),
          SenderId: 'test',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: 'arn:aws:sqs:local:000000000000:consolidation',
        awsRegion: 'local',
      },
    ],
  };
}

/** The harness, a client, and helpers reading a Subject's state directly. */
async function setUp(env?: Record<string, string>) {
  const h = await startHarness(env ? { env } : {});
  const account = await h.newAccount();
  const api = client(h.url, account.key);
  const subjectOf = async (user: string) =>
    (await h.runtime.services.subjects.find(account.accountId, user))!.subjectId;
  const memoriesOf = async (user: string) => h.runtime.services.memories.list(await subjectOf(user), 50);
  const rowsOf = async (user: string) => (await api.get(`/v1/data?user=${user}&limit=100`)).body.data as any[];
  const respond = async (body: Record<string, unknown>) => {
    const res = await api.post('/v1/responses', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await h.runtime.drainQueues();
    return res.body;
  };
  return { h, api, account, subjectOf, memoriesOf, rowsOf, respond };
}

describe('journal recipe and conversation memory, offline engines', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  let doc: DynamoDBDocumentClient;
  const sent: QueueName[] = [];
  const onSent = (queue: QueueName) => sent.push(queue);

  beforeAll(async () => {
    t = await setUp();
    doc = createDocumentClient(t.h.runtime.services.config);
    localQueueEvents.on('sent', onSent);
  });
  afterAll(async () => {
    localQueueEvents.off('sent', onSent);
    await t?.h.stop();
  });

  it('turns a journal entry into a consolidation row with its LOINC code and a memory', async () => {
    const response = await t.respond(entry('jo', JOURNAL));
    // The README's recipe: a short acknowledgement, not a refusal about the data tools it switched off.
    expect(response.output_text).toBe('Noted, thanks.');
    const rows = await t.rowsOf('jo');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      indicator: 'resting heart rate',
      value: '58',
      loinc_code: '40443-4',
      source: 'consolidation',
      comment: 'journal',
      retention: 'permanent',
      session_id: null,
      expires_at: null,
    });
    // No time in the text: the reading is dated when it was told.
    expect(Date.parse(rows[0].time)).toBe(response.created_at * 1000);
    const memories = await t.memoriesOf('jo');
    expect(memories).toEqual([
      expect.objectContaining({
        text: 'Started a vegetarian diet',
        kind: 'diet',
        responseId: response.id,
        createdAt: response.created_at,
      }),
    ]);
  });

  it('is idempotent per response: a redelivered job adds no rows and no memories', async () => {
    const response = await t.respond(
      entry('idem', 'Weight 72.4 kg. I am allergic to penicillin and I take metformin.'),
    );
    const subjectId = await t.subjectOf('idem');
    const rows = await t.rowsOf('idem');
    const memories = await t.memoriesOf('idem');
    expect(rows.map((r) => [r.loinc_code, r.value])).toEqual([['29463-7', '72.4']]);
    expect(memories.map((m) => m.text)).toEqual(['I am allergic to penicillin', 'I take metformin']);

    // The same message twice more: the finished mark makes both a no-op.
    const job = sqsEvent({ type: 'consolidate', subjectId, responseId: response.id });
    expect(await consolidate(job)).toEqual({ batchItemFailures: [] });
    expect(await consolidate(job)).toEqual({ batchItemFailures: [] });
    expect(await t.rowsOf('idem')).toEqual(rows);
    expect(await t.memoriesOf('idem')).toEqual(memories);

    // A delivery cut short after writing (no finished mark): the rerun rewrites the same ids and the same memories.
    await doc.send(
      new UpdateCommand({
        TableName: t.h.runtime.services.config.tables.records,
        Key: { pk: subjectId, sk: `RESP#${response.id}` },
        UpdateExpression: 'REMOVE consolidated',
      }),
    );
    expect(await consolidate(job)).toEqual({ batchItemFailures: [] });
    const again = await t.rowsOf('idem');
    expect(again.map((r) => [r.id, r.loinc_code, r.value])).toEqual(rows.map((r) => [r.id, r.loinc_code, r.value]));
    expect(await t.memoriesOf('idem')).toEqual(memories);
  });

  it('enqueues nothing for store: false, mode: model or a turn without user text', async () => {
    sent.length = 0;
    await t.respond(entry('quiet', JOURNAL, { store: false, session_id: undefined }));
    await t.respond({ model: 'hds-flash', input: JOURNAL, user: 'quiet', store: true, mode: 'model' });
    expect(sent.filter((q) => q === 'consolidation')).toEqual([]);
    expect(await t.rowsOf('quiet')).toEqual([]);
    expect(await t.memoriesOf('quiet')).toEqual([]);
    // The control: the same entry stored in agent mode is consolidated.
    await t.respond(entry('quiet', JOURNAL));
    expect(sent.filter((q) => q === 'consolidation')).toHaveLength(1);
  });

  it('reads only what the person said in this turn, not the history it continues', async () => {
    const first = await t.respond(entry('chain', "I'm allergic to penicillin", { session_id: undefined }));
    const second = await t.respond({
      model: 'hds-flash',
      input: 'I take metformin 500 mg',
      user: 'chain',
      previous_response_id: first.id,
      builtin_tools: 'none',
    });
    const memories = await t.memoriesOf('chain');
    // (Both turns may fall in the same second, which orders memories no further.)
    expect(memories.map((m) => [m.text, m.responseId]).sort()).toEqual([
      ['I take metformin 500 mg', second.id],
      ["I'm allergic to penicillin", first.id],
    ]);
    expect(new Set(memories.map((m) => m.conversationId)).size).toBe(1);
  });

  it('retracts memories when the last response of their conversation is deleted; readings stay', async () => {
    // A chain of two responses: deleting the earlier one keeps the conversation and its memories.
    const first = await t.respond(
      entry('del', 'Resting heart rate 61. I have type 2 diabetes', { session_id: undefined }),
    );
    const second = await t.respond({
      model: 'hds-flash',
      input: "I'm training for a marathon",
      user: 'del',
      previous_response_id: first.id,
      builtin_tools: 'none',
    });
    // Another conversation of the same Subject, which no deletion here touches.
    await t.respond(entry('del', 'I quit smoking'));
    expect((await t.memoriesOf('del')).map((m) => m.text).sort()).toEqual([
      'I have type 2 diabetes',
      'I quit smoking',
      "I'm training for a marathon",
    ]);

    expect((await t.api.delete(`/v1/responses/${first.id}?user=del`)).body).toEqual({
      id: first.id,
      object: 'response.deleted',
      deleted: true,
    });
    expect(await t.memoriesOf('del')).toHaveLength(3);

    expect((await t.api.delete(`/v1/responses/${second.id}?user=del`)).status).toBe(200);
    expect((await t.memoriesOf('del')).map((m) => m.text)).toEqual(['I quit smoking']);
    // Readings consolidated from the deleted conversation stay until deleted through /v1/data.
    expect((await t.rowsOf('del')).map((r) => [r.loinc_code, r.value, r.source])).toEqual([
      ['40443-4', '61', 'consolidation'],
    ]);
  });

  it('stores nothing for a job redelivered after its response was deleted', async () => {
    const response = await t.respond(entry('late', 'I quit smoking'));
    const subjectId = await t.subjectOf('late');
    expect(await t.memoriesOf('late')).toHaveLength(1);
    await t.api.delete(`/v1/responses/${response.id}?user=late`);
    expect(await t.memoriesOf('late')).toEqual([]);
    // Redelivered after the delete: the response is gone, so the job is skipped and stores nothing.
    expect(await consolidate(sqsEvent({ type: 'consolidate', subjectId, responseId: response.id }))).toEqual({
      batchItemFailures: [],
    });
    expect(await t.memoriesOf('late')).toEqual([]);
  });

  it("keeps a Subject's memories to itself", async () => {
    await t.respond(entry('ann', "I'm allergic to peanuts"));
    await t.respond(entry('ben', 'Slept well'));
    expect((await t.memoriesOf('ann')).map((m) => m.text)).toEqual(["I'm allergic to peanuts"]);
    expect(await t.memoriesOf('ben')).toEqual([]);
  });

  it('removes memories with the Subject on erase', async () => {
    await t.respond(entry('gone', "I'm vegan"));
    const subjectId = await t.subjectOf('gone');
    expect(await t.memoriesOf('gone')).toHaveLength(1);
    expect((await t.api.delete('/v1/subjects/gone')).status).toBe(200);
    await t.h.runtime.drainQueues();
    expect(await t.h.runtime.services.memories.list(subjectId, 50)).toEqual([]);
    const { items } = await queryAll(doc, {
      TableName: t.h.runtime.services.config.tables.records,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
      ExpressionAttributeValues: { ':pk': subjectId, ':m': MEMORY_PREFIX },
    });
    expect(items).toEqual([]);
    // A job still queued for the erased Subject finds nothing to do.
    expect(
      await consolidate(sqsEvent({ type: 'consolidate', subjectId, responseId: `resp_${'0'.repeat(32)}` })),
    ).toEqual({ batchItemFailures: [] });
  });

  it('reports a malformed job as failed', async () => {
    const out = await consolidate(sqsEvent({ type: 'consolidate', subjectId: '' }));
    expect(out.batchItemFailures).toHaveLength(1);
  });
});

describe('journal recipe and conversation memory with an upstream model', () => {
  let t: Awaited<ReturnType<typeof setUp>>;
  let upstream: ScriptedOpenAI;

  const readings = (list: Record<string, unknown>[]) => ({
    content: JSON.stringify({
      readings: list.map((r) => ({ unit: null, reference_range: null, flag: null, measured_at: null, ...r })),
    }),
  });
  const memories = (list: { text: string; kind: string | null }[]) => ({ content: JSON.stringify({ memories: list }) });
  const systemPromptOf = (request: { body: any }) => String(request.body.messages[0].content);

  beforeAll(async () => {
    upstream = await startScriptedOpenAI();
    t = await setUp({ OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: 'sk-test', HDS_MODEL_FLASH: 'upstream-mini' });
  });
  afterAll(async () => {
    await t?.h.stop();
    await upstream?.stop();
  });

  it('extracts readings and memories through the model, dropping readings the text does not hold', async () => {
    const before = upstream.requests.length;
    upstream.script(
      { content: 'Noted, rest well.' },
      readings([
        { indicator: 'Resting heart rate', value: '58', unit: 'bpm' },
        // Not in the text: the model may read, never invent.
        { indicator: 'Weight', value: '80', unit: 'kg' },
      ]),
      memories([{ text: 'I started a vegetarian diet', kind: 'diet' }]),
    );
    const response = await t.respond(entry('kim', JOURNAL));
    const [turn, readingCall, memoryCall] = upstream.requests.slice(before);
    expect(turn!.body.messages.at(-1)).toMatchObject({ role: 'user', content: JOURNAL });
    expect(readingCall!.body.response_format.json_schema.name).toBe('readings');
    expect(memoryCall!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'memories' } });
    expect(memoryCall!.body.messages.at(-1)).toEqual({ role: 'user', content: JOURNAL });

    expect((await t.rowsOf('kim')).map((r) => [r.loinc_code, r.value, r.source, r.comment])).toEqual([
      ['40443-4', '58', 'consolidation', 'journal'],
    ]);
    expect(await t.memoriesOf('kim')).toEqual([
      expect.objectContaining({ text: 'I started a vegetarian diet', kind: 'diet', responseId: response.id }),
    ]);
  });

  it('shows the memories in later turns of both surfaces, and to no other Subject', async () => {
    upstream.script({ content: 'Plenty of plant protein options.' }, readings([]), memories([]));
    await t.respond({ model: 'hds-flash', input: 'What should I eat for protein?', user: 'kim' });
    const agentPrompt = systemPromptOf(upstream.requests.at(-3)!);
    expect(agentPrompt).toContain(MEMORY_HEADING);
    expect(agentPrompt).toMatch(/- \d{4}-\d{2}-\d{2}: I started a vegetarian diet/);

    upstream.script({ content: 'Lentils and tofu.' });
    const chat = await t.api.post('/v1/chat/completions', {
      model: 'hds-flash',
      user: 'kim',
      messages: [{ role: 'user', content: 'Protein ideas?' }],
    });
    expect(chat.status).toBe(200);
    expect(systemPromptOf(upstream.requests.at(-1)!)).toContain('I started a vegetarian diet');

    upstream.script({ content: 'Hello.' });
    await t.respond({ model: 'hds-flash', input: 'Hi', user: 'lee', store: false });
    expect(systemPromptOf(upstream.requests.at(-1)!)).not.toContain(MEMORY_HEADING);
    // Backbone mode has no platform prompt at all.
    upstream.script({ content: 'Hi.' });
    await t.respond({ model: 'hds-flash', input: 'Hi', user: 'kim', mode: 'model', store: false });
    expect(JSON.stringify(upstream.requests.at(-1)!.body.messages)).not.toContain(MEMORY_HEADING);
  });

  it('does not store twice a reading the turn already wrote with write_fhir_observation', async () => {
    upstream.script(
      {
        toolCalls: [
          { name: 'write_fhir_observation', arguments: '{"indicator":"Resting heart rate","value":58,"unit":"bpm"}' },
        ],
      },
      { content: 'Recorded your resting heart rate of 58 bpm.' },
      readings([
        { indicator: 'resting heart rate', value: '58', unit: 'bpm' },
        { indicator: 'Weight', value: '71', unit: 'kg' },
      ]),
      memories([]),
    );
    await t.respond({
      model: 'hds-flash',
      input: 'Please log my resting heart rate 58 bpm, and weight 71 kg',
      user: 'max',
    });
    const rows = await t.rowsOf('max');
    expect(rows.map((r) => [r.loinc_code, r.value, r.comment]).sort()).toEqual([
      ['29463-7', '71', 'journal'],
      ['40443-4', '58', 'write_fhir_observation'],
    ]);
  });

  it('retries the job when the model fails, and then consolidates', async () => {
    const fail = { status: 500, headers: { 'retry-after-ms': '1' } };
    upstream.script(
      { content: 'Noted.' },
      // The SDK retries twice, then the job fails and is redelivered.
      fail,
      fail,
      fail,
      readings([]),
      memories([{ text: 'I have asthma', kind: 'condition' }]),
    );
    await t.api.post('/v1/responses', entry('sam', 'I have asthma'));
    // The failed job is redelivered after the runtime's retry delay: drain until the consolidation has run.
    const saved = await eventually(
      async () => {
        await t.h.runtime.drainQueues();
        const found = await t.memoriesOf('sam');
        return found.length > 0 && found;
      },
      { timeoutMs: 5_000, what: 'the redelivered consolidation' },
    );
    expect(saved.map((m) => m.text)).toEqual(['I have asthma']);
  });
});

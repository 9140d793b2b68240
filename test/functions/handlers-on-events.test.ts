import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifest } from '../../functions/routes';
import { loadHandler } from '../../infra/local/handlers';
import { lambdaContext } from '../../infra/local/lambda-context';
import { invokeOnce } from '../../infra/local/response-stream';
import { type Harness, startHarness } from '../support/harness';
import { signIn } from '../support/sign-in';

let h: Harness;
let key: string;

beforeAll(async () => {
  h = await startHarness();
  key = (await h.newAccount()).key;
});
afterAll(() => h?.stop());

function event(id: string) {
  const ev = JSON.parse(readFileSync(new URL(`../../events/${id}.json`, import.meta.url), 'utf8'));
  if (ev.headers?.authorization) ev.headers.authorization = `Bearer ${key}`;
  if (ev.queryStringParameters?.key) ev.queryStringParameters.key = key;
  return ev;
}

async function invoke(id: string, ev = event(id)) {
  const entry = manifest.find((e) => e.id === id)!;
  const handler = await loadHandler(entry);
  return invokeOnce(handler, ev, lambdaContext(id, 10)) as Promise<any>;
}

describe('every manifest entry has a sample event its handler accepts', () => {
  it('has one events/<id>.json per function', () => {
    for (const entry of manifest) expect(() => event(entry.id), entry.id).not.toThrow();
  });

  it('runs the data round trip on the sample events', async () => {
    const created = await invoke('create-data');
    expect(created.statusCode).toBe(200);
    expect(JSON.parse(created.body)).toMatchObject({ status: 'ok', ingested: 3, subject: 'alice' });
    const listed = await invoke('list-data');
    expect(listed.statusCode).toBe(200);
    expect(JSON.parse(listed.body).data.map((r: { indicator: string }) => r.indicator)).toEqual(['Glucose']);
    expect(listed.headers['x-request-id']).toBe('Jq3V9gXyFiAEMvQ=');
    const deleted = await invoke('delete-data');
    expect(JSON.parse(deleted.body)).toMatchObject({ deleted: 1 });
    expect((await invoke('delete-session')).statusCode).toBe(200);
    expect((await invoke('list-models')).statusCode).toBe(200);
    for (const id of ['create-standardization', 'create-extraction']) {
      const res = await invoke(id);
      expect(res.statusCode, id).toBe(200);
      expect(JSON.parse(res.body).data.map((r: { loinc_code: string }) => r.loinc_code)).toContain('4548-4');
    }
    expect((await invoke('get-health')).statusCode).toBe(200);
    expect((await invoke('delete-subject')).statusCode).toBe(200);
    expect((await invoke('delete-subject')).statusCode).toBe(404);
  });

  it('refuses the sample key itself, which is only a placeholder', async () => {
    const ev = JSON.parse(readFileSync(new URL('../../events/list-data.json', import.meta.url), 'utf8'));
    const res = await invoke('list-data', ev);
    expect(res.statusCode).toBe(401);
    expect(JSON.parse(res.body).error.code).toBe('invalid_api_key');
  });

  it('runs the file routes and the extraction worker on their sample events', async () => {
    const created = await invoke('create-file');
    expect(created.statusCode).toBe(200);
    const { id } = JSON.parse(created.body);
    const listed = JSON.parse((await invoke('list-files')).body);
    expect(listed.data.map((f: { id: string }) => f.id)).toContain(id);
    // The sample events name a fixed key; point them at the file just stored.
    const withKey = (name: string) => {
      const ev = event(name);
      ev.pathParameters.file_key = id;
      ev.rawPath = `/v1/files/${id}`;
      return ev;
    };
    await h.runtime.drainQueues();
    const got = JSON.parse((await invoke('get-file', withKey('get-file'))).body);
    expect(got).toMatchObject({ id, status: 'processed' });
    expect(got.extracted_text).toContain('Glucose');
    // The sample job names a Subject that does not exist here: nothing to do, nothing failed.
    expect(await invoke('extract-files')).toEqual({ batchItemFailures: [] });
    // Likewise the consolidation job: its response is not stored here, so it is skipped.
    expect(await invoke('consolidate-conversation')).toEqual({ batchItemFailures: [] });
    const ticket = await invoke('create-upload');
    expect(ticket.statusCode).toBe(200);
    expect(JSON.parse(ticket.body)).toMatchObject({ object: 'file.upload', max_bytes: 48213000 });
    // The sample notification names an upload no ticket was issued for: the object is dropped, nothing fails.
    expect(await invoke('finalize-upload')).toEqual({ batchItemFailures: [] });
    expect((await invoke('delete-file', withKey('delete-file'))).statusCode).toBe(200);
    expect((await invoke('delete-file', withKey('delete-file'))).statusCode).toBe(404);
  });

  it('runs the family-member routes on their sample events', async () => {
    const created = await invoke('create-family-member');
    expect(created.statusCode).toBe(201);
    const member = JSON.parse(created.body);
    expect(member).toMatchObject({ object: 'family_member', name: 'Maria', member_user: 'maria', subject: 'alice' });
    const listed = JSON.parse((await invoke('list-family-members')).body);
    expect(listed.data.map((m: { id: string }) => m.id)).toContain(member.id);
    // The sample event names a fixed id; point it at the member just stored.
    const ev = event('delete-family-member');
    ev.pathParameters.member_id = member.id;
    ev.rawPath = `/v1/family-members/${member.id}`;
    expect((await invoke('delete-family-member', ev)).statusCode).toBe(200);
    expect((await invoke('delete-family-member', ev)).statusCode).toBe(404);
  });

  it('streams a chat completion from the sample REST (format 1.0) event', async () => {
    const res = await invoke('create-chat-completion');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const frames = (res.body as string).split('\n\n').filter(Boolean);
    expect(JSON.parse(frames[0]!.slice('data: '.length)).choices[0].delta.role).toBe('assistant');
    expect(frames.at(-1)).toBe('data: [DONE]');
    const usage = JSON.parse(frames.at(-2)!.slice('data: '.length));
    expect(usage.choices).toEqual([]);
    expect(usage.usage.prompt_tokens).toBeGreaterThan(0);
  });

  it('answers MCP on its sample REST (format 1.0) events: initialize, the 405 GET, the resource metadata', async () => {
    const init = await invoke('call-mcp');
    expect(init.statusCode).toBe(200);
    expect(JSON.parse(init.body)).toMatchObject({ jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'hds' } } });
    const get = await invoke('get-mcp');
    expect(get.statusCode).toBe(405);
    expect(get.headers.allow).toBe('POST');
    for (const id of ['get-mcp-protected-resource-metadata', 'get-protected-resource-metadata']) {
      const prm = await invoke(id);
      expect(prm.statusCode, id).toBe(200);
      expect(JSON.parse(prm.body).scopes_supported).toEqual(['mcp:read', 'mcp:write']);
    }
  });

  it('runs the engine chat routes on their sample events with a signed-in token', async () => {
    const jwt = (await signIn(h, `events-${Date.now()}@example.org`)).access_token;
    const signedIn = (id: string) => {
      const ev = event(id);
      ev.headers.authorization = `Bearer ${jwt}`;
      ev.multiValueHeaders.authorization = [`Bearer ${jwt}`];
      return ev;
    };
    const created = await invoke('create-engine-chat-session', signedIn('create-engine-chat-session'));
    expect(created.statusCode).toBe(200);
    expect(JSON.parse(created.body).data.session_id).toMatch(/^ses_[0-9a-f]{32}$/);
    // The sample names a session nothing was said in yet: the envelope's 404.
    const before = await invoke('list-engine-chat-history', signedIn('list-engine-chat-history'));
    expect(before.statusCode).toBe(404);
    expect(JSON.parse(before.body)).toMatchObject({ success: false, code: -1 });
    const streamed = await invoke('stream-engine-chat', signedIn('stream-engine-chat'));
    expect(streamed.statusCode).toBe(200);
    const types = (streamed.body as string)
      .split('\n\n')
      .filter((f) => f.startsWith('data: '))
      .map((f) => JSON.parse(f.slice('data: '.length)).type);
    expect(types[0]).toBe('id');
    expect(types.at(-1)).toBe('end');
    const after = await invoke('list-engine-chat-history', signedIn('list-engine-chat-history'));
    expect(JSON.parse(after.body).data.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });

  it('runs the pulse routes, consumer and schedule on their sample events', async () => {
    const jwt = (await signIn(h, `pulse-events-${Date.now()}@example.org`)).access_token;
    const signedIn = (id: string) => {
      const ev = event(id);
      ev.headers.authorization = `Bearer ${jwt}`;
      ev.multiValueHeaders.authorization = [`Bearer ${jwt}`];
      return ev;
    };
    const listed = await invoke('list-pulse-providers', signedIn('list-pulse-providers'));
    expect(listed.statusCode).toBe(200);
    expect(JSON.parse(listed.body).data.providers).toHaveLength(6);
    expect(
      JSON.parse((await invoke('list-pulse-user-providers', signedIn('list-pulse-user-providers'))).body).data,
    ).toEqual({ providers: [] });
    // No provider is configured in this runtime: link and unlink name the provider, the webhook does not know it.
    for (const id of ['link-pulse-provider', 'unlink-pulse-provider']) {
      const res = await invoke(id, signedIn(id));
      expect(res.statusCode, id).toBe(400);
      expect(JSON.parse(res.body).msg, id).toMatch(/`oura` is not configured on this deployment/);
    }
    // The sample state was never handed out: the expired page, nothing exchanged.
    const callback = await invoke('complete-pulse-link');
    expect(callback.statusCode).toBe(400);
    expect(callback.body).toContain('This link has expired');
    expect((await invoke('receive-pulse-webhook')).statusCode).toBe(404);
    expect((await invoke('verify-pulse-webhook')).statusCode).toBe(404);
    expect((await invoke('probe-pulse-webhook')).statusCode).toBe(200);
    // A job for a link that does not exist is done, not retried.
    expect(await invoke('sync-pulse')).toEqual({ batchItemFailures: [] });
    expect(await invoke('renew-pulse-subscriptions')).toEqual({});
  });

  it('runs the WebSocket routes on their sample events', async () => {
    expect(await invoke('connect-file-stream')).toEqual({ statusCode: 200 });
    const connection = await h.runtime.services.connections.get('ZyX1dcq2FiACHfQ=');
    expect(connection).toMatchObject({ subjectKey: 'alice', retention: 'permanent', sessionId: null });
    // No client is attached to the sample connection id: frames to it are dropped as API Gateway's Gone.
    expect(await invoke('message-file-stream')).toEqual({ statusCode: 200 });
    expect(await invoke('greet-socket')).toEqual({ batchItemFailures: [] });
    expect(await invoke('disconnect-file-stream')).toEqual({ statusCode: 200 });
    expect(await h.runtime.services.connections.get('ZyX1dcq2FiACHfQ=')).toBeNull();
    const refused = await invoke(
      'connect-file-stream',
      JSON.parse(readFileSync(new URL('../../events/connect-file-stream.json', import.meta.url), 'utf8')),
    );
    expect(refused.statusCode).toBe(401);
  });

  it('runs the workers on their sample events', async () => {
    const purge = await invoke('purge-subject');
    expect(purge).toEqual({ batchItemFailures: [] });
    const sweep = await invoke('sweep-retention');
    expect(sweep).toMatchObject({ deleted: expect.any(Number) });
    // The sample completion names a file of another deployment's bucket: nothing to collect, nothing failed.
    expect(await invoke('collect-ocr')).toEqual({ batchItemFailures: [] });
    const broken = await invoke('purge-subject', { Records: [{ messageId: 'm-1', body: 'not json' }] });
    expect(broken).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-1' }] });
  });
});

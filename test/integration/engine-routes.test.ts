import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labCsv } from '../support/document-fixtures';
import { type ApiResponse, client, type Harness, startHarness } from '../support/harness';
import { basic, register, tokenRequest } from '../support/oauth';
import { eventually } from '../support/polling';
import { latestCode } from '../support/sign-in';

/**
 * The self-hosted engine's login, data and files routes (`/api/v1`) over real HTTP: the envelope on every answer,
 * a JWT from its own email sign-in, and the same data as `/v1` on the account's default Subject.
 */
let h: Harness;
let n = 0;
const email = () => `engine${++n}-${Date.now()}@example.org`;

/** The signed-in engine user: their JWT, an API key of their account (for `/v1`), and tokens holding one scope. */
let jwt: string;
let key: string;
let readOnly: string;
let writeOnly: string;

const ENGINE_DATA = '/api/v1/data/health/data';
const ENGINE_FILES = '/api/v1/data/uploaded-files';
const ENGINE_UPLOAD = '/api/v1/data/upload-with-processing';

beforeAll(async () => {
  h = await startHarness({ env: { HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000' } });
  jwt = (await engineSignIn(email())).access_token;
  const made = await client(h.url, jwt).post('/api/console/keys', { name: 'engine test' });
  expect(made.status).toBe(201);
  key = made.body.secret;
  readOnly = await tokenWithScope('mcp:read');
  writeOnly = await tokenWithScope('mcp:write');
}, 60_000);
afterAll(() => h?.stop());

/** Sign-in through the engine's own two routes, reading the code from the local outbox as a developer would. */
async function engineSignIn(address: string) {
  const api = client(h.url);
  const asked = await api.post('/api/v1/user/email/login', { email: address });
  expect(asked.status).toBe(200);
  expect(asked.body).toEqual({ success: true, code: 0, msg: 'ok', data: { email: address } });
  const code = await latestCode(h.runtime.services.config.auth.mail.outboxDir!, address);
  const verified = await api.post('/api/v1/user/email/verify', { email: address, code });
  expect(verified.status).toBe(200);
  expect(verified.headers.get('cache-control')).toBe('no-store');
  expect(verified.body).toMatchObject({ success: true, code: 0, msg: 'ok' });
  return verified.body.data;
}

/** An access token of the same user holding only `scope`: a client bound to them for the credentials grant. */
async function tokenWithScope(scope: string): Promise<string> {
  const creds = await register(h, { grant_types: ['credentials'], scope });
  const bound = await client(h.url, jwt).post('/api/console/oauth/bindings', {
    client_id: creds.client_id,
    client_secret: creds.client_secret,
  });
  expect(bound.status).toBe(201);
  const tokens = await tokenRequest(h, { grant_type: 'credentials' }, basic(creds.client_id, creds.client_secret!));
  expect(tokens.body.scope).toBe(scope);
  return tokens.body.access_token;
}

function engine(token: string | null = jwt) {
  return client(h.url, token ?? undefined);
}

/** A multipart upload to the engine with any form fields and file parts (none: a form with no file). */
async function upload(
  parts: { fields?: Record<string, string>; file?: { data: Buffer; name: string; type: string } },
  token: string | null = jwt,
): Promise<ApiResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(parts.fields ?? {})) form.append(k, v);
  if (parts.file) form.append('file', new Blob([parts.file.data], { type: parts.file.type }), parts.file.name);
  const res = await fetch(h.url + ENGINE_UPLOAD, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

function expectOk(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ success: true, code: 0, msg: 'ok' });
  return res.body.data;
}

/** The account's default Subject as `/v1` sees it: every reading and every file. */
async function v1Snapshot() {
  const v1 = client(h.url, key);
  const [data, files] = await Promise.all([v1.get('/v1/data?limit=1000'), v1.get('/v1/files')]);
  expect(data.status).toBe(200);
  expect(files.status).toBe(200);
  return { records: data.body.data, files: files.body.data };
}

describe('sign-in on /api/v1', () => {
  it('login and verify answer in the envelope, and the JWT opens every signed-in route, counted per user at 100', async () => {
    const session = await engineSignIn(email());
    expect(session).toEqual({
      access_token: expect.stringMatching(/^eyJ/),
      token_type: 'Bearer',
      expires_in: 2_592_000,
      refresh_token: expect.stringMatching(/^hdsr_/),
      scope: expect.any(String),
      webauthn_registered: false,
    });
    expect(session.scope.split(' ').sort()).toEqual(['console', 'mcp:read', 'mcp:write']);
    const api = engine(session.access_token);
    const read = await api.get(ENGINE_DATA);
    expect(expectOk(read)).toEqual({ records: [], has_more: false, limit: 100, offset: 0 });
    expect(read.headers.get('x-ratelimit-limit')).toBe('100');
    expect(expectOk(await api.get(ENGINE_FILES))).toEqual({ files: [] });
    const written = expectOk(
      await api.post(ENGINE_DATA, { records: [{ indicator: 'Weight', value: 70, unit: 'kg' }] }),
    );
    expect(written.written).toBe(1);
    // A new user's own data: the one reading just written, nobody else's.
    expect(expectOk(await api.get(ENGINE_DATA)).records).toHaveLength(1);
  });

  it('the login route keeps /email/login’s 60 s resend guard, as 429 in the envelope with Retry-After', async () => {
    const address = email();
    const api = client(h.url);
    expect((await api.post('/api/v1/user/email/login', { email: address })).status).toBe(200);
    const again = await api.post('/email/login', { email: address });
    expect(again.status).toBe(429);
    const engineAgain = await api.post('/api/v1/user/email/login', { email: address });
    expect(engineAgain.status).toBe(429);
    expect(engineAgain.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(engineAgain.body).toMatchObject({ success: false, code: -1, data: null });
  });
});

describe('data and files on /api/v1 are the account’s default Subject on /v1', () => {
  it('readings written on /api/v1 are read on /v1/data, and readings written on /v1 on /api/v1', async () => {
    const written = expectOk(
      await engine().post(ENGINE_DATA, {
        records: [
          { indicator: 'Glucose', value: 5.4, unit: 'mmol/L', time: '2026-06-16T07:30:00Z' },
          { indicator: 'Heart rate', value: 72, unit: 'bpm', time: '2026-06-16T07:31:00Z' },
        ],
      }),
    );
    expect(written.written).toBe(2);
    expect(written.standardized).toBe(2);
    expect(written.records.map((r: { loinc_code: string }) => r.loinc_code)).toEqual(['14749-6', '8867-4']);
    expect(written.records.every((r: { retention: string }) => r.retention === 'permanent')).toBe(true);

    const v1 = client(h.url, key);
    const onV1 = await v1.get('/v1/data?indicator=Glucose');
    expect(onV1.body.subject).toBe('default');
    expect(onV1.body.data.map((r: { id: number }) => r.id)).toEqual([written.records[0].id]);

    const viaV1 = await v1.post('/v1/data', {
      retention: 'permanent',
      records: [{ indicator: 'HbA1c', value: 6.1, unit: '%', time: '2026-06-17T08:00:00Z' }],
    });
    expect(viaV1.status).toBe(200);
    const page = expectOk(await engine().get(`${ENGINE_DATA}?indicator=HbA1c`));
    expect(page.records).toMatchObject([{ indicator: 'HbA1c', loinc_code: '4548-4', source: 'api' }]);
    // `user=default` names the same data; paging follows /v1/data.
    const first = expectOk(await engine(readOnly).get(`${ENGINE_DATA}?user=Default&limit=1`));
    expect(first.records).toHaveLength(1);
    expect(first.has_more).toBe(true);
    const second = expectOk(await engine(readOnly).get(`${ENGINE_DATA}?limit=1&cursor=${first.next_cursor}`));
    expect(second.records[0].id).not.toBe(first.records[0].id);
  });

  it('upload-with-processing stores the file and queues it: processing, then processed with its readings', async () => {
    const res = await upload({ file: { data: labCsv(), name: 'labs.csv', type: 'text/csv' } });
    const uploaded = expectOk(res);
    expect(uploaded).toMatchObject({
      file_key: expect.stringMatching(/^uploads\/.+\/labs\.csv$/),
      filename: 'labs.csv',
      file_type: 'text/csv',
      status: 'processing',
    });
    const listed = await eventually(
      async () => {
        const { files } = expectOk(await engine(readOnly).get(ENGINE_FILES));
        const mine = files.find((f: { file_key: string }) => f.file_key === uploaded.file_key);
        return mine?.status === 'processed' && mine;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'the engine upload processed' },
    );
    expect(listed).toMatchObject({ retention: 'permanent', records: expect.any(Number) });
    expect(listed.records).toBeGreaterThan(0);
    // The same file on /v1, and its readings on both surfaces.
    const v1Files = await client(h.url, key).get('/v1/files');
    expect(v1Files.body.data.map((f: { id: string }) => f.id)).toContain(uploaded.file_key);
    const { records } = expectOk(await engine().get(`${ENGINE_DATA}?limit=1000`));
    expect(records.filter((r: { source: string }) => r.source === 'upload')).toHaveLength(listed.records);
    // The same bytes again are the stored file, not a second one.
    const again = expectOk(await upload({ file: { data: labCsv(), name: 'labs-again.csv', type: 'text/csv' } }));
    expect(again).toMatchObject({ file_key: uploaded.file_key, duplicate: true });
  });
});

interface Refusal {
  name: string;
  send: () => Promise<ApiResponse>;
  status: number;
  /** A word the `msg` must hold: the field at fault (or the credential). */
  names: string | RegExp;
}

const json = (path: string, body: string, type = 'application/json', token: string | null = jwt) =>
  client(h.url, token ?? undefined).call('POST', path, body, { 'content-type': type });
const record = { indicator: 'Glucose', value: 5.4, unit: 'mmol/L' };

const refusals: Refusal[] = [
  // POST /api/v1/user/email/login
  {
    name: 'login: no email',
    send: () => json('/api/v1/user/email/login', '{}', undefined, null),
    status: 400,
    names: 'email',
  },
  {
    name: 'login: email a number',
    send: () => json('/api/v1/user/email/login', '{"email": 5}', undefined, null),
    status: 400,
    names: 'email',
  },
  {
    name: 'login: not an address',
    send: () => json('/api/v1/user/email/login', '{"email": "ada"}', undefined, null),
    status: 400,
    names: 'email',
  },
  {
    name: 'login: bad JSON',
    send: () => json('/api/v1/user/email/login', '{"email":', undefined, null),
    status: 400,
    names: 'body',
  },
  {
    name: 'login: not JSON',
    send: () => json('/api/v1/user/email/login', 'email=a@example.org', 'text/plain', null),
    status: 400,
    names: 'content-type',
  },
  // POST /api/v1/user/email/verify
  {
    name: 'verify: code of 5 digits',
    send: () => json('/api/v1/user/email/verify', '{"email": "a@example.org", "code": "12345"}', undefined, null),
    status: 400,
    names: 'code',
  },
  {
    name: 'verify: code a number',
    send: () => json('/api/v1/user/email/verify', '{"email": "a@example.org", "code": 123456}', undefined, null),
    status: 400,
    names: 'code',
  },
  {
    name: 'verify: a wrong code',
    send: () => json('/api/v1/user/email/verify', '{"email": "nobody@example.org", "code": "000000"}', undefined, null),
    status: 400,
    names: 'code',
  },
  {
    name: 'verify: no email',
    send: () => json('/api/v1/user/email/verify', '{"code": "123456"}', undefined, null),
    status: 400,
    names: 'email',
  },
  // GET /api/v1/data/health/data
  { name: 'read: no token', send: () => engine(null).get(ENGINE_DATA), status: 401, names: 'Authorization' },
  { name: 'read: an API key', send: () => engine(key).get(ENGINE_DATA), status: 401, names: 'access token' },
  {
    name: 'read: a token without mcp:read',
    send: () => engine(writeOnly).get(ENGINE_DATA),
    status: 403,
    names: 'mcp:read',
  },
  { name: 'read: limit 0', send: () => engine().get(`${ENGINE_DATA}?limit=0`), status: 400, names: 'limit' },
  { name: 'read: limit abc', send: () => engine().get(`${ENGINE_DATA}?limit=abc`), status: 400, names: 'limit' },
  { name: 'read: offset -1', send: () => engine().get(`${ENGINE_DATA}?offset=-1`), status: 400, names: 'offset' },
  {
    name: 'read: a forged cursor',
    send: () => engine().get(`${ENGINE_DATA}?cursor=zzz`),
    status: 400,
    names: 'cursor',
  },
  { name: 'read: another user', send: () => engine().get(`${ENGINE_DATA}?user=bob`), status: 400, names: 'user' },
  // POST /api/v1/data/health/data
  {
    name: 'write: no token',
    send: () => json(ENGINE_DATA, JSON.stringify({ records: [record] }), undefined, null),
    status: 401,
    names: 'Authorization',
  },
  {
    name: 'write: a token without mcp:write',
    send: () => json(ENGINE_DATA, JSON.stringify({ records: [record] }), undefined, readOnly),
    status: 403,
    names: 'mcp:write',
  },
  { name: 'write: bad JSON', send: () => json(ENGINE_DATA, '{"records": ['), status: 400, names: 'body' },
  {
    name: 'write: not JSON',
    send: () => json(ENGINE_DATA, JSON.stringify({ records: [record] }), 'text/plain'),
    status: 400,
    names: 'content-type',
  },
  { name: 'write: an array body', send: () => json(ENGINE_DATA, JSON.stringify([record])), status: 400, names: 'body' },
  { name: 'write: no records', send: () => json(ENGINE_DATA, '{}'), status: 400, names: 'records' },
  { name: 'write: records a string', send: () => json(ENGINE_DATA, '{"records": "x"}'), status: 400, names: 'records' },
  { name: 'write: no record', send: () => json(ENGINE_DATA, '{"records": []}'), status: 400, names: 'records' },
  {
    name: 'write: 501 records',
    send: () => json(ENGINE_DATA, JSON.stringify({ records: Array.from({ length: 501 }, () => record) })),
    status: 400,
    names: 'records',
  },
  {
    name: 'write: a value that is an object',
    send: () => json(ENGINE_DATA, JSON.stringify({ records: [record, { indicator: 'x', value: {} }] })),
    status: 400,
    names: 'records[1].value',
  },
  {
    name: 'write: a record without indicator',
    send: () => json(ENGINE_DATA, JSON.stringify({ records: [{ value: 1 }] })),
    status: 400,
    names: 'records[0].indicator',
  },
  {
    name: 'write: a time that is no date',
    send: () => json(ENGINE_DATA, JSON.stringify({ records: [{ ...record, time: 'yesterday' }] })),
    status: 400,
    names: 'records[0].time',
  },
  {
    name: 'write: an unknown retention',
    send: () => json(ENGINE_DATA, JSON.stringify({ records: [record], retention: 'forever' })),
    status: 400,
    names: 'retention',
  },
  {
    name: 'write: session retention without session_id',
    send: () => json(ENGINE_DATA, JSON.stringify({ records: [record], retention: 'session' })),
    status: 400,
    names: 'session_id',
  },
  {
    name: 'write: another user',
    send: () => json(ENGINE_DATA, JSON.stringify({ records: [record], user: 'bob' })),
    status: 400,
    names: 'user',
  },
  // GET /api/v1/data/uploaded-files
  { name: 'files: no token', send: () => engine(null).get(ENGINE_FILES), status: 401, names: 'Authorization' },
  { name: 'files: a bad token', send: () => engine('eyJ.x.y').get(ENGINE_FILES), status: 401, names: 'access token' },
  {
    name: 'files: a token without mcp:read',
    send: () => engine(writeOnly).get(ENGINE_FILES),
    status: 403,
    names: 'mcp:read',
  },
  { name: 'files: another user', send: () => engine().get(`${ENGINE_FILES}?user=bob`), status: 400, names: 'user' },
  // POST /api/v1/data/upload-with-processing
  {
    name: 'upload: no token',
    send: () => upload({ file: { data: labCsv(), name: 'a.csv', type: 'text/csv' } }, null),
    status: 401,
    names: 'Authorization',
  },
  {
    name: 'upload: a token without mcp:write',
    send: () => upload({ file: { data: labCsv(), name: 'a.csv', type: 'text/csv' } }, readOnly),
    status: 403,
    names: 'mcp:write',
  },
  { name: 'upload: JSON, not multipart', send: () => json(ENGINE_UPLOAD, '{"file": "x"}'), status: 400, names: 'file' },
  { name: 'upload: an empty form', send: () => upload({}), status: 400, names: 'file' },
  {
    name: 'upload: a form without the file',
    send: () => upload({ fields: { retention: 'permanent' } }),
    status: 400,
    names: 'file',
  },
  {
    name: 'upload: an empty file',
    send: () => upload({ file: { data: Buffer.alloc(0), name: 'a.csv', type: 'text/csv' } }),
    status: 400,
    names: 'file',
  },
  {
    name: 'upload: bytes HDS cannot read',
    send: () =>
      upload({
        file: { data: Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 9]), name: 'a.bin', type: 'application/octet-stream' },
      }),
    status: 400,
    names: 'file',
  },
  {
    name: 'upload: an unknown retention',
    send: () => upload({ fields: { retention: 'forever' }, file: { data: labCsv(), name: 'a.csv', type: 'text/csv' } }),
    status: 400,
    names: 'retention',
  },
  {
    name: 'upload: another user',
    send: () => upload({ fields: { user: 'bob' }, file: { data: labCsv(), name: 'a.csv', type: 'text/csv' } }),
    status: 400,
    names: 'user',
  },
];

describe('bad input on /api/v1', () => {
  it('is refused in the envelope with its status and a msg naming the field, and changes nothing', async () => {
    // Something to keep unchanged: a reading and a file of the default Subject.
    expectOk(await engine().post(ENGINE_DATA, { records: [{ indicator: 'Weight', value: 71, unit: 'kg' }] }));
    expectOk(await upload({ file: { data: Buffer.from('Weight 71 kg\n'), name: 'note.txt', type: 'text/plain' } }));
    // Extraction adds readings in the background: wait until it is done, so only a refusal could change them.
    const before = await eventually(
      async () => {
        const snapshot = await v1Snapshot();
        return snapshot.files.every((f: { status: string }) => f.status !== 'processing') && snapshot;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: 'every file read' },
    );
    const wrong: string[] = [];
    for (const refusal of refusals) {
      const res = await refusal.send();
      const { body } = res;
      const named =
        typeof refusal.names === 'string' ? body?.msg?.includes(refusal.names) : refusal.names.test(body?.msg ?? '');
      if (
        res.status !== refusal.status ||
        body?.success !== false ||
        body?.code !== -1 ||
        body?.data !== null ||
        !named ||
        ((res.status === 401 || res.status === 403) && !res.headers.get('www-authenticate')?.startsWith('Bearer'))
      ) {
        wrong.push(`${refusal.name}: ${res.status} ${JSON.stringify(body)}`);
      }
    }
    expect(wrong).toEqual([]);
    const after = await v1Snapshot();
    expect(after.records).toEqual(before.records);
    expect(after.files).toEqual(before.files);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueApiKey } from '../../shared/services/api-keys';
import { labCsv } from '../support/document-fixtures';
import { client, type Harness, startHarness } from '../support/harness';
import { signIn } from '../support/sign-in';
import { openUploadSocket } from '../support/sockets';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000', HDS_KEY_RECHECK_MS: '0' } });
});
afterAll(() => h?.stop());

const csv = labCsv();
const frames = (messageId: string) => [
  { type: 'upload_start', messageId, files: [{ filename: 'labs.csv', contentType: 'text/csv', size: csv.length }] },
  {
    type: 'upload_chunk',
    messageId,
    filename: 'labs.csv',
    chunk: csv.toString('base64'),
    chunkIndex: 0,
    totalChunks: 1,
  },
  { type: 'upload_end', messageId },
];
const subOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub;

describe('WebSocket uploads with a signed-in person’s access token (?token=)', () => {
  it('uploads into that person’s own data, the default Subject of their account', async () => {
    const session = await signIn(h, `uploader-${Date.now()}@example.org`);
    const socket = await openUploadSocket(h.url, `token=${session.access_token}`);
    expect((await socket.next()).type).toBe('connection_established');
    for (const f of frames('t1')) socket.ws.send(JSON.stringify(f));
    const done = await socket.next();
    expect(done).toMatchObject({ type: 'upload_end_response', messageId: 't1' });
    expect(done.files[0]).toMatchObject({ filename: 'labs.csv', status: 'processed' });
    socket.ws.close();

    // The file belongs to the person's account, default Subject: a key of that account sees it there.
    const user = await h.runtime.services.users.getUser(Number(subOf(session.access_token)), Date.now());
    const { secret } = await issueApiKey(h.runtime.services.accounts, user!.accountId, {
      name: 'check',
      region: h.runtime.services.config.region,
    });
    const listed = (await client(h.url, secret).get('/v1/files')).body.data;
    expect(listed.map((f: { filename: string }) => f.filename)).toEqual(['labs.csv']);
  });

  it('refuses another Subject, a bad token, and no credentials at all', async () => {
    const session = await signIn(h, `picky-${Date.now()}@example.org`);
    await expect(openUploadSocket(h.url, `token=${session.access_token}&user=someone-else`)).rejects.toMatchObject({
      status: 400,
    });
    const tampered = `${session.access_token.slice(0, -4)}AAAA`;
    const refused = await openUploadSocket(h.url, `token=${tampered}`).catch((e) => e);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body).error.code).toBe('invalid_token');
    await expect(openUploadSocket(h.url, 'user=x')).rejects.toMatchObject({ status: 401 });
  });

  it('stops an open socket once the token’s grant is revoked', async () => {
    const session = await signIn(h, `revoked-${Date.now()}@example.org`);
    const socket = await openUploadSocket(h.url, `token=${session.access_token}`);
    expect((await socket.next()).type).toBe('connection_established');
    const grantId = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()).fid;
    await h.runtime.services.grants.revoke(grantId, 'test', Date.now());
    for (const f of frames('t2')) socket.ws.send(JSON.stringify(f));
    expect(await socket.next()).toMatchObject({ type: 'error', status: 401, error: { code: 'invalid_token' } });
    await socket.closed;
  });
});

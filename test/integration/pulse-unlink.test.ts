import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../shared/adapters/dynamo/client';
import { client, type Harness } from '../support/harness';
import { eventually } from '../support/polling';
import {
  apiKeyClient,
  backfillDone,
  LOOSE_RATE_LIMITS,
  linkThroughConsent,
  rawLinkItem,
  signedInUser,
  startWithProviders,
  stopWithProviders,
  UNLINK_PATH as UNLINK,
} from '../support/pulse-flow';
import { OURA_USER_ID, OuraServer, ouraEnv, ouraSampleDocuments } from '../support/pulse-servers';

/**
 * Unlinking Oura, erasing a Subject and deleting an account (design wearables §6.3, §11, §15) over real HTTP: the
 * grant revoked at Oura with the tokens the revoke job carried, the link and its map gone, readings kept on unlink.
 */
let h: Harness;
let oura: OuraServer;
let n = 0;

beforeAll(async () => {
  oura = new OuraServer();
  oura.documents = ouraSampleDocuments(new Date());
  h = await startWithProviders([oura], () => ({ env: { ...ouraEnv(oura), HDS_RATE_LIMITS: LOOSE_RATE_LIMITS } }));
}, 60_000);
afterAll(() => stopWithProviders(h, [oura]));

/** A signed-in user with Oura linked and backfilled: their engine client, a /v1 client, and the Subject id. */
async function linkedUser() {
  const { user, api } = await signedInUser(h, `unlink${++n}-${Date.now()}@example.org`);
  const v1 = await apiKeyClient(h, api, 'unlink');
  await linkThroughConsent(h, api, 'oura');
  await backfillDone(api, 'oura', { what: 'the backfill' });
  const mapping = await h.runtime.services.pulseLinks.findProviderUser('oura', OURA_USER_ID);
  const accessToken = oura.issued.at(-2)!;
  return { user, api, v1, subjectId: mapping!.subjectId, accessToken };
}

/** An item of the accounts table exactly as DynamoDB holds it. */
async function rawAccountsItem(key: { pk: string; sk: string }) {
  const cfg = h.runtime.services.config;
  return (await createDocumentClient(cfg).send(new GetCommand({ TableName: cfg.tables.accounts, Key: key }))).Item;
}

describe('unlink', () => {
  it('revokes at Oura, deletes the link and its map, keeps the readings, and ignores later webhooks', async () => {
    const { api, v1, subjectId, accessToken, user } = await linkedUser();
    const rowsBefore = (await v1.get('/v1/data?limit=200')).body.data.length;
    expect(rowsBefore).toBeGreaterThan(0);
    const res = await api.post(UNLINK, { provider: 'oura' });
    expect(res.status).toBe(200);
    const sub = JSON.parse(Buffer.from(user.access_token.split('.')[1]!, 'base64url').toString()).sub;
    expect(res.body.data).toEqual({
      success: true,
      message: 'oura unlinked',
      provider_slug: 'oura',
      user_id: String(sub),
    });
    await eventually(() => oura.revoked.includes(accessToken), { what: 'the revoke at Oura' });
    expect(await rawLinkItem(h, subjectId, 'oura')).toBeUndefined();
    expect(await rawAccountsItem({ pk: `PULSEUSER#oura#${OURA_USER_ID}`, sk: '#MAP' })).toBeUndefined();
    expect((await api.get('/api/v1/pulse/user/providers')).body.data.providers).toEqual([]);
    expect((await v1.get('/v1/data?limit=200')).body.data.length).toBe(rowsBefore);

    const delivery = oura.signedDelivery({
      event_type: 'create',
      data_type: 'sleep',
      object_id: 'sl-1',
      event_time: new Date().toISOString(),
      user_id: OURA_USER_ID,
    });
    const fetched = oura.callsTo('/v2/usercollection/sleep/sl-1').length;
    expect(
      (await fetch(`${h.url}/api/v1/pulse/hds/webhook?provider=oura`, { method: 'POST', ...delivery })).status,
    ).toBe(200);
    await h.runtime.drainQueues();
    expect(oura.callsTo('/v2/usercollection/sleep/sl-1').length).toBe(fetched);

    const again = await api.post(UNLINK, { provider: 'oura' });
    expect(again.status).toBe(404);
    expect(again.body.msg).toMatch(/oura is not linked/);
  }, 60_000);

  it('links again after an unlink', async () => {
    const { api } = await linkedUser();
    expect((await api.post(UNLINK, { provider: 'oura' })).status).toBe(200);
    await linkThroughConsent(h, api, 'oura');
    const [link] = (await api.get('/api/v1/pulse/user/providers')).body.data.providers;
    expect(link).toMatchObject({ slug: 'oura', status: 'linked' });
  }, 60_000);

  it('refuses another user’s id, a bad body and an unknown provider, naming the field', async () => {
    const { api } = await signedInUser(h, `unlink-bad-${Date.now()}@example.org`);
    const other = await api.post(UNLINK, { provider: 'oura', user_id: '1' });
    expect(other.status).toBe(403);
    expect(other.body.msg).toMatch(/user_id/);
    expect((await api.post(UNLINK, {})).body.msg).toMatch(/provider/);
    expect((await api.post(UNLINK, { provider: 'polar' })).status).toBe(400);
    expect((await api.post(UNLINK, { provider: 'oura' })).status).toBe(404);
    expect((await client(h.url).post(UNLINK, { provider: 'oura' })).status).toBe(401);
  });
});

describe('erasing detaches', () => {
  it('DELETE /v1/subjects/default revokes at Oura and leaves no LINK# item', async () => {
    const { v1, subjectId, accessToken } = await linkedUser();
    expect((await v1.delete('/v1/subjects/default')).status).toBe(200);
    await eventually(() => oura.revoked.includes(accessToken), { what: 'the revoke at Oura' });
    expect(await rawLinkItem(h, subjectId, 'oura')).toBeUndefined();
  }, 60_000);

  it('POST /user/del revokes at Oura and leaves no LINK# item', async () => {
    const { api, subjectId, accessToken } = await linkedUser();
    expect((await api.post('/user/del')).status).toBe(200);
    await h.runtime.drainQueues();
    await eventually(() => oura.revoked.includes(accessToken), { timeoutMs: 10_000, what: 'the revoke at Oura' });
    expect(await rawLinkItem(h, subjectId, 'oura')).toBeUndefined();
  }, 60_000);

  it('a revoke Oura keeps failing is retried, then dead-lettered with the tokens still sealed', async () => {
    const { api, accessToken } = await linkedUser();
    oura.fail({ kind: 'status', status: 500, path: '/oauth/revoke' });
    try {
      expect((await api.post(UNLINK, { provider: 'oura' })).status).toBe(200);
      const dead = await eventually(
        async () =>
          (await h.runtime.queue!.deadLetters('pulse-jobs')).find((m) => JSON.parse(m.body).type === 'revoke'),
        { timeoutMs: 20_000, what: 'the dead-lettered revoke' },
      );
      expect(oura.callsTo('/oauth/revoke').length).toBeGreaterThanOrEqual(5);
      expect(JSON.parse(dead.body).sealed).toMatchObject({ v: 1 });
      expect(dead.body).not.toContain(accessToken);
    } finally {
      oura.fail(null);
    }
  }, 60_000);
});

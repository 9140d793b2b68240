import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoOAuthClients } from '../../../shared/adapters/dynamo/dynamo-oauth-clients';
import type { NewOAuthClient } from '../../../shared/ports/oauth-clients';
import type { DynamoServer } from '../../support/dynamo-servers';
import { identityTable, servers, T0, TABLE } from './identity-table';

const CONFIDENTIAL: NewOAuthClient = {
  secretHash: 'a'.repeat(64),
  clientName: 'Example app',
  redirectUris: ['https://app.example.org/callback', 'com.example.app:/cb'],
  grantTypes: ['authorization_code', 'refresh_token'],
  authMethod: 'client_secret_basic',
  scope: 'mcp:read mcp:write',
};

describe.each(servers)('DynamoOAuthClients on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let clients: DynamoOAuthClients;

  beforeAll(async () => {
    ({ server, doc } = await identityTable(start));
    clients = new DynamoOAuthClients(doc, TABLE);
  }, 90_000);
  afterAll(() => server?.stop());

  it('registers a client under a new id and reads it back; a revoked client is no client', async () => {
    const created = await clients.create(CONFIDENTIAL, T0);
    expect(created).toEqual({
      ...CONFIDENTIAL,
      clientId: expect.stringMatching(/^hdsc_[0-9A-Za-z]{22}$/),
      createdAt: T0 / 1000,
    });
    expect(await clients.get(created.clientId)).toEqual(created);
    expect(await clients.revoke(created.clientId, T0 + 1000)).toBe(true);
    expect(await clients.revoke(created.clientId, T0 + 2000)).toBe(true);
    expect(await clients.get(created.clientId)).toBeNull();
    expect(await clients.revoke('hdsc_0123456789abcdefghijkl', T0)).toBe(false);
  });

  it('keeps a public client without a secret, and answers unknown or malformed ids with null', async () => {
    const open = await clients.create(
      { ...CONFIDENTIAL, secretHash: undefined, authMethod: 'none', ownerAccountId: undefined },
      T0,
    );
    const read = await clients.get(open.clientId);
    expect(read).not.toHaveProperty('secretHash');
    expect(read?.authMethod).toBe('none');
    for (const bad of ['hds-console', 'hdsc_0123456789abcdefghijkl', 'x'.repeat(3000), '']) {
      expect(await clients.get(bad)).toBeNull();
    }
  });

  it('lists the clients an account registered, revoked ones included', async () => {
    const mine = await Promise.all(
      [1, 2, 3].map(() => clients.create({ ...CONFIDENTIAL, ownerAccountId: 'acct_owner' }, T0)),
    );
    await clients.create({ ...CONFIDENTIAL, ownerAccountId: 'acct_other' }, T0);
    await clients.revoke(mine[0]!.clientId, T0);
    expect((await clients.listOwnedBy('acct_owner')).sort()).toEqual(mine.map((c) => c.clientId).sort());
    expect(await clients.listOwnedBy('acct_nobody')).toEqual([]);
  });
});

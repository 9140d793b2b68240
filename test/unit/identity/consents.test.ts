import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoConsents } from '../../../shared/adapters/dynamo/dynamo-consents';
import type { DynamoServer } from '../../support/dynamo-servers';
import { identityTable, servers, T0, TABLE } from './identity-table';

const CLIENT = 'hdsc_0123456789abcdefghijkl';

describe.each(servers)('DynamoConsents on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let consents: DynamoConsents;

  beforeAll(async () => {
    ({ server, doc } = await identityTable(start));
    consents = new DynamoConsents(doc, TABLE);
  }, 90_000);
  afterAll(() => server?.stop());

  it('remembers the union of every scope granted, never narrowing', async () => {
    const userId = 100_000_000_000_001;
    expect(await consents.get(userId, CLIENT)).toBeNull();
    expect(await consents.grant(userId, CLIENT, ['mcp:read'], T0)).toEqual(['mcp:read']);
    expect(await consents.grant(userId, CLIENT, ['mcp:write', 'mcp:read'], T0 + 1000)).toEqual([
      'mcp:read',
      'mcp:write',
    ]);
    expect(await consents.grant(userId, CLIENT, ['mcp:read'], T0 + 2000)).toEqual(['mcp:read', 'mcp:write']);
    expect(await consents.grant(userId, CLIENT, [], T0 + 3000)).toEqual(['mcp:read', 'mcp:write']);
    expect(await consents.get(userId, CLIENT)).toEqual({
      clientId: CLIENT,
      scopes: ['mcp:read', 'mcp:write'],
      grantedAt: T0 / 1000 + 3,
    });
    expect(await consents.get(userId + 1, CLIENT)).toBeNull();
  });

  it('loses no scope to concurrent consents', async () => {
    const userId = 100_000_000_000_002;
    const scopes = ['a', 'b', 'c', 'd', 'e', 'f'];
    await Promise.all(scopes.map((s) => consents.grant(userId, CLIENT, [s], T0)));
    expect((await consents.get(userId, CLIENT))?.scopes).toEqual(scopes);
  });
});

import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAuthorizationRequests } from '../../../shared/adapters/dynamo/dynamo-authorization-requests';
import type { NewAuthorizationRequest } from '../../../shared/ports/authorization-requests';
import type { DynamoServer } from '../../support/dynamo-servers';
import { identityTable, servers, T0, TABLE } from './identity-table';

const REQUEST: NewAuthorizationRequest = {
  clientId: 'hdsc_0123456789abcdefghijkl',
  redirectUri: 'https://app.example.org/callback',
  state: 'xyz',
  scope: 'mcp:read mcp:write',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  browserHash: 'b'.repeat(64),
  csrfHash: 'c'.repeat(64),
};

describe.each(servers)('DynamoAuthorizationRequests on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let requests: DynamoAuthorizationRequests;

  beforeAll(async () => {
    ({ server, doc } = await identityTable(start));
    requests = new DynamoAuthorizationRequests(doc, TABLE);
  }, 90_000);
  afterAll(() => server?.stop());

  it('goes email → user → consumed once, each step within 10 minutes', async () => {
    const created = await requests.create(REQUEST, T0);
    expect(created).toEqual({
      ...REQUEST,
      areqId: expect.stringMatching(/^areq_[0-9A-Za-z]{22}$/),
      validUntil: T0 / 1000 + 600,
    });
    expect(await requests.get(created.areqId, T0 + 1000)).toEqual(created);

    expect(await requests.consume(created.areqId, T0 + 1000)).toBeNull();
    expect(await requests.rememberEmail(created.areqId, 'email-key', T0 + 1000)).toBe(true);
    expect(await requests.attachUser(created.areqId, 100_000_000_000_003, T0 + 2000)).toBe(true);
    expect(await requests.attachUser(created.areqId, 100_000_000_000_004, T0 + 2000)).toBe(false);
    expect(await requests.rememberEmail(created.areqId, 'other-key', T0 + 2000)).toBe(false);

    const consumed = await Promise.all([0, 1, 2].map(() => requests.consume(created.areqId, T0 + 3000)));
    expect(consumed.filter(Boolean)).toEqual([{ ...created, emailKey: 'email-key', userId: 100_000_000_000_003 }]);
    expect(await requests.get(created.areqId, T0 + 3000)).toBeNull();
  });

  it('attaches only one of two concurrent users', async () => {
    const { areqId } = await requests.create(REQUEST, T0);
    const outcomes = await Promise.all(
      [1, 2, 3, 4].map((i) => requests.attachUser(areqId, 100_000_000_000_000 + i, T0)),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
  });

  it('is dead after 10 minutes, and answers a malformed id as unknown, never as a key error', async () => {
    const { areqId } = await requests.create({ ...REQUEST, state: undefined }, T0);
    expect(await requests.get(areqId, T0)).not.toHaveProperty('state');
    expect(await requests.attachUser(areqId, 100_000_000_000_001, T0 + 600_000)).toBe(false);
    expect(await requests.get(areqId, T0 + 600_000)).toBeNull();
    await requests.attachUser(areqId, 100_000_000_000_001, T0);
    expect(await requests.consume(areqId, T0 + 600_000)).toBeNull();
    for (const bad of ['', 'areq_', 'x'.repeat(3000), `${areqId}x`]) {
      expect(await requests.get(bad, T0)).toBeNull();
      expect(await requests.consume(bad, T0)).toBeNull();
      expect(await requests.attachUser(bad, 1, T0)).toBe(false);
    }
  });
});

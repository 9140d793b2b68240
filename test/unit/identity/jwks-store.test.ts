import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoJwksStore } from '../../../shared/adapters/dynamo/dynamo-jwks-store';
import type { PublicJwk } from '../../../shared/ports/token-signer';
import type { DynamoServer } from '../../support/dynamo-servers';
import { DAY_MS, identityTable, servers, T0, TABLE } from './identity-table';

const jwk = (kid: string): PublicJwk => ({ kty: 'RSA', n: `n-of-${kid}`, e: 'AQAB', kid, alg: 'RS256', use: 'sig' });

describe.each(servers)('DynamoJwksStore on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;

  beforeAll(async () => {
    ({ server, doc } = await identityTable(start));
  }, 90_000);
  afterAll(() => server?.stop());

  // Both tests share the one JWKS item, in this order; each asserts only on its own kids after the first read.
  it('publishes concurrently without losing a key, and once per kid', async () => {
    const jwks = new DynamoJwksStore(doc, TABLE);
    expect(await jwks.read(T0)).toEqual({ keys: [] });
    const kids = ['k1', 'k2', 'k3', 'k4', 'k5'];
    await Promise.all([...kids, ...kids].map((kid) => jwks.ensurePublished(jwk(kid), T0)));
    const { keys } = await jwks.read(T0);
    expect(keys.map((k) => k.kid).sort()).toEqual(kids);
    expect(keys[0]).toEqual(jwk(keys[0]!.kid));
  });

  it('keeps a retired key published for 31 days, then drops it', async () => {
    const jwks = new DynamoJwksStore(doc, TABLE);
    await jwks.ensurePublished(jwk('old'), T0);
    expect(await jwks.retire('old', T0)).toBe(true);
    expect(await jwks.retire('old', T0 + DAY_MS)).toBe(true);
    expect(await jwks.retire('never', T0)).toBe(false);
    const kids = async (nowMs: number) => (await jwks.read(nowMs)).keys.map((k) => k.kid);
    expect(await kids(T0 + 31 * DAY_MS - 1000)).toContain('old');
    expect((await jwks.read(T0)).keys.find((k) => k.kid === 'old')).not.toHaveProperty('retiredAt');
    expect(await kids(T0 + 31 * DAY_MS)).not.toContain('old');
    // Publishing again at that time prunes it from the item too (retirement is counted from the first `retire`).
    await jwks.ensurePublished(jwk('new'), T0 + 31 * DAY_MS);
    expect(await kids(T0)).not.toContain('old');
    expect(await kids(T0)).toContain('new');
  });
});

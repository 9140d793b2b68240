import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoLoginCodes } from '../../../shared/adapters/dynamo/dynamo-login-codes';
import { codeMacOf, emailKeyOf, normalizeEmail } from '../../../shared/domain/identity/email-address';
import type { DynamoServer } from '../../support/dynamo-servers';
import { identityTable, servers, TABLE } from './identity-table';

const PEPPER = Buffer.alloc(32, 7);
const T0 = Date.UTC(2030, 0, 1);

describe('email addresses', () => {
  it('normalizes to NFC, trimmed, lower case, and refuses what is not an address', () => {
    expect(normalizeEmail('  Zoe.Doe+labs@Example.ORG ')).toBe('zoe.doe+labs@example.org');
    expect(normalizeEmail('zoe\u0301@example.org')).toBe('zoé@example.org');
    for (const bad of [
      '',
      'zoe',
      'zoe@example',
      'a b@example.org',
      'a@@example.org',
      `${'a'.repeat(250)}@x.org`,
      42,
      null,
    ]) {
      expect(normalizeEmail(bad), String(bad)).toBeNull();
    }
  });

  it('keys an address and a code with the pepper: no address in the key, another pepper another key', () => {
    const key = emailKeyOf(PEPPER, 'zoe@example.org');
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(key).toBe(emailKeyOf(PEPPER, 'zoe@example.org'));
    expect(emailKeyOf(Buffer.alloc(32, 8), 'zoe@example.org')).not.toBe(key);
    expect(codeMacOf(PEPPER, key, '123456')).not.toBe(codeMacOf(PEPPER, emailKeyOf(PEPPER, 'x@example.org'), '123456'));
  });
});

describe.each(servers)('DynamoLoginCodes on %s', (_name, start) => {
  let server: DynamoServer;
  let doc: DynamoDBDocumentClient;
  let codes: DynamoLoginCodes;
  let n = 0;
  const address = () => emailKeyOf(PEPPER, `user${++n}@example.org`);
  const mac = (key: string, code: string) => codeMacOf(PEPPER, key, code);

  beforeAll(async () => {
    ({ server, doc } = await identityTable(start));
    codes = new DynamoLoginCodes(doc, TABLE);
  }, 90_000);
  afterAll(() => server?.stop());

  it('redeems the right code once; a wrong one, a spent one and an unknown address are refused', async () => {
    const key = address();
    expect(await codes.issue(key, mac(key, '111111'), T0)).toEqual({ issued: true });
    expect(await codes.redeem(key, mac(key, '222222'), T0 + 1000)).toBe(false);
    expect(await codes.redeem(key, mac(key, '111111'), T0 + 2000)).toBe(true);
    expect(await codes.redeem(key, mac(key, '111111'), T0 + 3000)).toBe(false);
    expect(await codes.redeem(address(), mac(key, '111111'), T0)).toBe(false);
  });

  it('guards a resend for 60 s, saying how long is left; a later code replaces the earlier one', async () => {
    const key = address();
    await codes.issue(key, mac(key, '111111'), T0);
    expect(await codes.issue(key, mac(key, '333333'), T0 + 15_000)).toEqual({ issued: false, retryAfterSeconds: 45 });
    expect(await codes.issue(key, mac(key, '333333'), T0 + 60_000)).toEqual({ issued: true });
    expect(await codes.redeem(key, mac(key, '111111'), T0 + 61_000)).toBe(false);
    expect(await codes.redeem(key, mac(key, '333333'), T0 + 62_000)).toBe(true);
  });

  it('dies after 5 wrong tries and after 10 minutes', async () => {
    const key = address();
    await codes.issue(key, mac(key, '111111'), T0);
    for (let i = 0; i < 5; i++) expect(await codes.redeem(key, mac(key, `00000${i}`), T0 + 1000)).toBe(false);
    expect(await codes.redeem(key, mac(key, '111111'), T0 + 2000)).toBe(false);

    const late = address();
    await codes.issue(late, mac(late, '111111'), T0);
    expect(await codes.redeem(late, mac(late, '111111'), T0 + 10 * 60_000)).toBe(false);
  });

  it('under 50 parallel wrong guesses, compares at most 5; of 10 parallel right ones, exactly one wins', async () => {
    const key = address();
    await codes.issue(key, mac(key, '111111'), T0);
    const guesses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => codes.redeem(key, mac(key, String(200000 + i)), T0 + 1000)),
    );
    expect(guesses.every((g) => g === false)).toBe(true);
    const item = await doc.send(new GetCommand({ TableName: TABLE, Key: { pk: `CODE#${key}`, sk: '#CODE' } }));
    expect(item.Item?.tries).toBe(5);
    expect(await codes.redeem(key, mac(key, '111111'), T0 + 2000)).toBe(false);

    const twin = address();
    await codes.issue(twin, mac(twin, '444444'), T0);
    const wins = await Promise.all(
      Array.from({ length: 10 }, () => codes.redeem(twin, mac(twin, '444444'), T0 + 1000)),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it('withdraws a code that could not be mailed, only if it is still the stored one', async () => {
    const key = address();
    await codes.issue(key, mac(key, '111111'), T0);
    await codes.withdraw(key, mac(key, '999999'));
    expect(await codes.issue(key, mac(key, '555555'), T0 + 1000)).toMatchObject({ issued: false });
    await codes.withdraw(key, mac(key, '111111'));
    expect(await codes.issue(key, mac(key, '555555'), T0 + 2000)).toEqual({ issued: true });
  });
});

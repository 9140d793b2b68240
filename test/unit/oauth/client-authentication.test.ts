import { describe, expect, it } from 'vitest';
import {
  authenticateClient,
  type ClientCredentials,
  parseClientCredentials,
} from '../../../shared/domain/oauth/client-authentication';
import { hashClientSecret, type RegisteredClient } from '../../../shared/domain/oauth/client-registration';
import { OAuthError } from '../../../shared/domain/oauth/oauth-error';

const ID = 'hdsc_0123456789abcdefghijkl';
const SECRET = 'hdss_0123456789abcdefghijklmnopqrstuvwxyzABCD';

const basic = (raw: string) => `Basic ${Buffer.from(raw, 'utf8').toString('base64')}`;
const form = (init: string) => new URLSearchParams(init);

function failure(fn: () => unknown): OAuthError {
  try {
    fn();
  } catch (e) {
    if (e instanceof OAuthError) return e;
    throw e;
  }
  throw new Error('expected an OAuthError');
}

describe('parseClientCredentials (design §7.2, RFC 6749 §2.3.1)', () => {
  it('reads HTTP Basic', () => {
    expect(parseClientCredentials({ authorization: basic(`${ID}:${SECRET}`), form: form('grant_type=x') })).toEqual({
      method: 'client_secret_basic',
      clientId: ID,
      secret: SECRET,
    });
  });

  it('form-decodes both halves inside Basic, splitting at the first colon', () => {
    const header = basic(`${encodeURIComponent('my client')}:${encodeURIComponent('p:a%ss+word')}`);
    expect(parseClientCredentials({ authorization: header, form: form('') })).toEqual({
      method: 'client_secret_basic',
      clientId: 'my client',
      secret: 'p:a%ss+word',
    });
    expect(parseClientCredentials({ authorization: basic('a+b:c+d'), form: form('') })).toMatchObject({
      clientId: 'a b',
      secret: 'c d',
    });
  });

  it('takes the scheme in any case and tolerates missing padding', () => {
    const token = Buffer.from(`${ID}:${SECRET}x`).toString('base64');
    expect(token.endsWith('=')).toBe(true);
    expect(
      parseClientCredentials({ authorization: `basic ${token.replace(/=+$/, '')}`, form: form('') }),
    ).toMatchObject({ method: 'client_secret_basic', secret: `${SECRET}x` });
  });

  it('tolerates a body client_id naming the same client as Basic', () => {
    expect(
      parseClientCredentials({ authorization: basic(`${ID}:${SECRET}`), form: form(`client_id=${ID}`) }),
    ).toMatchObject({ method: 'client_secret_basic', clientId: ID });
  });

  it('reads client_secret_post', () => {
    expect(parseClientCredentials({ form: form(`client_id=${ID}&client_secret=${SECRET}`) })).toEqual({
      method: 'client_secret_post',
      clientId: ID,
      secret: SECRET,
    });
  });

  it('reads a public client (client_id only, or an empty secret)', () => {
    expect(parseClientCredentials({ form: form(`client_id=${ID}`) })).toEqual({ method: 'none', clientId: ID });
    expect(parseClientCredentials({ form: form(`client_id=${ID}&client_secret=`) })).toEqual({
      method: 'none',
      clientId: ID,
    });
    expect(parseClientCredentials({ authorization: '  ', form: form('client_id=hds-console') })).toEqual({
      method: 'none',
      clientId: 'hds-console',
    });
  });

  it.each([
    ['Basic and a body secret', basic(`${ID}:${SECRET}`), `client_secret=${SECRET}`, /not both/],
    ['Basic and a different body client_id', basic(`${ID}:${SECRET}`), 'client_id=other', /differs/],
    ['a repeated client_id', undefined, `client_id=${ID}&client_id=other`, /client_id must not be repeated/],
    ['a repeated client_secret', undefined, `client_id=${ID}&client_secret=a&client_secret=b`, /repeated/],
    ['a secret without an id', undefined, `client_secret=${SECRET}`, /without client_id/],
  ])('refuses %s with invalid_request', (_, authorization, body, why) => {
    const e = failure(() => parseClientCredentials({ authorization, form: form(body) }));
    expect(e.error).toBe('invalid_request');
    expect(e.description).toMatch(why);
  });

  it.each([
    ['no credentials at all', undefined, '', /required/],
    ['an empty client_id', undefined, 'client_id=', /required/],
    ['a Bearer header', 'Bearer abc.def.ghi', '', /Basic scheme/],
    ['Basic with nothing after it', 'Basic', '', /Basic scheme/],
    ['Basic with two tokens', 'Basic abc def', '', /Basic scheme/],
    ['bad base64', 'Basic !!!notbase64***', '', /base64/],
    ['base64 with junk padding', 'Basic YWJj=ZGVm', '', /base64/],
    ['no colon', basic(`${ID}${SECRET}`), '', /client_id:client_secret/],
    ['an empty id', basic(`:${SECRET}`), '', /empty client_id/],
    ['an empty secret', basic(`${ID}:`), '', /empty client_secret/],
    ['bad percent-encoding', basic(`${ID}:%zz`), '', /form-urlencoding/],
    ['bytes that are not UTF-8', `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x61]).toString('base64')}`, '', /UTF-8/],
    ['a control character in the id', basic(`a%00b:${SECRET}`), '', /client_id is malformed/],
    ['unicode in the body client_id', undefined, 'client_id=h%C3%A9', /client_id is malformed/],
    ['an over-long secret', basic(`${ID}:${'s'.repeat(300)}`), '', /malformed/],
    ['an over-long header', `Basic ${'A'.repeat(2000)}`, '', /too long/],
    ['an over-long body id', undefined, `client_id=${'c'.repeat(257)}`, /malformed/],
  ])('refuses %s with invalid_client', (_, authorization, body, why) => {
    const e = failure(() => parseClientCredentials({ authorization, form: form(body) }));
    expect(e.error).toBe('invalid_client');
    expect(e.description).toMatch(why);
  });
});

describe('authenticateClient', () => {
  const confidential: RegisteredClient = {
    clientId: ID,
    clientName: 'Acme',
    redirectUris: ['https://acme.example/cb'],
    grantTypes: ['authorization_code'],
    authMethod: 'client_secret_basic',
    scope: ['mcp:read'],
    secretHash: hashClientSecret(SECRET),
  };
  const publicClient: RegisteredClient = { ...confidential, authMethod: 'none', secretHash: undefined };
  const viaBasic: ClientCredentials = { method: 'client_secret_basic', clientId: ID, secret: SECRET };

  it('accepts the registered method with the right secret', () => {
    expect(authenticateClient(viaBasic, confidential)).toBe(confidential);
    expect(authenticateClient({ method: 'none', clientId: ID }, publicClient)).toBe(publicClient);
  });

  it('refuses an unknown, revoked or mismatched client the same way', () => {
    for (const client of [
      null,
      undefined,
      { ...confidential, revokedAt: '2026-01-01T00:00:00Z' },
      { ...confidential, clientId: 'hdsc_other' },
    ]) {
      expect(failure(() => authenticateClient(viaBasic, client))).toMatchObject({
        error: 'invalid_client',
        description: 'client authentication failed',
      });
    }
  });

  it('refuses a wrong secret with the same words as an unknown client', () => {
    const e = failure(() => authenticateClient({ ...viaBasic, secret: `${SECRET}x` }, confidential));
    expect(e).toMatchObject({ error: 'invalid_client', description: 'client authentication failed' });
  });

  it('refuses a method other than the registered one', () => {
    expect(
      failure(() => authenticateClient({ ...viaBasic, method: 'client_secret_post' }, confidential)).description,
    ).toMatch(/client_secret_basic/);
    expect(failure(() => authenticateClient({ method: 'none', clientId: ID }, confidential)).error).toBe(
      'invalid_client',
    );
    expect(failure(() => authenticateClient(viaBasic, publicClient)).description).toMatch(/none/);
  });
});

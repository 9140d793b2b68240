import { describe, expect, it } from 'vitest';
import {
  type AuthorizationValidation,
  authorizationClientId,
  authorizationErrorLocation,
  authorizationSuccessLocation,
  generateAuthorizationCode,
  hashAuthorizationCode,
  validateAuthorizationRequest,
} from '../../../shared/domain/oauth/authorization-request';
import type { RegisteredClient } from '../../../shared/domain/oauth/client-registration';
import { OAuthError } from '../../../shared/domain/oauth/oauth-error';
import { s256Challenge } from '../../../shared/domain/oauth/pkce';

const ISSUER = 'https://api.hds.example';
const ID = 'hdsc_0123456789abcdefghijkl';
const REDIRECT = 'https://acme.example/cb?tenant=7';
const CHALLENGE = s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');

const confidential: RegisteredClient = {
  clientId: ID,
  clientName: 'Acme',
  redirectUris: [REDIRECT, 'http://127.0.0.1:8080/cb'],
  grantTypes: ['authorization_code', 'refresh_token'],
  authMethod: 'client_secret_basic',
  scope: ['mcp:read', 'mcp:write'],
  secretHash: 'x',
};
const publicClient: RegisteredClient = { ...confidential, authMethod: 'none' };

function query(extra: Record<string, string> = {}, omit: string[] = []): URLSearchParams {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: ID,
    redirect_uri: REDIRECT,
    state: 'xyz',
    ...extra,
  });
  for (const name of omit) q.delete(name);
  return q;
}

function redirected(outcome: AuthorizationValidation) {
  if (outcome.kind !== 'redirect-error') throw new Error(`expected a redirect, got ${outcome.kind}`);
  const url = new URL(outcome.location);
  return { outcome, url, params: Object.fromEntries(url.searchParams) };
}

describe('phase 1: client and redirect URI, never redirected', () => {
  it.each([
    ['no client_id', query({}, ['client_id']), confidential, /client_id is required/],
    ['an empty client_id', query({ client_id: '' }), confidential, /client_id is required/],
    ['an unknown client', query(), null, /does not name a registered client/],
    ['a revoked client', query(), { ...confidential, revokedAt: 1 }, /does not name a registered client/],
    ['a record for another client', query({ client_id: 'hdsc_other' }), confidential, /does not name/],
    ['no redirect_uri', query({}, ['redirect_uri']), confidential, /redirect_uri is required/],
    ['an unregistered redirect_uri', query({ redirect_uri: 'https://evil.com/cb' }), confidential, /not registered/],
    ['a near-miss redirect_uri', query({ redirect_uri: 'https://acme.example/cb' }), confidential, /not registered/],
    ['a redirect_uri with a fragment', query({ redirect_uri: `${REDIRECT}#x` }), confidential, /not registered/],
    ['a javascript: redirect_uri', query({ redirect_uri: 'javascript:alert(1)' }), confidential, /not registered/],
    [
      'a loopback URI on another port',
      query({ redirect_uri: 'http://127.0.0.1:9999/cb' }),
      confidential,
      /not registered/,
    ],
  ])('%s → page error', (_, params, client, why) => {
    const outcome = validateAuthorizationRequest(params, client, ISSUER);
    expect(outcome.kind).toBe('page-error');
    if (outcome.kind === 'page-error') {
      expect(outcome.error.error).toBe('invalid_request');
      expect(outcome.error.description).toMatch(why);
    }
  });

  it('a repeated client_id or redirect_uri is a page error too (RFC 6749 §3.1)', () => {
    const twoIds = query();
    twoIds.append('client_id', 'hdsc_other');
    expect(validateAuthorizationRequest(twoIds, confidential, ISSUER)).toMatchObject({ kind: 'page-error' });
    expect(authorizationClientId(twoIds)).toBeUndefined();
    const twoRedirects = query();
    twoRedirects.append('redirect_uri', 'https://evil.com/cb');
    expect(validateAuthorizationRequest(twoRedirects, confidential, ISSUER)).toMatchObject({ kind: 'page-error' });
  });

  it('checks phase 1 before anything else: a bad response_type with a bad redirect_uri is still a page', () => {
    const outcome = validateAuthorizationRequest(
      query({ response_type: 'token', redirect_uri: 'https://evil.com/cb' }),
      confidential,
      ISSUER,
    );
    expect(outcome.kind).toBe('page-error');
  });

  it('authorizationClientId reads the id to look up', () => {
    expect(authorizationClientId(query())).toBe(ID);
    expect(authorizationClientId({ client_id: ID })).toBe(ID);
    expect(authorizationClientId({ client_id: [ID, ID] })).toBeUndefined();
    expect(authorizationClientId({ client_id: 'x'.repeat(300) })).toBeUndefined();
    expect(authorizationClientId({})).toBeUndefined();
  });
});

describe('phase 2: redirected errors carry error, state and iss', () => {
  it.each([
    ['no response_type', query({}, ['response_type']), confidential, 'invalid_request'],
    ['response_type token', query({ response_type: 'token' }), confidential, 'unsupported_response_type'],
    [
      'response_type code id_token',
      query({ response_type: 'code id_token' }),
      confidential,
      'unsupported_response_type',
    ],
    [
      'a client without authorization_code',
      query(),
      { ...confidential, grantTypes: ['credentials'] } as RegisteredClient,
      'unauthorized_client',
    ],
    ['an unknown scope', query({ scope: 'mcp:read admin' }), confidential, 'invalid_scope'],
    ['the console scope', query({ scope: 'console' }), confidential, 'invalid_scope'],
    [
      'more scope than registered',
      query({ scope: 'mcp:write' }),
      { ...confidential, scope: ['mcp:read'] } as RegisteredClient,
      'invalid_scope',
    ],
    [
      'PKCE plain',
      query({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }),
      confidential,
      'invalid_request',
    ],
    ['a challenge without a method', query({ code_challenge: CHALLENGE }), confidential, 'invalid_request'],
    ['a method without a challenge', query({ code_challenge_method: 'S256' }), confidential, 'invalid_request'],
    [
      'a malformed challenge',
      query({ code_challenge: 'short', code_challenge_method: 'S256' }),
      confidential,
      'invalid_request',
    ],
    ['a public client without PKCE', query(), publicClient, 'invalid_request'],
    ['prompt none', query({ prompt: 'none' }), confidential, 'login_required'],
    ['prompt none with consent', query({ prompt: 'none consent' }), confidential, 'invalid_request'],
    ['an unknown prompt', query({ prompt: 'create' }), confidential, 'invalid_request'],
  ])('%s → %s', (_, params, client, error) => {
    const { outcome, url, params: got } = redirected(validateAuthorizationRequest(params, client, ISSUER));
    expect(outcome.error.error).toBe(error);
    expect(outcome.redirectUri).toBe(REDIRECT);
    expect(`${url.origin}${url.pathname}`).toBe('https://acme.example/cb');
    expect(got).toEqual({
      tenant: '7',
      error,
      error_description: outcome.error.description,
      state: 'xyz',
      iss: ISSUER,
    });
  });

  it('a repeated phase-2 parameter is invalid_request', () => {
    const q = query({ scope: 'mcp:read' });
    q.append('scope', 'mcp:write');
    expect(redirected(validateAuthorizationRequest(q, confidential, ISSUER)).params.error).toBe('invalid_request');
    const s = query();
    s.append('state', 'other');
    const r = redirected(validateAuthorizationRequest(s, confidential, ISSUER));
    expect(r.params.error).toBe('invalid_request');
    expect(r.params.state).toBeUndefined();
  });

  it('does not echo a state it refuses (over-long or not printable ASCII)', () => {
    for (const state of ['s'.repeat(1025), 'caf\u00e9', 'a\nb']) {
      const r = redirected(validateAuthorizationRequest(query({ state }), confidential, ISSUER));
      expect(r.params.error).toBe('invalid_request');
      expect(r.params).not.toHaveProperty('state');
      expect(r.params.iss).toBe(ISSUER);
    }
  });

  it('accepts a record query with arrays for repeats', () => {
    const outcome = validateAuthorizationRequest(
      { response_type: 'code', client_id: ID, redirect_uri: REDIRECT, scope: ['mcp:read', 'mcp:write'] },
      confidential,
      ISSUER,
    );
    expect(redirected(outcome).params.error).toBe('invalid_request');
  });
});

describe('valid requests', () => {
  it('resolves the default scope and keeps state', () => {
    expect(validateAuthorizationRequest(query(), confidential, ISSUER)).toEqual({
      kind: 'valid',
      request: { clientId: ID, redirectUri: REDIRECT, scope: ['mcp:read', 'mcp:write'], state: 'xyz', prompt: [] },
    });
  });

  it('takes PKCE S256, a narrower scope, prompt=consent, and no state', () => {
    const outcome = validateAuthorizationRequest(
      query({ code_challenge: CHALLENGE, code_challenge_method: 'S256', scope: 'mcp:read', prompt: 'consent' }, [
        'state',
      ]),
      publicClient,
      ISSUER,
    );
    expect(outcome).toEqual({
      kind: 'valid',
      request: {
        clientId: ID,
        redirectUri: REDIRECT,
        scope: ['mcp:read'],
        codeChallenge: CHALLENGE,
        codeChallengeMethod: 'S256',
        prompt: ['consent'],
      },
    });
  });

  it('treats empty parameters as absent and ignores unknown ones (RFC 6749 §3.1)', () => {
    const outcome = validateAuthorizationRequest(
      query({ scope: '', state: '', nonce: 'n', response_mode: 'query', code_challenge_method: '' }),
      confidential,
      ISSUER,
    );
    expect(outcome).toMatchObject({ kind: 'valid', request: { scope: ['mcp:read', 'mcp:write'] } });
    if (outcome.kind === 'valid') expect(outcome.request).not.toHaveProperty('state');
  });

  it('matches the loopback URI on its registered port', () => {
    const outcome = validateAuthorizationRequest(
      query({ redirect_uri: 'http://127.0.0.1:8080/cb' }),
      confidential,
      ISSUER,
    );
    expect(outcome).toMatchObject({ kind: 'valid', request: { redirectUri: 'http://127.0.0.1:8080/cb' } });
  });
});

describe('redirect locations', () => {
  it('success carries code, state and iss after the registered query (RFC 9207)', () => {
    const location = authorizationSuccessLocation(REDIRECT, { code: 'C0de', state: 'a b&c', issuer: ISSUER });
    expect(location).toBe(`${REDIRECT}&code=C0de&state=a+b%26c&iss=${encodeURIComponent(ISSUER)}`);
    expect(authorizationSuccessLocation('https://a.example/cb', { code: 'C', issuer: ISSUER })).toBe(
      `https://a.example/cb?code=C&iss=${encodeURIComponent(ISSUER)}`,
    );
  });

  it('error carries error, description, state and iss', () => {
    const location = authorizationErrorLocation(
      'com.acme.app:/cb',
      new OAuthError('access_denied', 'the user denied access'),
      's1',
      ISSUER,
    );
    expect(location).toBe(
      `com.acme.app:/cb?error=access_denied&error_description=the+user+denied+access&state=s1&iss=${encodeURIComponent(ISSUER)}`,
    );
  });
});

describe('authorization codes', () => {
  it('are 43 base62 characters, hashed to 43 base64url ones', () => {
    const code = generateAuthorizationCode();
    expect(code).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(hashAuthorizationCode(code)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashAuthorizationCode(code)).not.toBe(hashAuthorizationCode(generateAuthorizationCode()));
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clientInformationResponse,
  clientSecretMatches,
  generateClientId,
  generateClientSecret,
  hashClientSecret,
  isRegisteredClientId,
  newClientCredentials,
  parseClientRegistration,
} from '../../../shared/domain/oauth/client-registration';
import { OAuthError } from '../../../shared/domain/oauth/oauth-error';
import { constantTimeEqual } from '../../../shared/domain/oauth/secrets';

const valid = { client_name: 'Acme Health', redirect_uris: ['https://acme.example/cb'] };

function refusal(body: unknown): OAuthError {
  try {
    parseClientRegistration(body);
  } catch (e) {
    if (e instanceof OAuthError) return e;
    throw e;
  }
  throw new Error('expected the registration to be refused');
}

describe('parseClientRegistration (RFC 7591)', () => {
  it('applies the defaults', () => {
    expect(parseClientRegistration(valid)).toEqual({
      clientName: 'Acme Health',
      redirectUris: ['https://acme.example/cb'],
      grantTypes: ['authorization_code'],
      authMethod: 'client_secret_basic',
      scope: ['mcp:read', 'mcp:write'],
    });
  });

  it('takes every member it knows and ignores the rest (RFC 7591 §2)', () => {
    const parsed = parseClientRegistration({
      ...valid,
      client_name: '  Acme\u0301 ',
      redirect_uris: ['https://acme.example/cb', 'http://127.0.0.1:8080/cb', 'https://acme.example/cb'],
      grant_types: ['refresh_token', 'authorization_code', 'credentials', 'credentials'],
      token_endpoint_auth_method: 'client_secret_post',
      response_types: ['code'],
      scope: 'mcp:read',
      logo_uri: 'https://acme.example/logo.png',
      jwks: { keys: [] },
      software_statement: 'eyJ...',
    });
    expect(parsed).toEqual({
      clientName: 'Acmé',
      redirectUris: ['https://acme.example/cb', 'http://127.0.0.1:8080/cb'],
      grantTypes: ['authorization_code', 'refresh_token', 'credentials'],
      authMethod: 'client_secret_post',
      scope: ['mcp:read'],
    });
  });

  it('treats null optional members as absent', () => {
    expect(
      parseClientRegistration({ ...valid, grant_types: null, token_endpoint_auth_method: null, scope: null }),
    ).toMatchObject({ grantTypes: ['authorization_code'], authMethod: 'client_secret_basic' });
  });

  it('accepts a public client with authorization_code and refresh_token', () => {
    expect(
      parseClientRegistration({
        ...valid,
        redirect_uris: ['com.acme.app:/cb'],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
      }),
    ).toMatchObject({ authMethod: 'none', grantTypes: ['authorization_code', 'refresh_token'] });
  });

  it.each([
    [
      'a javascript: redirect',
      { ...valid, redirect_uris: ['javascript:alert(1)'] },
      /^redirect_uris\[0\] must use https/,
    ],
    [
      'http to a remote host',
      { ...valid, redirect_uris: ['https://ok.example/cb', 'http://evil.com/cb'] },
      /^redirect_uris\[1\] may use http only on a loopback/,
    ],
    [
      'a fragment',
      { ...valid, redirect_uris: ['https://acme.example/cb#frag'] },
      /^redirect_uris\[0\] must not contain a fragment/,
    ],
    ['userinfo', { ...valid, redirect_uris: ['https://a@b'] }, /^redirect_uris\[0\] must not contain userinfo/],
    ['an uppercase scheme', { ...valid, redirect_uris: ['HTTPS://acme.example/cb'] }, /lower case/],
    ['an over-long URI', { ...valid, redirect_uris: [`https://acme.example/${'a'.repeat(2000)}`] }, /at most 2000/],
    ['a number as URI', { ...valid, redirect_uris: [42] }, /^redirect_uris\[0\] must be a string/],
    [
      'a string instead of an array',
      { ...valid, redirect_uris: 'https://acme.example/cb' },
      /^redirect_uris must be an array/,
    ],
    ['no redirect URI', { ...valid, redirect_uris: [] }, /^redirect_uris must hold at least one URI/],
    [
      'eleven redirect URIs',
      { ...valid, redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) },
      /at most 10/,
    ],
    ['missing redirect_uris', { client_name: 'x' }, /^redirect_uris is required/],
  ])('refuses %s with invalid_redirect_uri', (_, body, why) => {
    const e = refusal(body);
    expect(e.error).toBe('invalid_redirect_uri');
    expect(e.description).toMatch(why);
  });

  it.each([
    ['a missing client_name', { redirect_uris: valid.redirect_uris }, /^client_name is required/],
    ['an empty client_name', { ...valid, client_name: '   ' }, /^client_name must not be empty/],
    ['a 101-character client_name', { ...valid, client_name: 'x'.repeat(101) }, /^client_name must be at most 100/],
    ['an array as client_name', { ...valid, client_name: ['Acme'] }, /^client_name must be a string/],
    [
      'a control character in client_name',
      { ...valid, client_name: 'Acme\u0000' },
      /^client_name must not contain control/,
    ],
    ['a bidi override in client_name', { ...valid, client_name: 'Acme\u202Eevil' }, /bidirectional/],
    ['an unknown grant type', { ...valid, grant_types: ['password'] }, /^grant_types\[0\] must each be one of/],
    ['implicit', { ...valid, grant_types: ['implicit'] }, /^grant_types\[0\]/],
    ['a string for grant_types', { ...valid, grant_types: 'authorization_code' }, /^grant_types must be an array/],
    ['empty grant_types', { ...valid, grant_types: [] }, /^grant_types must not be empty/],
    [
      'refresh_token alone',
      { ...valid, grant_types: ['refresh_token'] },
      /^grant_types must include authorization_code/,
    ],
    [
      'credentials for a public client',
      { ...valid, token_endpoint_auth_method: 'none', grant_types: ['credentials'] },
      /^grant_types must not include credentials/,
    ],
    [
      'an unknown auth method',
      { ...valid, token_endpoint_auth_method: 'private_key_jwt' },
      /^token_endpoint_auth_method must be one of/,
    ],
    ['response_types token', { ...valid, response_types: ['token'] }, /^response_types\[0\] may only be code/],
    ['an unknown scope', { ...valid, scope: 'mcp:read admin' }, /^scope is invalid: unknown scope admin$/],
    ['the console scope', { ...valid, scope: 'mcp:read console' }, /^scope must not include console/],
    ['scope as an array', { ...valid, scope: ['mcp:read'] }, /^scope must be a string/],
    [
      'a badly spaced scope',
      { ...valid, scope: 'mcp:read  mcp:write' },
      /^scope is invalid: scope must be scope tokens/,
    ],
  ])('refuses %s with invalid_client_metadata', (_, body, why) => {
    const e = refusal(body);
    expect(e.error).toBe('invalid_client_metadata');
    expect(e.description).toMatch(why);
  });

  it.each([
    ['null', null],
    ['an array', [valid]],
    ['a string', 'client_name=x'],
    ['a number', 7],
  ])('refuses a body that is %s', (_, body) => {
    const e = refusal(body);
    expect(e.error).toBe('invalid_client_metadata');
    expect(e.description).toBe('the registration request must be a JSON object');
  });

  it('descriptions stay within the RFC 6749 §5.2 character set whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.anything(), (name, uri) => {
        try {
          parseClientRegistration({ client_name: name, redirect_uris: [uri], scope: name });
        } catch (e) {
          expect(e).toBeInstanceOf(OAuthError);
          expect((e as OAuthError).description).toMatch(/^[\x20\x21\x23-\x5B\x5D-\x7E]*$/);
        }
      }),
    );
  });
});

describe('client information response (RFC 7591 §3.2.1)', () => {
  const client = {
    clientId: 'hdsc_0123456789abcdefghijkl',
    clientName: 'Acme',
    redirectUris: ['https://acme.example/cb'],
    grantTypes: ['authorization_code', 'refresh_token'] as const,
    authMethod: 'client_secret_basic' as const,
    scope: ['mcp:write', 'mcp:read'] as const,
  };

  it('shows the secret once, and every registered member', () => {
    expect(clientInformationResponse(client, 1_790_000_000, 'hdss_secret')).toEqual({
      client_id: 'hdsc_0123456789abcdefghijkl',
      client_secret: 'hdss_secret',
      client_id_issued_at: 1_790_000_000,
      client_secret_expires_at: 0,
      client_name: 'Acme',
      redirect_uris: ['https://acme.example/cb'],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'client_secret_basic',
      response_types: ['code'],
      scope: 'mcp:read mcp:write',
    });
  });

  it('omits the secret for a public client and response_types for a credentials-only one', () => {
    const pub = clientInformationResponse({ ...client, authMethod: 'none' }, 1);
    expect(pub).not.toHaveProperty('client_secret');
    const creds = clientInformationResponse({ ...client, grantTypes: ['credentials'] }, 1);
    expect(creds.response_types).toEqual([]);
  });
});

describe('ids and secrets', () => {
  it('generates ids and secrets of the documented shape, all different', () => {
    const ids = new Set(Array.from({ length: 200 }, generateClientId));
    const secrets = new Set(Array.from({ length: 200 }, generateClientSecret));
    expect(ids.size).toBe(200);
    expect(secrets.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^hdsc_[0-9A-Za-z]{22}$/);
    for (const s of secrets) expect(s).toMatch(/^hdss_[0-9A-Za-z]{40}$/);
    expect(isRegisteredClientId(generateClientId())).toBe(true);
    expect(isRegisteredClientId('hds-console')).toBe(false);
  });

  it('hashes secrets with SHA-256 base64url and compares in constant time', () => {
    const secret = generateClientSecret();
    const hash = hashClientSecret(secret);
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(clientSecretMatches(secret, hash)).toBe(true);
    expect(clientSecretMatches(`${secret}x`, hash)).toBe(false);
    expect(clientSecretMatches(undefined, hash)).toBe(false);
    expect(clientSecretMatches(secret, undefined)).toBe(false);
    expect(clientSecretMatches(secret, 'not-a-hash')).toBe(false);
  });

  it('gives a confidential client a secret and its hash, a public one neither', () => {
    const confidential = newClientCredentials('client_secret_post');
    expect(confidential.secret).toMatch(/^hdss_/);
    expect(confidential.secretHash).toBe(hashClientSecret(confidential.secret!));
    expect(newClientCredentials('none')).toEqual({ clientId: expect.stringMatching(/^hdsc_/) });
  });

  it('constantTimeEqual compares any two strings, lengths included', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(constantTimeEqual(a, b)).toBe(a === b);
      }),
    );
  });
});

import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Harness, startHarness } from '../support/harness';
import { authorizeByForms, type Registered, register } from '../support/oauth';
import { signIn } from '../support/sign-in';

/**
 * The authorization-code flow with PKCE as a real OAuth client library (oauth4webapi, by panva) runs it against the
 * local runtime: discovery, the authorize pages driven by real form posts (the code read from the outbox), the
 * response checked for `state` and `iss` (RFC 9207), the code exchanged, the refresh token rotated twice and its
 * reuse punished, then the credentials grant after a console binding. Every access token is verified with `jose`
 * against the published JWKS.
 */

const GENEROUS = 'login-code=1000,verify-code=1000,authorize=1000,register-client=1000,create-token=1000';
const REDIRECT = 'http://127.0.0.1:9/callback';

let h: Harness;
let as: oauth.AuthorizationServer;
let issuer: string;
let jwks: ReturnType<typeof createRemoteJWKSet>;
const options = { [oauth.allowInsecureRequests]: true };

beforeAll(async () => {
  h = await startHarness({ env: { HDS_RATE_LIMITS: GENEROUS } });
  issuer = h.runtime.services.config.auth.issuer;
  expect(issuer).toBe(h.url);
  const response = await oauth.discoveryRequest(new URL(issuer), { algorithm: 'oauth2', ...options });
  as = await oauth.processDiscoveryResponse(new URL(issuer), response);
  jwks = createRemoteJWKSet(new URL(as.jwks_uri!), options as never);
});
afterAll(() => h?.stop());

/** Verifies an access token as a resource server nobody here wrote would. */
async function verified(token: string): Promise<JWTPayload> {
  const { payload, protectedHeader } = await jwtVerify(token, jwks, { issuer, audience: issuer, typ: 'at+jwt' });
  expect(protectedHeader.alg).toBe('RS256');
  expect(payload.sub).toMatch(/^\d{15,16}$/);
  expect(Number.isSafeInteger(Number(payload.sub))).toBe(true);
  return payload;
}

async function expectRefused(promise: Promise<unknown>, error: string) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(oauth.ResponseBodyError);
  expect((err as oauth.ResponseBodyError).error).toBe(error);
}

describe('oauth4webapi against the local runtime', { timeout: 60_000 }, () => {
  it('discovers the server', () => {
    expect(as.issuer).toBe(issuer);
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    expect(as.authorization_response_iss_parameter_supported).toBe(true);
  });

  it('runs authorization code + PKCE, refresh rotation, reuse revocation, and the credentials grant', async () => {
    // Registration: RFC 7591 over plain fetch (the library has no registration helper).
    const registered: Registered = await register(h, {
      client_name: 'Conformance client',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token', 'credentials'],
    });
    const c: oauth.Client = { client_id: registered.client_id };
    const auth = oauth.ClientSecretBasic(registered.client_secret!);

    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: c.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'mcp:read mcp:write',
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    }).toString();

    const email = `conformance-${Date.now()}@example.org`;
    const callback = await authorizeByForms(h, url.toString(), email);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    const params = oauth.validateAuthResponse(as, c, callback, state);
    // A response from another issuer is refused by the library (RFC 9207).
    const forged = new URL(callback);
    forged.searchParams.set('iss', 'https://evil.example');
    expect(() => oauth.validateAuthResponse(as, c, forged, state)).toThrow();

    const codeResponse = await oauth.authorizationCodeGrantRequest(as, c, auth, params, REDIRECT, verifier, options);
    expect(codeResponse.headers.get('cache-control')).toBe('no-store');
    const first = await oauth.processAuthorizationCodeResponse(as, c, codeResponse);
    expect(first.token_type).toBe('bearer');
    expect(first.scope).toBe('mcp:read mcp:write');
    expect(first.expires_in).toBe(2592000);
    const claims = await verified(first.access_token);
    expect(claims.client_id).toBe(c.client_id);
    expect(claims.scope).toBe('mcp:read mcp:write');
    const userId = claims.sub;

    // Rotation: each refresh returns a new refresh token; both access tokens verify and name the same person.
    const second = await oauth.processRefreshTokenResponse(
      as,
      c,
      await oauth.refreshTokenGrantRequest(as, c, auth, first.refresh_token!, options),
    );
    const third = await oauth.processRefreshTokenResponse(
      as,
      c,
      await oauth.refreshTokenGrantRequest(as, c, auth, second.refresh_token!, options),
    );
    expect(new Set([first.refresh_token, second.refresh_token, third.refresh_token]).size).toBe(3);
    expect((await verified(second.access_token)).sub).toBe(userId);
    expect((await verified(third.access_token)).sub).toBe(userId);

    // Reuse of the first refresh token: refused, and the whole family dies, the newest refresh token too.
    await expectRefused(
      oauth.processRefreshTokenResponse(
        as,
        c,
        await oauth.refreshTokenGrantRequest(as, c, auth, first.refresh_token!, options),
      ),
      'invalid_grant',
    );
    await expectRefused(
      oauth.processRefreshTokenResponse(
        as,
        c,
        await oauth.refreshTokenGrantRequest(as, c, auth, third.refresh_token!, options),
      ),
      'invalid_grant',
    );

    // Credentials grant: refused until a signed-in user binds the client, then its tokens are that user's.
    const credentials = () =>
      oauth
        .genericTokenEndpointRequest(as, c, auth, 'credentials', {}, options)
        .then((res) => oauth.processGenericTokenEndpointResponse(as, c, res));
    await expectRefused(credentials(), 'invalid_grant');
    const session = await signIn(h, email);
    const bound = await client(h.url, session.access_token).post('/api/console/oauth/bindings', {
      client_id: registered.client_id,
      client_secret: registered.client_secret,
    });
    expect(bound.status).toBe(201);
    expect(bound.body).toMatchObject({ client_id: registered.client_id, user_id: Number(userId) });
    const token = await credentials();
    expect(token.refresh_token).toBeUndefined();
    const credentialClaims = await verified(token.access_token);
    expect(credentialClaims.sub).toBe(userId);
    expect(credentialClaims.client_id).toBe(c.client_id);
  });
});

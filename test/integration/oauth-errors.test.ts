import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setClock } from '../../shared/clock';
import { client, type Harness, startHarness } from '../support/harness';
import {
  authorizeByForms,
  authorizeQuery,
  basic,
  PageAgent,
  pkce,
  type Registered,
  register,
  tokenRequest,
} from '../support/oauth';
import { latestCode, signIn } from '../support/sign-in';

/**
 * Every refusal of the OAuth authorization server over HTTP on the local runtime: the token endpoint's RFC 6749 §5.2
 * errors, the authorize pages' two kinds of error (a page for what cannot be trusted, a redirect for the rest), their
 * forgery checks and security headers, and RFC 7591's registration errors.
 */

const GENEROUS = 'login-code=1000,verify-code=1000,authorize=1000,register-client=1000,create-token=1000';
const REDIRECT = 'http://127.0.0.1:9/cb';

let h: Harness;
let confidential: Registered;
let postClient: Registered;
let publicClient: Registered;
let n = 0;
const email = () => `oauth-errors-${++n}-${Date.now()}@example.org`;

beforeAll(async () => {
  h = await startHarness({ env: { HDS_RATE_LIMITS: GENEROUS } });
  confidential = await register(h, { grant_types: ['authorization_code', 'refresh_token'] });
  postClient = await register(h, { token_endpoint_auth_method: 'client_secret_post' });
  publicClient = await register(h, { token_endpoint_auth_method: 'none', grant_types: ['authorization_code'] });
});
afterAll(() => h?.stop());

async function codeFor(c: Registered, challenge?: string, state = 'st-1'): Promise<string> {
  const back = await authorizeByForms(
    h,
    authorizeQuery({ client_id: c.client_id, redirect_uri: REDIRECT, state, code_challenge: challenge }),
    email(),
  );
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code: ${back}`);
  return code;
}

const redeem = (c: Registered, code: string, extra: Record<string, string> = {}) =>
  tokenRequest(
    h,
    { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...extra },
    basic(c.client_id, c.client_secret!),
  );

function expectOAuthError(res: { status: number; headers: Headers; body: any }, status: number, error: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error).toBe(error);
  expect(typeof res.body.error_description).toBe('string');
  expect(res.headers.get('cache-control')).toBe('no-store');
}

describe('token endpoint errors', () => {
  it('invalid_client: no credentials, unknown client, wrong secret, wrong method', async () => {
    const fields = { grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT };
    const none = await tokenRequest(h, fields);
    expectOAuthError(none, 401, 'invalid_client');
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic /);

    expectOAuthError(
      await tokenRequest(h, fields, basic(`hdsc_${'A'.repeat(22)}`, 'hdss_nope')),
      401,
      'invalid_client',
    );
    expectOAuthError(await tokenRequest(h, fields, basic(confidential.client_id, 'hdss_wrong')), 401, 'invalid_client');
    // Registered for Basic, authenticating in the body.
    expectOAuthError(
      await tokenRequest(h, {
        ...fields,
        client_id: confidential.client_id,
        client_secret: confidential.client_secret!,
      }),
      401,
      'invalid_client',
    );
    // Registered for the body, authenticating with Basic.
    expectOAuthError(
      await tokenRequest(h, fields, basic(postClient.client_id, postClient.client_secret!)),
      401,
      'invalid_client',
    );
    // A confidential client may not pass itself off as public (client_id alone).
    expectOAuthError(await tokenRequest(h, { ...fields, client_id: confidential.client_id }), 401, 'invalid_client');
  });

  it('both methods at once is invalid_request (design §7.2), not a guess at which one counts', async () => {
    const res = await tokenRequest(
      h,
      {
        grant_type: 'authorization_code',
        code: 'x',
        redirect_uri: REDIRECT,
        client_secret: confidential.client_secret!,
      },
      basic(confidential.client_id, confidential.client_secret!),
    );
    expectOAuthError(res, 400, 'invalid_request');
  });

  it('invalid_grant: an unknown code, and a code past its 10 minutes', async () => {
    expectOAuthError(await redeem(confidential, 'not-a-code'), 400, 'invalid_grant');
    const code = await codeFor(confidential);
    const restore = setClock(() => Date.now() + 11 * 60_000);
    try {
      expectOAuthError(await redeem(confidential, code), 400, 'invalid_grant');
    } finally {
      restore();
    }
  });

  it('invalid_grant on a redirect_uri or verifier mismatch, which does not burn the code', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(confidential, challenge);
    expectOAuthError(
      await redeem(confidential, code, { redirect_uri: 'http://127.0.0.1:9/other' }),
      400,
      'invalid_grant',
    );
    expectOAuthError(await redeem(confidential, code, { code_verifier: pkce().verifier }), 400, 'invalid_grant');
    expectOAuthError(await redeem(confidential, code), 400, 'invalid_grant');
    // Another client cannot redeem it either.
    expectOAuthError(
      await tokenRequest(h, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: postClient.client_id,
        client_secret: postClient.client_secret!,
      }),
      400,
      'invalid_grant',
    );
    const ok = await redeem(confidential, code, { code_verifier: verifier });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
  });

  it('a replayed code is invalid_grant and revokes what the first redemption issued', async () => {
    const code = await codeFor(confidential);
    const first = await redeem(confidential, code);
    expect(first.status).toBe(200);
    const bindings = (token: string) =>
      client(h.url, token).post('/api/console/oauth/bindings', { client_id: 'x', client_secret: 'y' });
    // Live: a partner's token is a valid token, just not a console session.
    const before = await bindings(first.body.access_token);
    expect(before.status).toBe(403);
    expect(before.body.error.code).toBe('insufficient_scope');

    expectOAuthError(await redeem(confidential, code), 400, 'invalid_grant');

    const after = await bindings(first.body.access_token);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('invalid_token');
    const refreshed = await tokenRequest(
      h,
      { grant_type: 'refresh_token', refresh_token: first.body.refresh_token },
      basic(confidential.client_id, confidential.client_secret!),
    );
    expectOAuthError(refreshed, 400, 'invalid_grant');
  });

  it('unsupported_grant_type, unauthorized_client, invalid_scope, and a form-encoded body only', async () => {
    expectOAuthError(
      await tokenRequest(h, { grant_type: 'password', username: 'a', password: 'b' }),
      400,
      'unsupported_grant_type',
    );
    // Registered without the credentials grant.
    expectOAuthError(
      await tokenRequest(h, { grant_type: 'credentials' }, basic(confidential.client_id, confidential.client_secret!)),
      400,
      'unauthorized_client',
    );
    const json = await fetch(`${h.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token' }),
    });
    expectOAuthError({ status: json.status, headers: json.headers, body: await json.json() }, 400, 'invalid_request');

    // invalid_scope: a credentials client asks for more than it was bound with.
    const creds = await register(h, { grant_types: ['credentials'], scope: 'mcp:read' });
    const session = await signIn(h, email());
    const bound = await client(h.url, session.access_token).post('/api/console/oauth/bindings', {
      client_id: creds.client_id,
      client_secret: creds.client_secret,
    });
    expect(bound.status).toBe(201);
    for (const scope of ['mcp:write', 'console', 'mcp:read nonsense']) {
      expectOAuthError(
        await tokenRequest(h, { grant_type: 'credentials', scope }, basic(creds.client_id, creds.client_secret!)),
        400,
        'invalid_scope',
      );
    }
    const ok = await tokenRequest(h, { grant_type: 'credentials' }, basic(creds.client_id, creds.client_secret!));
    expect(ok.status).toBe(200);
    expect(ok.body.refresh_token).toBeUndefined();
    expect(ok.body.scope).toBe('mcp:read');

    // Unbinding revokes at once; the client gets invalid_grant until bound again.
    const unbound = await client(h.url, session.access_token).delete(`/api/console/oauth/bindings/${creds.client_id}`);
    expect(unbound.body).toEqual({ object: 'oauth.binding', client_id: creds.client_id, deleted: true });
    expectOAuthError(
      await tokenRequest(h, { grant_type: 'credentials' }, basic(creds.client_id, creds.client_secret!)),
      400,
      'invalid_grant',
    );
  });

  it('a refresh token works only for the client it was issued to, authenticated', async () => {
    const code = await codeFor(confidential);
    const tokens = (await redeem(confidential, code)).body;
    expectOAuthError(
      await tokenRequest(h, {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: confidential.client_id,
      }),
      401,
      'invalid_client',
    );
    const other = await register(h, { grant_types: ['authorization_code', 'refresh_token'] });
    expectOAuthError(
      await tokenRequest(
        h,
        { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
        basic(other.client_id, other.client_secret!),
      ),
      400,
      'invalid_grant',
    );
    const ok = await tokenRequest(
      h,
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      basic(confidential.client_id, confidential.client_secret!),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('a public client redeems with its verifier and client_id alone; without a refresh_token grant it gets none', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(publicClient, challenge);
    const fields = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: publicClient.client_id,
    };
    expectOAuthError(await tokenRequest(h, fields), 400, 'invalid_grant');
    const ok = await tokenRequest(h, { ...fields, code_verifier: verifier });
    expect(ok.status).toBe(200);
    expect(ok.body.refresh_token).toBeUndefined();
  });
});

describe('authorize page errors', () => {
  const query = (extra: Record<string, string | undefined> = {}) =>
    authorizeQuery({
      client_id: confidential.client_id,
      redirect_uri: REDIRECT,
      state: 'xyz',
      ...extra,
    } as never);

  it('an unknown client_id or unregistered redirect_uri is a 400 page, never a redirect', async () => {
    for (const bad of [
      query({ client_id: `hdsc_${'B'.repeat(22)}` }),
      query({ client_id: undefined }),
      query({ redirect_uri: 'https://evil.example/cb' }),
      query({ redirect_uri: undefined }),
      `${query()}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    ]) {
      const res = await new PageAgent(h.url).get(bad);
      expect(res.status, bad).toBe(400);
      expect(res.location).toBeNull();
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.html).not.toMatch(/<script/i);
    }
  });

  it('every other error goes back to the client with error, state and iss', async () => {
    const cases: [Record<string, string | undefined>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ scope: 'console' }, 'invalid_scope'],
      [{ scope: 'mcp:read unknown' }, 'invalid_scope'],
      [{ code_challenge: pkce().challenge, code_challenge_method: 'plain' }, 'invalid_request'],
      [{ prompt: 'none' }, 'login_required'],
    ];
    for (const [extra, error] of cases) {
      const q = new URLSearchParams(query().split('?')[1]);
      for (const [k, v] of Object.entries(extra)) if (v !== undefined) q.set(k, v);
      const res = await new PageAgent(h.url).get(`/oauth2/authorize?${q}`);
      expect(res.status, error).toBe(302);
      const back = new URL(res.location!);
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
      expect(back.searchParams.get('error')).toBe(error);
      expect(back.searchParams.get('state')).toBe('xyz');
      expect(back.searchParams.get('iss')).toBe(h.runtime.services.config.auth.issuer);
    }
    // A public client must use PKCE.
    const res = await new PageAgent(h.url).get(
      authorizeQuery({ client_id: publicClient.client_id, redirect_uri: REDIRECT, state: 'p' }),
    );
    expect(new URL(res.location!).searchParams.get('error')).toBe('invalid_request');
  });

  it('the page carries its security headers and the __Host- cookie, and no script', async () => {
    const res = await new PageAgent(h.url).get(query());
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:9");
    expect(csp).not.toContain('script-src');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('set-cookie')).toMatch(
      /^__Host-hds_authz=areq_[0-9A-Za-z]{22}\.[0-9A-Za-z]{43}; HttpOnly; Secure; SameSite=Lax; Path=\/; Max-Age=600$/,
    );
    expect(res.html).not.toMatch(/<script/i);
    expect(res.html).toContain('name="csrf"');
  });

  it('a post without the csrf field, with a wrong one, from a foreign Origin or without the cookie is a 400 page', async () => {
    const start = async () => {
      const agent = new PageAgent(h.url);
      expect((await agent.get(query())).status).toBe(200);
      return agent;
    };
    const refused = (res: { status: number; location: string | null; html: string }) => {
      expect(res.status).toBe(400);
      expect(res.location).toBeNull();
      expect(res.html).toContain('invalid_request');
    };
    const address = email();
    const agent = await start();
    const csrf = agent.csrf!;
    agent.csrf = undefined;
    refused(await agent.post({ step: 'email', email: address }));
    agent.csrf = `${csrf.slice(0, -1)}${csrf.endsWith('A') ? 'B' : 'A'}`;
    refused(await agent.post({ step: 'email', email: address }));
    agent.csrf = csrf;
    refused(await agent.post({ step: 'email', email: address }, { origin: 'https://evil.example' }));
    refused(await agent.post({ step: 'email', email: address }, { origin: 'null' }));
    const cookie = agent.cookie;
    agent.cookie = undefined;
    refused(await agent.post({ step: 'email', email: address }));
    // Another browser's cookie with this page's csrf.
    const other = await start();
    agent.cookie = other.cookie;
    refused(await agent.post({ step: 'email', email: address }));
    // The genuine post goes through.
    agent.cookie = cookie;
    expect((await agent.post({ step: 'email', email: address })).status).toBe(200);
    // A code form for another address than the one the code went to.
    refused(await agent.post({ step: 'code', email: email(), code: '123456' }));
    // Consent before signing in.
    refused(await agent.post({ step: 'consent', decision: 'allow' }));
  });

  it('a wrong code shows the code form again; Deny sends access_denied with state and iss', async () => {
    const address = email();
    const agent = new PageAgent(h.url);
    await agent.get(query());
    await agent.post({ step: 'email', email: address });
    const code = await latestCode(h.runtime.services.config.auth.mail.outboxDir!, address);
    const wrong = await agent.post({ step: 'code', email: address, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('That code is not right');
    const consent = await agent.post({ step: 'code', email: address, code });
    expect(consent.status).toBe(200);
    expect(consent.html).toContain('Allow access?');
    expect(consent.html).toContain('Test partner');
    const denied = await agent.post({ step: 'consent', decision: 'deny' });
    expect(denied.status).toBe(302);
    const back = new URL(denied.location!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('iss')).toBe(h.runtime.services.config.auth.issuer);
    expect(denied.headers.get('set-cookie')).toMatch(/^__Host-hds_authz=; .*Max-Age=0/);
  });

  it('a stored consent skips the consent page unless prompt=consent; an answered request cannot be replayed', async () => {
    const address = email();
    const first = await authorizeByForms(h, query(), address);
    expect(first.searchParams.get('code')).toBeTruthy();
    // Same person, same client: straight back with a code after the code step.
    const agent = new PageAgent(h.url);
    await agent.get(query({ state: 'again' }));
    await agent.post({ step: 'email', email: address });
    const skipped = await agent.post({
      step: 'code',
      email: address,
      code: await latestCode(h.runtime.services.config.auth.mail.outboxDir!, address),
    });
    expect(skipped.status).toBe(302);
    expect(new URL(skipped.location!).searchParams.get('state')).toBe('again');
    // The answered request is gone.
    const replay = await agent.post({ step: 'consent', decision: 'allow' });
    expect(replay.status).toBe(400);

    const forced = new PageAgent(h.url);
    await forced.get(query({ prompt: 'consent' }));
    await forced.post({ step: 'email', email: address });
    const shown = await forced.post({
      step: 'code',
      email: address,
      code: await latestCode(h.runtime.services.config.auth.mail.outboxDir!, address),
    });
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Allow access?');
  });
});

describe('registration errors', () => {
  const post = (body: unknown, headers?: Record<string, string>) =>
    client(h.url).post('/oauth/register', body as never, headers);
  const base = { client_name: 'Acme', redirect_uris: ['https://acme.example/cb'] };

  it.each([
    [{ redirect_uris: base.redirect_uris }, 'invalid_client_metadata', 'client_name is required'],
    [{ ...base, client_name: '' }, 'invalid_client_metadata', 'client_name'],
    [{ ...base, client_name: 'x'.repeat(101) }, 'invalid_client_metadata', 'client_name'],
    [{ ...base, client_name: 42 }, 'invalid_client_metadata', 'client_name'],
    [{ ...base, client_name: 'A\u202Eb' }, 'invalid_client_metadata', 'client_name'],
    [{ client_name: 'Acme' }, 'invalid_redirect_uri', 'redirect_uris'],
    [{ ...base, redirect_uris: [] }, 'invalid_redirect_uri', 'redirect_uris'],
    [{ ...base, redirect_uris: 'https://acme.example/cb' }, 'invalid_redirect_uri', 'redirect_uris'],
    [{ ...base, redirect_uris: ['http://acme.example/cb'] }, 'invalid_redirect_uri', 'redirect_uris[0]'],
    [{ ...base, redirect_uris: ['https://acme.example/cb#x'] }, 'invalid_redirect_uri', 'redirect_uris[0]'],
    [{ ...base, redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri', 'redirect_uris[0]'],
    [{ ...base, redirect_uris: ['/relative'] }, 'invalid_redirect_uri', 'redirect_uris[0]'],
    [{ ...base, redirect_uris: Array(11).fill('https://a.example/cb') }, 'invalid_redirect_uri', 'redirect_uris'],
    [{ ...base, grant_types: ['password'] }, 'invalid_client_metadata', 'grant_types'],
    [{ ...base, grant_types: ['refresh_token'] }, 'invalid_client_metadata', 'grant_types'],
    [
      { ...base, token_endpoint_auth_method: 'private_key_jwt' },
      'invalid_client_metadata',
      'token_endpoint_auth_method',
    ],
    [
      { ...base, token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'credentials'] },
      'invalid_client_metadata',
      'grant_types',
    ],
    [{ ...base, response_types: ['token'] }, 'invalid_client_metadata', 'response_types'],
    [{ ...base, scope: 'console' }, 'invalid_client_metadata', 'scope'],
    [{ ...base, scope: 'mcp:read  mcp:write' }, 'invalid_client_metadata', 'scope'],
    [[base], 'invalid_client_metadata', 'JSON object'],
    ['{"client_name":', 'invalid_client_metadata', 'JSON object'],
  ])('%j → %s', async (body, error, mention) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect(res.body.error_description).toContain(mention);
  });

  it('answers 201 with the secret once, none for a public client, and records a console owner', async () => {
    const res = await post(base);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      client_name: 'Acme',
      redirect_uris: base.redirect_uris,
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
      response_types: ['code'],
      scope: 'mcp:read mcp:write',
      client_secret_expires_at: 0,
    });
    expect(res.body.client_id).toMatch(/^hdsc_[0-9A-Za-z]{22}$/);
    expect(res.body.client_secret).toMatch(/^hdss_[0-9A-Za-z]{40}$/);
    const stored = await h.runtime.services.oauthClients.get(res.body.client_id);
    expect(JSON.stringify(stored)).not.toContain(res.body.client_secret);
    expect(stored?.ownerAccountId).toBeUndefined();

    const pub = await post({ ...base, token_endpoint_auth_method: 'none' });
    expect(pub.status).toBe(201);
    expect(pub.body.client_secret).toBeUndefined();

    const session = await signIn(h, email());
    const owned = await post(base, { authorization: `Bearer ${session.access_token}` });
    expect(owned.status).toBe(201);
    expect((await h.runtime.services.oauthClients.get(owned.body.client_id))?.ownerAccountId).toMatch(/^acct_/);

    const forged = await post(base, { authorization: 'Bearer not.a.token' });
    expect(forged.status).toBe(401);
    expect(forged.body.error).toBe('invalid_token');
  });

  it('publishes RFC 8414 metadata for the issuer', async () => {
    const res = await client(h.url).get('/.well-known/oauth-authorization-server');
    const issuer = h.runtime.services.config.auth.issuer;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/oauth2/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      registration_endpoint: `${issuer}/oauth/register`,
      jwks_uri: `${issuer}/.well-known/jwks.json`,
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['mcp:read', 'mcp:write'],
      authorization_response_iss_parameter_supported: true,
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectedResourceMetadata } from '../../shared/domain/oauth/metadata';
import { type Harness, startHarness } from '../support/harness';
import { MCP_HEADERS, mcpPost, oauthAccessToken, rpc } from '../support/mcp';
import { signIn } from '../support/sign-in';

/**
 * `/mcp` over raw HTTP, as a client that is not the MCP SDK sees it: every refusal before the exchange (credentials,
 * scope, content negotiation, the rate limit) and every JSON-RPC error code the server promises, pinned.
 */

const GENEROUS = 'login-code=1000,verify-code=1000,authorize=1000,register-client=1000,create-token=1000';
let h: Harness;
let issuer: string;

beforeAll(async () => {
  // A low MCP limit; every test but the limit's own uses a fresh account (keys count by account).
  h = await startHarness({ env: { HDS_RATE_LIMITS: `mcp=5,${GENEROUS}` } });
  issuer = h.runtime.services.config.auth.issuer;
});
afterAll(() => h?.stop());

const metadataUrl = () => `${issuer}/.well-known/oauth-protected-resource/mcp`;
const email = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org`;

function expectRefusal(answer: { status: number; body: any }, status: number, code: number) {
  expect(answer.status).toBe(status);
  expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code } });
  expect(typeof answer.body.error.message).toBe('string');
}

describe('authentication', { timeout: 60_000 }, () => {
  it('401 with -32000 and a challenge naming the protected-resource metadata when no token is sent', async () => {
    const answer = await mcpPost(h, null, rpc('ping'));
    expectRefusal(answer, 401, -32000);
    const challenge = answer.headers.get('www-authenticate')!;
    expect(challenge).toBe(`Bearer resource_metadata="${metadataUrl()}", scope="mcp:read mcp:write"`);
    // The URL the challenge names answers with the metadata an MCP client follows to the authorization server.
    const prm = await fetch(metadataUrl());
    expect(await prm.json()).toEqual(protectedResourceMetadata(issuer));
  });

  it('401 invalid_token for a bad key, a forged token and a revoked grant', async () => {
    const session = await signIn(h, email('revoked'));
    expect((await mcpPost(h, session.access_token, rpc('ping'))).status).toBe(200);
    const grantId = JSON.parse(Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString()).fid;
    await h.runtime.services.grants.revoke(grantId, 'test', Date.now());
    for (const bearer of [`hds_live_${'A'.repeat(40)}`, 'not-a-token', session.access_token]) {
      const answer = await mcpPost(h, bearer, rpc('ping'));
      expectRefusal(answer, 401, -32000);
      expect(answer.headers.get('www-authenticate')).toMatch(
        new RegExp(`^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="${metadataUrl()}"`),
      );
    }
  });

  it('403 insufficient_scope for a token without mcp:read', async () => {
    const token = await oauthAccessToken(h, email('writer'), 'mcp:write');
    const answer = await mcpPost(h, token, rpc('ping'));
    expectRefusal(answer, 403, -32000);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer error="insufficient_scope", .*scope="mcp:read/);
  });

  it('a user token reaches only its own data: another `user` is a bad parameter (400, -32602)', async () => {
    const session = await signIn(h, email('own'));
    expectRefusal(await mcpPost(h, session.access_token, rpc('ping'), { query: 'user=bob' }), 400, -32602);
    expect((await mcpPost(h, session.access_token, rpc('ping'), { query: 'user=DEFAULT' })).status).toBe(200);
  });

  it('a bad `user` with a key is a bad parameter too', async () => {
    const { key } = await h.newAccount();
    expectRefusal(
      await mcpPost(h, key, rpc('ping'), { query: `user=${encodeURIComponent('\u212Aelvin')}` }),
      400,
      -32602,
    );
    expectRefusal(await mcpPost(h, key, rpc('ping'), { query: 'user=' }), 400, -32602);
  });
});

/** A fresh account's key for each request, so the low limit of this runtime counts only the limit's own test. */
const freshKey = async () => (await h.newAccount()).key;

describe('transport', { timeout: 60_000 }, () => {
  it('GET /mcp is 405: the server is stateless and opens no stream', async () => {
    const res = await fetch(`${h.url}/mcp`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${await freshKey()}` },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
  });

  it('406 without an Accept listing both types, 415 for a body that is not JSON by type, -32700 for bad JSON', async () => {
    const notAcceptable = await mcpPost(h, await freshKey(), rpc('ping'), { headers: { accept: 'application/json' } });
    expect(notAcceptable.status).toBe(406);
    expect(notAcceptable.body.error.code).toBe(-32000);
    const unsupported = await mcpPost(h, await freshKey(), rpc('ping'), { headers: { 'content-type': 'text/plain' } });
    expect(unsupported.status).toBe(415);
    expect(unsupported.body.error.code).toBe(-32000);
    const garbled = await mcpPost(h, await freshKey(), null, { raw: '{"jsonrpc": "2.0", "id": 1, "method": ' });
    expect(garbled.status).toBe(400);
    expect(garbled.body.error.code).toBe(-32700);
  });

  it('a notification is accepted with 202 and no body', async () => {
    const answer = await mcpPost(h, await freshKey(), { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(answer.status).toBe(202);
    expect(answer.body).toBe('');
  });

  it('initialize negotiates the protocol and names the capabilities', async () => {
    const init = await mcpPost(
      h,
      await freshKey(),
      rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }),
      { headers: { 'mcp-protocol-version': '' } },
    );
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    expect(init.body.result).toMatchObject({
      protocolVersion: '2025-11-25',
      capabilities: { tools: {}, resources: {} },
      serverInfo: { name: 'hds' },
    });
  });
});

describe('JSON-RPC errors', { timeout: 60_000 }, () => {
  const call = async (message: unknown) => mcpPost(h, await freshKey(), message);

  it('-32601 for a method the server does not offer', async () => {
    for (const method of ['prompts/list', 'resources/subscribe', 'foo']) {
      const answer = await call(rpc(method, {}, 7));
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: 7, error: { code: -32601 } });
    }
  });

  it('-32602, never -32603, for bad params of every method', async () => {
    const broken = [
      rpc('tools/call', {}),
      rpc('tools/call', { name: 'no_such_tool' }),
      rpc('tools/call', { name: 'query_health_data', arguments: 'not an object' }),
      rpc('resources/read', {}),
      rpc('resources/read', { uri: 42 }),
      rpc('resources/read', { uri: 'http://x' }),
      rpc('resources/read', { uri: 'hds://series/loinc/not-a-code' }),
      rpc('resources/read', { uri: 'hds://files/%E0%A4%A' }),
      rpc('resources/list', { cursor: 5 }),
      rpc('tools/list', { cursor: {} }),
    ];
    for (const message of broken) {
      const answer = await call(message);
      expect(answer.status, JSON.stringify(message)).toBe(200);
      expect(answer.body.error?.code, JSON.stringify(message)).toBe(-32602);
    }
  });

  it('-32002 for a well-formed URI naming nothing of this Subject', async () => {
    for (const uri of ['hds://files/nothing-here', 'hds://series/loinc/2345-7']) {
      const answer = await call(rpc('resources/read', { uri }));
      expect(answer.body.error).toMatchObject({ code: -32002 });
    }
  });

  it('a bad argument to a tool is a tool error the model can read, not a protocol error', async () => {
    const answer = await call(rpc('tools/call', { name: 'query_health_data', arguments: { limit: 'many' } }));
    expect(answer.body.result.isError).toBe(true);
    expect(answer.body.result.content[0].text).toContain('Invalid arguments');
  });
});

describe('protected-resource metadata', () => {
  it('is served at the path-inserted and the root well-known URLs', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await fetch(h.url + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(await res.json()).toEqual({
        resource: `${issuer}/mcp`,
        authorization_servers: [issuer],
        scopes_supported: ['mcp:read', 'mcp:write'],
        bearer_methods_supported: ['header'],
        resource_name: 'HDS health data (MCP)',
        resource_documentation: `${issuer}/v1/openapi.json`,
      });
    }
  });
});

describe('the authorization server and RFC 8707 resource', () => {
  it('refuses a token request naming another resource with invalid_target', async () => {
    const res = await fetch(`${h.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'x',
        resource: 'https://evil.example/mcp',
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_target' });
  });
});

describe('rate limit', { timeout: 60_000 }, () => {
  it('past the limit: 429 with Retry-After and -32000; another account is unaffected', async () => {
    const { key } = await h.newAccount();
    for (let i = 0; i < 5; i++) expect((await mcpPost(h, key, rpc('ping'))).status).toBe(200);
    const limited = await mcpPost(h, key, rpc('ping'));
    expectRefusal(limited, 429, -32000);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await mcpPost(h, (await h.newAccount()).key, rpc('ping'))).status).toBe(200);
  });

  it('counts a signed-in user as themselves', async () => {
    const session = await signIn(h, email('limited'));
    for (let i = 0; i < 5; i++) expect((await mcpPost(h, session.access_token, rpc('ping'))).status).toBe(200);
    expectRefusal(await mcpPost(h, session.access_token, rpc('ping')), 429, -32000);
    expect(MCP_HEADERS.accept).toContain('text/event-stream');
  });
});

import { auth, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness';
import { FormDrivenOAuthProvider, MCP_HEADERS, oauthTransport, resourceText, toolJson } from '../support/mcp';
import { register } from '../support/oauth';

/**
 * A remote MCP connector's way in, all by the MCP SDK: its client meets `/mcp`'s 401, follows the challenge to the
 * protected-resource metadata and on to HDS's authorization server, registers itself dynamically, sends the user to
 * the authorize page with PKCE S256 (the user signs in by emailed code and allows access), exchanges the code and
 * retries. No token is made by hand. Then a grant of `mcp:read` only: no write tool, and a write call is refused with
 * a 403 challenge from which the SDK steps up to `mcp:write`.
 */

const GENEROUS = 'login-code=1000,verify-code=1000,authorize=1000,register-client=1000,create-token=1000';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { HDS_RATE_LIMITS: GENEROUS } });
});
afterAll(() => h?.stop());

const email = (name: string) => `${name}-${Date.now()}@example.org`;
const newClient = () => new Client({ name: 'hds-oauth-test', version: '1.0.0' });

/** What a connector does on first use: connect, be sent to sign in, come back with a code, connect again. */
async function signedInClient(provider: FormDrivenOAuthProvider): Promise<Client> {
  const first = oauthTransport(h, provider);
  await expect(newClient().connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
  await first.finishAuth(provider.code!);
  const client = newClient();
  await client.connect(oauthTransport(h, provider));
  return client;
}

describe('the MCP SDK OAuth client against HDS', { timeout: 90_000 }, () => {
  it('discovers, registers, authorizes with PKCE, then lists, calls, writes and reads as the user', async () => {
    const provider = new FormDrivenOAuthProvider(h, email('connector'));
    const client = await signedInClient(provider);
    try {
      expect(provider.registrations).toBe(1);
      expect(provider.client?.client_id).toMatch(/^hdsc_/);
      const [authorize] = provider.visited;
      expect(authorize!.origin + authorize!.pathname).toBe(`${h.url}/oauth2/authorize`);
      expect(authorize!.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize!.searchParams.get('scope')).toBe('mcp:read mcp:write');
      expect(authorize!.searchParams.get('resource')).toBe(`${h.url}/mcp`);
      expect(provider.saved?.access_token).toBeTruthy();

      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('write_fhir_observation');
      expect(tools).toHaveLength(5);

      const written = await client.callTool({
        name: 'write_fhir_observation',
        arguments: { indicator: 'Glucose', value: 98, unit: 'mg/dL', time: '2026-05-04T08:00:00Z' },
      });
      expect(written.isError).toBeFalsy();
      const found = toolJson(await client.callTool({ name: 'query_health_data', arguments: { indicator: 'glucose' } }));
      expect(found.records.map((r: any) => String(r.value))).toEqual(['98']);

      const { resources } = await client.listResources();
      const series = resources.find((r) => r.uri.startsWith('hds://series/loinc/'));
      expect(series).toBeDefined();
      const read = JSON.parse(resourceText(await client.readResource({ uri: series!.uri })));
      expect(read.readings).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it('a read-only grant lists no write tool; a write call gets the 403 challenge and the SDK steps up', async () => {
    const provider = new FormDrivenOAuthProvider(h, email('reader'), { keepRefreshToken: false });
    // Registered ahead for both scopes (the SDK registers a client for the scope it first asks, and HDS grants a
    // client no more than it registered, so a client registered for mcp:read alone could not step up).
    provider.client = await register(h, {
      redirect_uris: [provider.redirectUrl],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      scope: 'mcp:read mcp:write',
    });
    const serverUrl = `${h.url}/mcp`;
    expect(await auth(provider, { serverUrl, scope: 'mcp:read' })).toBe('REDIRECT');
    expect(provider.visited[0]!.searchParams.get('scope')).toBe('mcp:read');
    expect(await auth(provider, { serverUrl, authorizationCode: provider.code! })).toBe('AUTHORIZED');

    const transport = oauthTransport(h, provider);
    const client = newClient();
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('write_fhir_observation');

      // What the SDK met, seen raw: 403, insufficient_scope, asking for both scopes.
      const raw = await fetch(serverUrl, {
        method: 'POST',
        headers: { ...MCP_HEADERS, authorization: `Bearer ${provider.saved!.access_token}` },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'write_fhir_observation', arguments: { indicator: 'Glucose', value: 1 } },
        }),
      });
      expect(raw.status).toBe(403);
      expect(raw.headers.get('www-authenticate')).toMatch(
        /^Bearer error="insufficient_scope", .*resource_metadata=".*\/\.well-known\/oauth-protected-resource\/mcp", scope="mcp:read mcp:write"$/,
      );

      // The SDK steps up: back to the authorize page for both scopes, then the call goes through.
      const write = { name: 'write_fhir_observation', arguments: { indicator: 'Weight', value: 70, unit: 'kg' } };
      await expect(client.callTool(write)).rejects.toBeInstanceOf(UnauthorizedError);
      expect(provider.visited).toHaveLength(2);
      expect(provider.visited[1]!.searchParams.get('scope')).toBe('mcp:read mcp:write');
      await transport.finishAuth(provider.code!);
      const stepped = await client.callTool(write);
      expect(stepped.isError).toBeFalsy();
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('write_fhir_observation');
    } finally {
      await client.close();
    }
  });

  it('a client registered for mcp:read alone cannot step up: its refresh keeps the scope, the SDK gives up with 403', async () => {
    const provider = new FormDrivenOAuthProvider(h, email('refresher'));
    const serverUrl = `${h.url}/mcp`;
    await auth(provider, { serverUrl, scope: 'mcp:read' });
    await auth(provider, { serverUrl, authorizationCode: provider.code! });
    const client = newClient();
    await client.connect(oauthTransport(h, provider));
    try {
      const refused = await client
        .callTool({ name: 'write_fhir_observation', arguments: { indicator: 'Weight', value: 70 } })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(StreamableHTTPError);
      expect((refused as StreamableHTTPError).code).toBe(403);
      expect(toolJson(await client.callTool({ name: 'query_health_data', arguments: {} })).records).toEqual([]);
    } finally {
      await client.close();
    }
  });
});

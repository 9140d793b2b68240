import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Harness } from './harness';
import { authorizeByForms, authorizeQuery, pkce, register, tokenRequest } from './oauth';

/** The headers every Streamable HTTP POST carries (MCP transports spec). */
export const MCP_HEADERS = {
  accept: 'application/json, text/event-stream',
  'content-type': 'application/json',
  'mcp-protocol-version': '2025-11-25',
};

export interface McpAnswer {
  status: number;
  headers: Headers;
  /** The JSON body, or the text when it is not JSON ('' for a 202). */
  body: any;
}

/** One raw POST to `/mcp` (with `?query` when given), as a client without the SDK sends it. */
export async function mcpPost(
  h: Harness,
  bearer: string | null,
  message: unknown,
  options: { query?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<McpAnswer> {
  const res = await fetch(`${h.url}/mcp${options.query ? `?${options.query}` : ''}`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...options.headers },
    body: options.raw ?? JSON.stringify(message),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : '';
  } catch {}
  return { status: res.status, headers: res.headers, body };
}

/** A JSON-RPC request of `method`. */
export function rpc(method: string, params?: unknown, id: number | string = 1) {
  return { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) };
}

const REDIRECT = 'http://127.0.0.1:9/mcp-callback';

/**
 * A user's OAuth access token holding exactly `scope`, obtained the long way a third-party client would: dynamic
 * registration, the authorize pages driven by form posts (the sign-in code read from the outbox), PKCE and the code
 * exchange. For raw protocol tests; the conformance tests let the MCP SDK do all of it.
 */
export async function oauthAccessToken(h: Harness, email: string, scope: string): Promise<string> {
  const registered = await register(h, {
    redirect_uris: [REDIRECT],
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    scope,
  });
  const { verifier, challenge } = pkce();
  const back = await authorizeByForms(
    h,
    authorizeQuery({ client_id: registered.client_id, redirect_uri: REDIRECT, scope, code_challenge: challenge }),
    email,
  );
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code: ${back}`);
  const token = await tokenRequest(h, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    client_id: registered.client_id,
  });
  if (token.status !== 200) throw new Error(`token refused: ${JSON.stringify(token.body)}`);
  return token.body.access_token;
}

/** The MCP SDK's own client on `/mcp` (with `?user=` when given), authenticated by an API key in the header. */
export async function keyClient(h: Harness, key: string, user?: string): Promise<Client> {
  const url = new URL(`${h.url}/mcp`);
  if (user !== undefined) url.searchParams.set('user', user);
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  const client = new Client({ name: 'hds-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** A tool result's text, parsed (HDS's tools answer JSON). */
export function toolJson(result: object): any {
  const first = ((result as { content?: unknown }).content as { type: string; text?: string }[] | undefined)?.[0];
  if (first?.type !== 'text' || first.text === undefined) throw new Error(`no text content: ${JSON.stringify(result)}`);
  return JSON.parse(first.text);
}

/** A resource's first contents as text. */
export function resourceText(result: { contents: unknown[] }): string {
  const first = result.contents[0] as { text?: string } | undefined;
  if (first?.text === undefined) throw new Error(`no text contents: ${JSON.stringify(result)}`);
  return first.text;
}

/**
 * An MCP client application's `OAuthClientProvider`, in memory: it keeps what the SDK hands it (the registered
 * client, tokens, the PKCE verifier), and its "browser" is `authorizeByForms` — the user signs in on HDS's authorize
 * page with the emailed code and allows access; the code is read off the redirect back. Every URL it visits is the
 * one the SDK built. `keepRefreshToken: false` plays a client that keeps none (then a step-up goes back to the
 * authorize page instead of refreshing).
 */
export class FormDrivenOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  /** Every authorization URL the SDK sent the user to, in order. */
  readonly visited: URL[] = [];
  /** The code of the latest redirect back, for `transport.finishAuth`. */
  code?: string;
  registrations = 0;

  constructor(
    readonly h: Harness,
    readonly email: string,
    readonly options: { keepRefreshToken?: boolean } = {},
  ) {}

  get redirectUrl(): string {
    return REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'An MCP desktop assistant (test)',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation() {
    return this.client;
  }

  saveClientInformation(info: OAuthClientInformationMixed) {
    if (!this.client) this.registrations++;
    this.client = info;
  }

  tokens() {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens) {
    const { refresh_token: _dropped, ...rest } = tokens;
    this.saved = this.options.keepRefreshToken === false ? rest : tokens;
  }

  async redirectToAuthorization(url: URL) {
    this.visited.push(url);
    const back = await authorizeByForms(this.h, url.toString(), this.email);
    const code = back.searchParams.get('code');
    if (!code) throw new Error(`the authorization was not granted: ${back}`);
    this.code = code;
  }

  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }

  codeVerifier() {
    return this.verifier;
  }
}

/** The SDK client on `/mcp` with `provider` as its OAuth client. */
export function oauthTransport(h: Harness, provider: OAuthClientProvider): StreamableHTTPClientTransport {
  return new StreamableHTTPClientTransport(new URL(`${h.url}/mcp`), { authProvider: provider });
}

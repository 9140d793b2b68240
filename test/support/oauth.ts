import { createHash, randomBytes } from 'node:crypto';
import { client, type Harness } from './harness';
import { latestCode } from './sign-in';

/** A registered client as `/oauth/register` answered it. */
export interface Registered {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  grant_types: string[];
  token_endpoint_auth_method: string;
  scope: string;
}

export async function register(h: Harness, metadata: Record<string, unknown>, bearer?: string): Promise<Registered> {
  const res = await client(h.url, bearer).post('/oauth/register', {
    client_name: 'Test partner',
    redirect_uris: ['http://127.0.0.1:9/cb'],
    ...metadata,
  });
  if (res.status !== 201) throw new Error(`registration refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A PKCE pair (RFC 7636 S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The hidden csrf field of an authorize page. */
export function csrfOf(html: string): string {
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!csrf) throw new Error(`no csrf field on the page: ${html.slice(0, 300)}`);
  return csrf;
}

export interface PageResponse {
  status: number;
  headers: Headers;
  html: string;
  location: string | null;
}

/**
 * A tiny browser for the authorize pages: keeps the one cookie the pages set, sends the issuer's `Origin` on posts
 * as a browser does, follows nothing (each 302 is returned to the test).
 */
export class PageAgent {
  cookie: string | undefined;
  csrf: string | undefined;

  constructor(
    readonly base: string,
    readonly origin: string | null = new URL(base).origin,
  ) {}

  async get(pathAndQuery: string): Promise<PageResponse> {
    return this.keep(await fetch(this.base + pathAndQuery, { redirect: 'manual', headers: this.cookieHeader() }));
  }

  async post(fields: Record<string, string>, extra: Record<string, string> = {}): Promise<PageResponse> {
    const body = new URLSearchParams({ ...(this.csrf ? { csrf: this.csrf } : {}), ...fields });
    const res = await fetch(`${this.base}/oauth2/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(this.origin ? { origin: this.origin } : {}),
        ...this.cookieHeader(),
        ...extra,
      },
      body: body.toString(),
    });
    return this.keep(res);
  }

  private cookieHeader(): Record<string, string> {
    return this.cookie ? { cookie: this.cookie } : {};
  }

  private async keep(res: Response): Promise<PageResponse> {
    const set = res.headers.get('set-cookie');
    if (set) {
      const pair = set.split(';')[0]!;
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    const html = await res.text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
    if (csrf) this.csrf = csrf;
    return { status: res.status, headers: res.headers, html, location: res.headers.get('location') };
  }
}

export interface AuthorizeParams {
  client_id: string;
  redirect_uri: string;
  state?: string;
  scope?: string;
  code_challenge?: string;
  prompt?: string;
}

export function authorizeQuery(params: AuthorizeParams & Record<string, string | undefined>): string {
  const q = new URLSearchParams({ response_type: 'code' });
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  if (params.code_challenge) q.set('code_challenge_method', 'S256');
  return `/oauth2/authorize?${q}`;
}

/**
 * The whole browser side of an authorization by real form posts: the email form, the code from the outbox, then
 * Allow (when the consent page shows). Returns the 302's Location back to the client.
 */
export async function authorizeByForms(
  h: Harness,
  url: string,
  email: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<URL> {
  const agent = new PageAgent(h.url);
  const start = await agent.get(url.startsWith('http') ? url.slice(h.url.length) : url);
  if (start.status !== 200)
    throw new Error(`authorize page: ${start.status} ${start.location ?? start.html.slice(0, 300)}`);
  const sent = await agent.post({ step: 'email', email });
  if (sent.status !== 200) throw new Error(`email step: ${sent.status} ${sent.html.slice(0, 300)}`);
  const code = await latestCode(h.runtime.services.config.auth.mail.outboxDir!, email);
  let answer = await agent.post({ step: 'code', email, code });
  if (answer.status === 200 && answer.html.includes('Allow access?')) {
    answer = await agent.post({ step: 'consent', decision });
  }
  if (answer.status !== 302 || !answer.location)
    throw new Error(`no redirect: ${answer.status} ${answer.html.slice(0, 400)}`);
  return new URL(answer.location);
}

/** A form-encoded POST to the token endpoint. */
export async function tokenRequest(
  h: Harness,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(`${h.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

export function basic(id: string, secret: string): Record<string, string> {
  return {
    authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
  };
}

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import type { RuntimeOptions } from '../../infra/local/runtime';
import { createDocumentClient } from '../../shared/adapters/dynamo/client';
import { client, type Harness, startHarness } from './harness';
import { eventually } from './polling';
import type { ProviderServer } from './pulse-servers';
import { signIn } from './sign-in';

/**
 * The steps every `/api/v1/pulse` integration test takes with a local provider server (design wearables §6, §15):
 * the harness started against the servers, a signed-in user, the link → consent → callback round trip, the wait for
 * the backfill, and the `LINK#` item as DynamoDB holds it.
 */

export const LINK_PATH = '/api/v1/pulse/user/providers/link';
export const UNLINK_PATH = '/api/v1/pulse/user/providers/unlink';
/** The one return URL the pulse tests allow (`HDS_PULSE_RETURN_URLS`). */
export const RETURN_URL = 'https://app.example.org/pulse/done';
/** Rate limits high enough that a file's many sign-ins and reads are never refused. */
export const LOOSE_RATE_LIMITS = 'login-code=1000,verify-code=1000,list-data=100000,api-v1=100000';

type ApiClient = ReturnType<typeof client>;

/** A link as `GET /api/v1/pulse/user/providers` lists it. */
export interface ListedLink {
  slug: string;
  status: string;
  backfill: { status: string; through: string | null };
  [field: string]: unknown;
}

/**
 * Starts `servers`, then the harness with the environment `options` builds from them (their URLs exist only once
 * they listen).
 */
export async function startWithProviders(servers: ProviderServer[], options: () => RuntimeOptions): Promise<Harness> {
  for (const server of servers) await server.start();
  return startHarness(options());
}

/** Stops the harness, then the servers; any of them may be missing when `beforeAll` failed half-way. */
export async function stopWithProviders(h: Harness | undefined, servers: (ProviderServer | undefined)[]) {
  await h?.stop();
  for (const server of servers) await server?.stop();
}

/** A user signed in over HTTP, with a client holding their access token. */
export async function signedInUser(h: Harness, email: string) {
  const user = await signIn(h, email);
  return { user, api: client(h.url, user.access_token) };
}

/** A client for `/v1` holding a new API key of `api`'s account. */
export async function apiKeyClient(h: Harness, api: ApiClient, name: string): Promise<ApiClient> {
  const made = await api.post('/api/console/keys', { name });
  expect(made.status).toBe(201);
  return client(h.url, made.body.secret);
}

/**
 * The browser's first step: opens the consent URL (the provider answers 302) and answers where it sends the user,
 * HDS's callback for `provider`.
 */
export async function consentCallback(h: Harness, provider: string, linkWebUrl: string): Promise<string> {
  const atProvider = await fetch(linkWebUrl, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callback = atProvider.headers.get('location')!;
  expect(callback.startsWith(`${h.url}/api/v1/pulse/hds/${provider}/callback?`)).toBe(true);
  return callback;
}

/**
 * Checks a consent URL of the OAuth 2 code flow (RFC 6749 §4.1.1): the provider's authorize endpoint, the code
 * response for `clientId`, HDS's callback for `provider` and a state of 32 random bytes. Answers its query, for the
 * provider's own parameters (scope, PKCE).
 */
export function expectCodeFlowConsent(
  h: Harness,
  provider: string,
  linkWebUrl: string,
  expected: { authorizeUrl: string; clientId: string },
): URLSearchParams {
  const url = new URL(linkWebUrl);
  expect(`${url.origin}${url.pathname}`).toBe(expected.authorizeUrl);
  expect(url.searchParams.get('response_type')).toBe('code');
  expect(url.searchParams.get('client_id')).toBe(expected.clientId);
  expect(url.searchParams.get('redirect_uri')).toBe(`${h.url}/api/v1/pulse/hds/${provider}/callback`);
  expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return url.searchParams;
}

/** The browser's second step: HDS's callback, its redirect not followed. */
export function followCallback(callback: string): Promise<Response> {
  return fetch(callback, { redirect: 'manual' });
}

/** The browser's part: consent at the provider, then HDS's callback. */
export async function consent(h: Harness, provider: string, linkWebUrl: string): Promise<Response> {
  return followCallback(await consentCallback(h, provider, linkWebUrl));
}

/**
 * Links `provider` for `api`'s user through consent and the callback, which must answer linked: the redirect to
 * `returnUrl` when given, HDS's own page otherwise. Answers the consent URL and the callback URL (codes and states
 * the log-hygiene tests look for).
 */
export async function linkThroughConsent(
  h: Harness,
  api: ApiClient,
  provider: string,
  returnUrl?: string,
): Promise<{ linkWebUrl: string; callback: string }> {
  const started = await api.post(LINK_PATH, returnUrl ? { provider, return_url: returnUrl } : { provider });
  expect(started.status).toBe(200);
  const linkWebUrl = started.body.data.link_web_url as string;
  const callback = await consentCallback(h, provider, linkWebUrl);
  const back = await followCallback(callback);
  if (returnUrl) expect(back.headers.get('location')).toBe(`${returnUrl}?provider=${provider}&status=linked`);
  else expect(back.status).toBe(200);
  return { linkWebUrl, callback };
}

/** Waits until `api`'s link to `provider` lists its backfill done; answers the listed link. */
export function backfillDone(api: ApiClient, provider: string, opts: { timeoutMs?: number; what?: string } = {}) {
  return eventually(
    async () => {
      const providers = (await api.get('/api/v1/pulse/user/providers')).body.data.providers as ListedLink[];
      const link = providers.find((p) => p.slug === provider);
      return link?.backfill.status === 'done' && link;
    },
    { timeoutMs: opts.timeoutMs ?? 20_000, what: opts.what ?? `the ${provider} backfill` },
  );
}

/** The stored `LINK#<provider>` item of a Subject exactly as DynamoDB holds it. */
export async function rawLinkItem(h: Harness, subjectId: string, provider: string) {
  const config = h.runtime.services.config;
  const out = await createDocumentClient(config).send(
    new GetCommand({ TableName: config.tables.records, Key: { pk: subjectId, sk: `LINK#${provider}` } }),
  );
  return out.Item;
}

/** The fields of a `/v1/data` row the backfill tests compare. */
export const pickReading = ({
  indicator,
  loinc_code,
  parsed_unit,
  value,
  time,
  end_time,
  comment,
}: Record<string, unknown>) => ({ indicator, loinc_code, parsed_unit, value, time, end_time, comment });

/** An order of readings that does not depend on the order the API answers them in. */
export const byIndicatorTimeValue = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  `${a.indicator}${a.time}${a.value}`.localeCompare(`${b.indicator}${b.time}${b.value}`);

/** A builder of the expected reading rows of `provider` (the rows' `comment`), in `pickReading`'s shape. */
export function readingRowsOf(provider: string) {
  return (indicator: string, loinc: unknown, unit: string | null, value: string, time: string, end: string | null) => ({
    indicator,
    loinc_code: loinc,
    parsed_unit: unit,
    value,
    time,
    end_time: end,
    comment: provider,
  });
}

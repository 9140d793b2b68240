/**
 * OAuth 1.0a request signing with HMAC-SHA1 (RFC 5849 §3.4), for Garmin's Health API (design §3.5, §6.1). Pure:
 * the nonce and timestamp are arguments, so a signature is reproducible and the RFC's worked examples are tests.
 * @see https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1 — signature base string
 * @see https://www.rfc-editor.org/rfc/rfc5849#section-3.5.1 — the Authorization header
 */
import { createHmac } from 'node:crypto';

export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  /** Absent on the temporary-credentials (request-token) leg. */
  token?: string;
  tokenSecret?: string;
}

export type OAuth1Param = readonly [name: string, value: string];

export interface OAuth1Request {
  method: string;
  /** Absolute URL; its query parameters are signed. */
  url: string;
  /** Parameters of an `application/x-www-form-urlencoded` body, which are signed too (§3.4.1.3.1). */
  form?: readonly OAuth1Param[];
  credentials: OAuth1Credentials;
  /** Unix seconds, as text. */
  timestamp: string;
  nonce: string;
  /** `oauth_callback` (request-token leg) and `oauth_verifier` (access-token leg), when the leg has them. */
  extra?: { callback?: string; verifier?: string };
  realm?: string;
  /** `oauth_version` is optional (§3.1); sent as `1.0` unless null, as Garmin's integrations send it. */
  version?: '1.0' | null;
}

/** RFC 3986 percent-encoding of everything but the unreserved characters (§3.6), over UTF-8. */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Scheme and host in lower case, the default port dropped, no query or fragment (§3.4.1.2). */
export function baseStringUri(url: string): string {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new TypeError('OAuth 1.0a signs http(s) URLs only');
  // `URL` already lower-cases scheme and host and drops a default port.
  return `${u.protocol}//${u.host}${u.pathname}`;
}

/** Encode every name and value, sort by name then value, join with `&` (§3.4.1.3.2). */
export function normalizeParameters(params: readonly OAuth1Param[]): string {
  return params
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => (an === bn ? compare(av, bv) : compare(an, bn)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/**
 * `METHOD&encoded base URI&encoded normalized parameters`, where the parameters are the URL's query (decoded as a
 * form: `+` is a space), the form body, and the protocol parameters without `oauth_signature` and `realm`.
 */
export function signatureBaseString(method: string, url: string, params: readonly OAuth1Param[]): string {
  const query = [...new URL(url).searchParams];
  const signed = [...query, ...params].filter(([name]) => name !== 'oauth_signature' && name !== 'realm');
  return [method.toUpperCase(), percentEncode(baseStringUri(url)), percentEncode(normalizeParameters(signed))].join(
    '&',
  );
}

/** base64(HMAC-SHA1(encode(consumer secret) & encode(token secret), base string)) (§3.4.2). */
export function hmacSha1Signature(baseString: string, consumerSecret: string, tokenSecret = ''): string {
  const key = `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
  return createHmac('sha1', key).update(baseString, 'utf8').digest('base64');
}

/** The protocol parameters of a request, `oauth_signature` included. */
export function signRequest(request: OAuth1Request): OAuth1Param[] {
  const { credentials, extra } = request;
  const protocol: OAuth1Param[] = [['oauth_consumer_key', credentials.consumerKey]];
  if (credentials.token !== undefined) protocol.push(['oauth_token', credentials.token]);
  protocol.push(
    ['oauth_signature_method', 'HMAC-SHA1'],
    ['oauth_timestamp', request.timestamp],
    ['oauth_nonce', request.nonce],
  );
  if (request.version !== null) protocol.push(['oauth_version', '1.0']);
  if (extra?.callback !== undefined) protocol.push(['oauth_callback', extra.callback]);
  if (extra?.verifier !== undefined) protocol.push(['oauth_verifier', extra.verifier]);
  const base = signatureBaseString(request.method, request.url, [...protocol, ...(request.form ?? [])]);
  return [
    ...protocol,
    ['oauth_signature', hmacSha1Signature(base, credentials.consumerSecret, credentials.tokenSecret)],
  ];
}

/** `OAuth realm="…", name="value", …` with every value percent-encoded (§3.5.1). */
export function authorizationHeader(protocol: readonly OAuth1Param[], realm?: string): string {
  const parts = protocol.map(([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`);
  if (realm !== undefined) parts.unshift(`realm="${realm.replace(/["\\]/g, '')}"`);
  return `OAuth ${parts.join(', ')}`;
}

/** The header of a signed request in one call. */
export function oauth1Authorization(request: OAuth1Request): string {
  return authorizationHeader(signRequest(request), request.realm);
}

/**
 * The parameters of an `Authorization: OAuth …` header (for a server checking a signature, as the local Garmin
 * server does); null when the header is not one.
 */
export function parseAuthorizationHeader(header: string): OAuth1Param[] | null {
  const m = /^OAuth\s+(.*)$/is.exec(header.trim());
  if (!m) return null;
  const params: OAuth1Param[] = [];
  for (const part of (m[1] as string).split(',')) {
    const pair = /^\s*([^=\s]+)\s*=\s*"([^"]*)"\s*$/.exec(part);
    if (!pair) return null;
    try {
      params.push([decodeURIComponent(pair[1] as string), decodeURIComponent(pair[2] as string)]);
    } catch {
      return null;
    }
  }
  return params;
}

/** The form answer of the token legs: `oauth_token=…&oauth_token_secret=…` (RFC 5849 §2.1, §2.3). */
export function parseTokenAnswer(body: string): { token: string; tokenSecret: string } {
  const form = new URLSearchParams(body.trim());
  const token = form.get('oauth_token');
  const tokenSecret = form.get('oauth_token_secret');
  if (!token || tokenSecret === null) throw new Error('OAuth 1.0a token answer lacks oauth_token/oauth_token_secret');
  return { token, tokenSecret };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

import { clientSecretMatches, type RegisteredClient, type TokenEndpointAuthMethod } from './client-registration';
import { OAuthError } from './oauth-error';

/** How a token request identified its client (design §7.2). */
export type ClientCredentials =
  | { method: 'client_secret_basic'; clientId: string; secret: string }
  | { method: 'client_secret_post'; clientId: string; secret: string }
  | { method: 'none'; clientId: string };

export interface TokenRequestCredentialsInput {
  /** The `Authorization` header, if any. */
  authorization?: string | undefined;
  /** The form-encoded body. */
  form: URLSearchParams;
}

/** RFC 6749 Appendix A.1/A.2: client-id and client-secret are VSCHAR (%x20-7E); HDS also bounds their length. */
const VSCHAR = /^[\x20-\x7E]*$/;
const MAX_CREDENTIAL_CHARS = 256;
const MAX_AUTHORIZATION_CHARS = 1024;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the client credentials of a token request (design §7.2, RFC 6749 §2.3.1): the `Authorization: Basic` header
 * **or** `client_id` + `client_secret` in the body, never both; `client_id` alone is a public client (`none`).
 * Inside Basic, id and secret are each form-urlencoded before joining with `:` (RFC 6749 §2.3.1), so both are decoded.
 * A body `client_id` next to Basic is tolerated only when it names the same client (RFC 6749 §4.1.3 asks for it from
 * unauthenticated clients; some authenticated ones send it anyway). An empty `client_secret` counts as absent.
 *
 * Throws `invalid_request` for two methods at once, a repeated parameter, or a secret without an id; `invalid_client`
 * for no credentials at all or a Basic header that does not decode to `id:secret`.
 */
export function parseClientCredentials(input: TokenRequestCredentialsInput): ClientCredentials {
  const bodyId = single(input.form, 'client_id');
  const bodySecret = single(input.form, 'client_secret');
  const authorization = input.authorization?.trim();
  if (authorization) {
    const basic = parseBasic(authorization);
    if (bodySecret) {
      throw new OAuthError(
        'invalid_request',
        'send client credentials either in Authorization or in the body, not both',
      );
    }
    if (bodyId !== undefined && bodyId !== basic.clientId) {
      throw new OAuthError('invalid_request', 'client_id in the body differs from the one in Authorization');
    }
    return { method: 'client_secret_basic', ...basic };
  }
  if (bodyId === undefined || bodyId === '') {
    if (bodySecret) throw new OAuthError('invalid_request', 'client_secret was sent without client_id');
    throw new OAuthError('invalid_client', 'client authentication is required');
  }
  checkCredential(bodyId, 'client_id');
  if (!bodySecret) return { method: 'none', clientId: bodyId };
  checkCredential(bodySecret, 'client_secret');
  return { method: 'client_secret_post', clientId: bodyId, secret: bodySecret };
}

/**
 * Checks parsed credentials against the stored client (design §7.2): the client exists and is not revoked, the method
 * is the one it registered, and a confidential client's secret matches its hash (constant time). Unknown client and
 * wrong secret read the same, so the answer does not tell one from the other. Throws `invalid_client`.
 */
export function authenticateClient(
  credentials: ClientCredentials,
  client: RegisteredClient | null | undefined,
): RegisteredClient {
  if (!client || client.revokedAt !== undefined || client.clientId !== credentials.clientId) {
    throw new OAuthError('invalid_client', 'client authentication failed');
  }
  if (credentials.method !== client.authMethod) {
    throw new OAuthError('invalid_client', `this client must authenticate with ${describeMethod(client.authMethod)}`);
  }
  if (credentials.method !== 'none' && !clientSecretMatches(credentials.secret, client.secretHash)) {
    throw new OAuthError('invalid_client', 'client authentication failed');
  }
  return client;
}

function describeMethod(method: TokenEndpointAuthMethod): string {
  if (method === 'client_secret_basic') return 'HTTP Basic (client_secret_basic)';
  if (method === 'client_secret_post') return 'client_id and client_secret in the body (client_secret_post)';
  return 'client_id only and PKCE (none)';
}

function parseBasic(header: string): { clientId: string; secret: string } {
  if (header.length > MAX_AUTHORIZATION_CHARS) throw new OAuthError('invalid_client', 'Authorization is too long');
  const match = /^Basic +([^ ]+)$/i.exec(header);
  if (!match) throw new OAuthError('invalid_client', 'Authorization must use the Basic scheme');
  const encoded = match[1] ?? '';
  const bytes = Buffer.from(encoded, 'base64');
  if (!BASE64.test(encoded) || bytes.toString('base64').replace(/=+$/, '') !== encoded.replace(/=+$/, '')) {
    throw new OAuthError('invalid_client', 'Authorization Basic credentials are not valid base64');
  }
  let decoded: string;
  try {
    decoded = utf8.decode(bytes);
  } catch {
    throw new OAuthError('invalid_client', 'Authorization Basic credentials are not valid UTF-8');
  }
  const colon = decoded.indexOf(':');
  if (colon < 0)
    throw new OAuthError('invalid_client', 'Authorization Basic credentials must be client_id:client_secret');
  const clientId = formDecode(decoded.slice(0, colon), 'client_id');
  const secret = formDecode(decoded.slice(colon + 1), 'client_secret');
  if (clientId === '')
    throw new OAuthError('invalid_client', 'Authorization Basic credentials have an empty client_id');
  if (secret === '')
    throw new OAuthError('invalid_client', 'Authorization Basic credentials have an empty client_secret');
  checkCredential(clientId, 'client_id');
  checkCredential(secret, 'client_secret');
  return { clientId, secret };
}

/** application/x-www-form-urlencoded decoding of one value (RFC 6749 Appendix B). */
function formDecode(value: string, name: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    throw new OAuthError('invalid_client', `Authorization Basic ${name} is not valid form-urlencoding`);
  }
}

function checkCredential(value: string, name: string): void {
  if (value.length > MAX_CREDENTIAL_CHARS || !VSCHAR.test(value)) {
    throw new OAuthError('invalid_client', `${name} is malformed`);
  }
}

/** A body parameter sent at most once (RFC 6749 §3.2: parameters must not repeat). */
function single(form: URLSearchParams, name: string): string | undefined {
  const values = form.getAll(name);
  if (values.length > 1) throw new OAuthError('invalid_request', `${name} must not be repeated`);
  return values[0];
}

import type { RegisteredClient } from './client-registration';
import { assertResource } from './metadata';
import { OAuthError } from './oauth-error';
import { type CodeChallengeMethod, isCodeChallenge, parseCodeChallengeMethod } from './pkce';
import { appendQuery, findRedirectUri } from './redirect-uris';
import { resolveRequestedScope, type Scope } from './scopes';
import { randomBase62, sha256Base64url } from './secrets';

/** A query as the handler has it: `URLSearchParams`, or a record where a repeated name gives an array. */
export type AuthorizationParams = URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

/** OpenID Connect Core §3.1.2.1 `prompt` values HDS understands (`none` is answered `login_required`). */
export type Prompt = 'login' | 'consent' | 'select_account';

/** A validated authorization request: what the pending authorization (design 3.5) stores. */
export interface AuthorizationRequest {
  clientId: string;
  /** The registered URI the request named, exactly. */
  redirectUri: string;
  scope: Scope[];
  /** Echoed unchanged in the redirect; absent when the client sent none. */
  state?: string;
  codeChallenge?: string;
  codeChallengeMethod?: CodeChallengeMethod;
  /** `consent` forces the consent page even when a stored consent covers the scope (design §3). */
  prompt: Prompt[];
}

/**
 * The outcome of validating `GET /oauth2/authorize` (design §7.3 step 1):
 * - `page-error`: the client or redirect URI cannot be trusted; show a 400 page and **never** redirect (RFC 6749
 *   §4.1.2.1, no open redirect);
 * - `redirect-error`: send the browser to `location` (the client's redirect URI carrying `error`, `state`, `iss`);
 * - `valid`: go on to sign-in.
 */
export type AuthorizationValidation =
  | { kind: 'valid'; request: AuthorizationRequest }
  | { kind: 'page-error'; error: OAuthError }
  | { kind: 'redirect-error'; error: OAuthError; redirectUri: string; location: string };

/** RFC 6749 Appendix A.5: state = 1*VSCHAR. HDS bounds its length since it is stored and echoed. */
const STATE = /^[\x20-\x7E]{1,1024}$/;
const MAX_CLIENT_ID_CHARS = 256;
const PROMPTS = new Set(['none', 'login', 'consent', 'select_account']);

/**
 * The `client_id` to look the client up by, or undefined when it is absent, empty, repeated or implausibly long (then
 * pass a null client to {@link validateAuthorizationRequest}, which explains which).
 */
export function authorizationClientId(params: AuthorizationParams): string | undefined {
  const read = readParam(params, 'client_id');
  return read.kind === 'one' && read.value.length <= MAX_CLIENT_ID_CHARS ? read.value : undefined;
}

/**
 * Validates an authorization request against the client its `client_id` names (`null` when unknown or not looked up).
 *
 * Phase 1 (errors shown as a page, never redirected): `client_id` present, once, naming a live client; `redirect_uri`
 * present, once, and exactly one of the client's registered URIs (required even when only one is registered, as in
 * OAuth 2.1 and the spec's query list).
 *
 * Phase 2 (errors redirected with `state` and `iss`): `response_type=code` (absent → `invalid_request`, other →
 * `unsupported_response_type`); the client holds `authorization_code` (`unauthorized_client`); scope resolved by
 * {@link resolveRequestedScope} (`invalid_scope`); PKCE S256 only, mandatory for a public client (`invalid_request`);
 * `resource` (RFC 8707) naming HDS's MCP server or the issuer (`invalid_target`); `prompt` among
 * `login consent select_account` (`none` → `login_required`: HDS keeps no browser session). No
 * parameter may repeat (RFC 6749 §3.1); an empty one counts as absent (RFC 6749 §3.1); unknown ones are ignored.
 */
export function validateAuthorizationRequest(
  params: AuthorizationParams,
  client: RegisteredClient | null | undefined,
  issuer: string,
): AuthorizationValidation {
  const clientId = readParam(params, 'client_id');
  if (clientId.kind !== 'one')
    return pageError(clientId.kind === 'many' ? 'client_id is repeated' : 'client_id is required');
  if (!client || client.revokedAt !== undefined || client.clientId !== clientId.value) {
    return pageError('client_id does not name a registered client');
  }
  const redirect = readParam(params, 'redirect_uri');
  if (redirect.kind !== 'one') {
    return pageError(redirect.kind === 'many' ? 'redirect_uri is repeated' : 'redirect_uri is required');
  }
  const redirectUri = findRedirectUri(client.redirectUris, redirect.value);
  if (redirectUri === undefined) return pageError('redirect_uri is not registered for this client');

  const stateParam = readParam(params, 'state');
  const state = stateParam.kind === 'one' && STATE.test(stateParam.value) ? stateParam.value : undefined;
  const fail = (error: OAuthError): AuthorizationValidation => ({
    kind: 'redirect-error',
    error,
    redirectUri,
    location: authorizationErrorLocation(redirectUri, error, state, issuer),
  });
  try {
    if (stateParam.kind === 'many') throw invalid('state is repeated');
    if (stateParam.kind === 'one' && state === undefined) {
      throw invalid('state must be at most 1024 printable ASCII characters');
    }
    const responseType = one(params, 'response_type');
    if (responseType === undefined) throw invalid('response_type is required');
    if (responseType !== 'code') {
      throw new OAuthError('unsupported_response_type', 'response_type must be code');
    }
    if (!client.grantTypes.includes('authorization_code')) {
      throw new OAuthError('unauthorized_client', 'this client is not registered for the authorization_code grant');
    }
    const scope = resolveRequestedScope(one(params, 'scope'), client.scope);
    assertResource(one(params, 'resource'), issuer);
    const pkce = readPkce(params, client);
    const prompt = readPrompt(one(params, 'prompt'));
    const request: AuthorizationRequest = { clientId: client.clientId, redirectUri, scope, prompt, ...pkce };
    if (state !== undefined) request.state = state;
    return { kind: 'valid', request };
  } catch (e) {
    if (e instanceof OAuthError) return fail(e);
    throw e;
  }
}

/** Where a successful authorization sends the browser: `code`, `state` (if any) and `iss` (RFC 9207) appended. */
export function authorizationSuccessLocation(
  redirectUri: string,
  result: { code: string; state?: string | undefined; issuer: string },
): string {
  return appendQuery(redirectUri, { code: result.code, state: result.state, iss: result.issuer });
}

/**
 * Where a refused authorization sends the browser (RFC 6749 §4.1.2.1): `error`, `error_description`, `state` (if
 * any) and `iss` (RFC 9207) appended, the registered query kept.
 */
export function authorizationErrorLocation(
  redirectUri: string,
  error: OAuthError,
  state: string | undefined,
  issuer: string,
): string {
  return appendQuery(redirectUri, {
    error: error.error,
    error_description: error.description,
    state,
    iss: issuer,
  });
}

/** A new authorization code: 43 base62 characters (≈ 256 bits, design §4), single use, 10 minutes. */
export function generateAuthorizationCode(): string {
  return randomBase62(43);
}

/** How a code is stored and looked up: SHA-256, base64url (design 3.6 `AUTHZ#<sha256(code)>`). */
export function hashAuthorizationCode(code: string): string {
  return sha256Base64url(code);
}

function readPkce(
  params: AuthorizationParams,
  client: RegisteredClient,
): { codeChallenge?: string; codeChallengeMethod?: CodeChallengeMethod } {
  const challenge = one(params, 'code_challenge');
  const method = one(params, 'code_challenge_method');
  if (challenge === undefined) {
    if (method !== undefined) throw invalid('code_challenge_method was sent without code_challenge');
    if (client.authMethod === 'none') throw invalid('code_challenge is required for a public client (PKCE S256)');
    return {};
  }
  const codeChallengeMethod = parseCodeChallengeMethod(method);
  if (!isCodeChallenge(challenge)) throw invalid('code_challenge must be 43 base64url characters (S256)');
  return { codeChallenge: challenge, codeChallengeMethod };
}

function readPrompt(raw: string | undefined): Prompt[] {
  if (raw === undefined) return [];
  const values = new Set(raw.split(' '));
  for (const v of values)
    if (!PROMPTS.has(v)) throw invalid('prompt must be among none, login, consent, select_account');
  if (values.has('none')) {
    if (values.size > 1) throw invalid('prompt none must be used alone');
    throw new OAuthError('login_required', 'HDS asks the user to sign in on every authorization');
  }
  return [...values] as Prompt[];
}

type Read = { kind: 'none' } | { kind: 'many' } | { kind: 'one'; value: string };

/** One parameter: absent or empty is `none` (RFC 6749 §3.1), a repeat is `many`. */
function readParam(params: AuthorizationParams, name: string): Read {
  const raw = params instanceof URLSearchParams ? params.getAll(name) : params[name];
  const list: unknown[] = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : [];
  const values = list.filter((v) => v !== '');
  if (values.length > 1) return { kind: 'many' };
  const value = values[0];
  return typeof value === 'string' ? { kind: 'one', value } : { kind: 'none' };
}

/** A phase-2 parameter, once or absent; a repeat is `invalid_request`. */
function one(params: AuthorizationParams, name: string): string | undefined {
  const read = readParam(params, name);
  if (read.kind === 'many') throw invalid(`${name} is repeated`);
  return read.kind === 'one' ? read.value : undefined;
}

function invalid(description: string): OAuthError {
  return new OAuthError('invalid_request', description);
}

function pageError(description: string): AuthorizationValidation {
  return { kind: 'page-error', error: new OAuthError('invalid_request', description) };
}

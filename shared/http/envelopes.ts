import { authorizePageHeaders, renderErrorPage } from '../domain/oauth/pages';
import { AppError, type ErrorKind } from '../errors';

/**
 * The error (and success) shapes of HDS's surfaces, one adapter each: services throw transport-free `AppError`s and
 * the route's manifest entry names the envelope that turns them into a status, headers and a body. The local gateway
 * and the WebSocket handshake use the same adapters, so no path answers in a shape its surface does not speak.
 */
export type EnvelopeName = 'openai' | 'account' | 'api' | 'jsonrpc' | 'oauth' | 'oauth-page';

export interface EnvelopedResponse {
  status: number;
  headers: Record<string, string>;
  /** A JSON value, or the text of an HTML page (`oauth-page`). */
  body: unknown;
  contentType: 'application/json' | 'text/html; charset=utf-8';
}

export interface Envelope {
  /** The route's own answer, as its surface wraps it. */
  success(body: unknown): unknown;
  failure(error: AppError): EnvelopedResponse;
}

/** `/v1`'s body: the OpenAI error object; `type` is always `invalid_request_error` (spec, Errors). */
export interface OpenAiErrorBody {
  error: { message: string; type: 'invalid_request_error'; code: string | null; param: string | null };
}

const OPENAI_STATUS: Partial<Record<ErrorKind, number>> = {
  invalid_input: 400,
  unsupported_parameter: 400,
  missing_credentials: 401,
  invalid_api_key: 401,
  invalid_token: 401,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  upstream: 502,
  unavailable: 503,
  deadline: 504,
};

/** Kinds a surface never raises are a bug where they appear: answered as the internal error, not half-shaped. */
const unexpected = (_error: AppError) => new AppError('internal', 'Internal error', { code: 'internal_error' });

/** Headers every surface sends for a kind: the methods a path allows, and when to retry. */
function kindHeaders(error: AppError, withRateHeaders: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.allow) headers.allow = error.allow.join(', ');
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  if (withRateHeaders && error.limit !== undefined && error.resetAt !== undefined) {
    headers['x-ratelimit-limit'] = String(error.limit);
    headers['x-ratelimit-remaining'] = '0';
    headers['x-ratelimit-reset'] = String(error.resetAt);
    // The draft's fields on a 429 too: nothing left, and the reset the same instant as Retry-After.
    headers['ratelimit-policy'] = `"minute";q=${error.limit};w=60`;
    headers.ratelimit = `"minute";r=0;t=${error.retryAfterSeconds ?? 0}`;
  }
  return headers;
}

/** `/v1/*`, `/api/console/*`, `/api/health`: `{error: {message, type, code, param}}`. */
export const openAiEnvelope: Envelope = {
  success: (body) => body,
  failure(raw) {
    const error = OPENAI_STATUS[raw.kind] ? raw : unexpected(raw);
    return {
      status: OPENAI_STATUS[error.kind]!,
      headers: {
        ...kindHeaders(error, true),
        ...(error.kind === 'invalid_token' || error.kind === 'insufficient_scope'
          ? { 'www-authenticate': bearerChallenge(error) }
          : {}),
      },
      body: openAiErrorBody(error),
      contentType: 'application/json',
    };
  },
};

export function openAiErrorBody(error: AppError): OpenAiErrorBody {
  return { error: { message: error.message, type: 'invalid_request_error', code: error.code, param: error.param } };
}

/** RFC 6750 §3: what a resource server says about a refused bearer token. */
function bearerChallenge(error: AppError): string {
  // §3.1: a request that sent no credentials is told which scheme to use, with no error code.
  if (error.kind === 'missing_credentials') return 'Bearer';
  const code = error.kind === 'insufficient_scope' ? 'insufficient_scope' : 'invalid_token';
  return `Bearer error="${code}", error_description="${quoted(error.message)}"`;
}

/** The email-login surface's numeric codes (spec, "Email-login codes"): -1 not configured, -2 refused, -3 internal. */
const ACCOUNT_CODE: Partial<Record<ErrorKind, { status: number; code: number | null }>> = {
  invalid_input: { status: 200, code: -2 },
  unsupported_parameter: { status: 200, code: -2 },
  code_rejected: { status: 200, code: -2 },
  payload_too_large: { status: 200, code: -2 },
  unsupported_media: { status: 200, code: -2 },
  unprocessable: { status: 200, code: -2 },
  mail_not_configured: { status: 200, code: -1 },
  not_found: { status: 200, code: -1 },
  conflict: { status: 200, code: -1 },
  method_not_allowed: { status: 405, code: -1 },
  missing_credentials: { status: 401, code: -1 },
  invalid_token: { status: 401, code: -1 },
  insufficient_scope: { status: 403, code: -1 },
  forbidden: { status: 403, code: -1 },
  rate_limited: { status: 429, code: null },
  upstream: { status: 200, code: -3 },
  unavailable: { status: 200, code: -3 },
  deadline: { status: 200, code: -3 },
  internal: { status: 200, code: -3 },
};

/** `/email/*`, `/user/*`: `{success, code, msg, data}`, HTTP 200 for the numbered refusals. */
export const accountEnvelope: Envelope = {
  success: (data) => ({ success: true, code: 0, msg: 'ok', data: data ?? null }),
  failure(raw) {
    const error = ACCOUNT_CODE[raw.kind] ? raw : unexpected(raw);
    const { status, code } = ACCOUNT_CODE[error.kind]!;
    return {
      status,
      headers: kindHeaders(error, false),
      body: { success: false, code, msg: error.message, data: null },
      contentType: 'application/json',
    };
  },
};

/**
 * The self-hosted engine's statuses (spec Errors, "Self-hosted engine": 200, 400, 401, 403, 404, 429, 500). Unlike the
 * email-login surface, its clients read the status, so every refusal carries its own.
 */
const API_STATUS: Partial<Record<ErrorKind, number>> = {
  invalid_input: 400,
  unsupported_parameter: 400,
  code_rejected: 400,
  payload_too_large: 400,
  unsupported_media: 400,
  unprocessable: 400,
  conflict: 400,
  missing_credentials: 401,
  invalid_api_key: 401,
  invalid_token: 401,
  insufficient_scope: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  mail_not_configured: 500,
  upstream: 500,
  unavailable: 500,
  deadline: 500,
  internal: 500,
};

/**
 * `/api/v1/*`: `{success, code, msg, data}`, code 0 on success and -1 on every refusal. A refusal's `msg` names the
 * field first, since the envelope has no `param`.
 */
export const apiEnvelope: Envelope = {
  success: (data) => ({ success: true, code: 0, msg: 'ok', data: data ?? null }),
  failure(raw) {
    const error = API_STATUS[raw.kind] ? raw : unexpected(raw);
    const status = API_STATUS[error.kind]!;
    const msg =
      error.param && !error.message.includes(error.param) ? `${error.param}: ${error.message}` : error.message;
    return {
      status,
      headers: {
        ...kindHeaders(error, false),
        // A token refused or short of scope is challenged (RFC 6750 §3); `forbidden` is about the request, not the token.
        ...(status === 401 || error.kind === 'insufficient_scope'
          ? { 'www-authenticate': bearerChallenge(error) }
          : {}),
      },
      body: { success: false, code: -1, msg, data: null },
      contentType: 'application/json',
    };
  },
};

/**
 * `/mcp`'s refusals before the MCP transport runs (authentication, scope, rate limit, body limits): HTTP status as the
 * MCP transport spec gives it, and a JSON-RPC 2.0 error (design §3.6). Errors inside a JSON-RPC exchange are answered
 * by the MCP SDK itself, in the body the route returns as it is.
 */
const JSONRPC_ERROR: Partial<Record<ErrorKind, { status: number; code: number }>> = {
  missing_credentials: { status: 401, code: -32000 },
  invalid_api_key: { status: 401, code: -32000 },
  invalid_token: { status: 401, code: -32000 },
  insufficient_scope: { status: 403, code: -32000 },
  // A bad `?user=` or a token sent with another Subject's `user`: the request's params, not its credentials.
  invalid_input: { status: 400, code: -32602 },
  unsupported_parameter: { status: 400, code: -32602 },
  not_found: { status: 404, code: -32000 },
  method_not_allowed: { status: 405, code: -32000 },
  payload_too_large: { status: 413, code: -32000 },
  unsupported_media: { status: 415, code: -32000 },
  rate_limited: { status: 429, code: -32000 },
  internal: { status: 500, code: -32603 },
};

/** The MCP scopes a challenge asks for: all a client may hold, so one consent covers reading and writing. */
const MCP_CHALLENGE_SCOPE = 'mcp:read mcp:write';

/**
 * RFC 6750 §3 with RFC 9728 §5.1: the bearer challenge of `/mcp`, naming its protected-resource metadata and the scopes
 * to ask for (the MCP SDK client requests the challenge's `scope` first and steps up on `insufficient_scope`).
 */
export function mcpChallenge(error: AppError): string {
  const params: string[] = [];
  if (error.kind !== 'missing_credentials') {
    const code = error.kind === 'insufficient_scope' ? 'insufficient_scope' : 'invalid_token';
    params.push(`error="${code}"`, `error_description="${quoted(error.message)}"`);
  }
  if (error.resourceMetadata) params.push(`resource_metadata="${quoted(error.resourceMetadata)}"`);
  params.push(`scope="${MCP_CHALLENGE_SCOPE}"`);
  return `Bearer ${params.join(', ')}`;
}

/** A header value is ASCII: quotes and backslashes would end the quoted string, anything past ASCII is refused. */
function quoted(text: string): string {
  return text
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/["\\]/g, "'");
}

export const jsonRpcEnvelope: Envelope = {
  success: (body) => body,
  failure(raw) {
    const error = JSONRPC_ERROR[raw.kind] ? raw : unexpected(raw);
    const { status, code } = JSONRPC_ERROR[error.kind]!;
    const message = status === 401 ? `Authentication required: ${error.message}` : error.message;
    return {
      status,
      headers: {
        ...kindHeaders(error, true),
        ...(status === 401 || status === 403 ? { 'www-authenticate': mcpChallenge(error) } : {}),
      },
      body: { jsonrpc: '2.0', id: null, error: { code, message } },
      contentType: 'application/json',
    };
  },
};

/** The token and registration endpoints: RFC 6749 §5.2 `{error, error_description}`. */
export const oauthEnvelope: Envelope = {
  success: (body) => body,
  failure(error) {
    const { status, name } = oauthErrorOf(error);
    return {
      status,
      headers: {
        ...kindHeaders(error, false),
        ...(name === 'invalid_client' && status === 401 ? { 'www-authenticate': 'Basic realm="hds"' } : {}),
        ...(name === 'invalid_token' ? { 'www-authenticate': 'Bearer error="invalid_token"' } : {}),
        'cache-control': 'no-store',
      },
      body: { error: name, error_description: error.message },
      contentType: 'application/json',
    };
  },
};

const OAUTH_NAMES: ReadonlySet<ErrorKind> = new Set<ErrorKind>([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'invalid_target',
  'access_denied',
  'unsupported_response_type',
  'invalid_redirect_uri',
  'invalid_client_metadata',
  'expired_token',
  'login_required',
  'server_error',
  'temporarily_unavailable',
]);

const OAUTH_STATUS: Partial<Record<ErrorKind, number>> = {
  invalid_client: 401,
  expired_token: 401,
  server_error: 500,
  temporarily_unavailable: 503,
};

/** An error as OAuth names it: its own RFC name, or the nearest one for the application's kinds. */
export function oauthErrorOf(error: AppError): { status: number; name: string } {
  if (OAUTH_NAMES.has(error.kind)) return { status: OAUTH_STATUS[error.kind] ?? 400, name: error.kind };
  switch (error.kind) {
    case 'invalid_input':
    case 'unsupported_parameter':
    case 'not_found':
    case 'conflict':
    case 'payload_too_large':
    case 'unsupported_media':
    case 'unprocessable':
    case 'method_not_allowed':
      return { status: error.kind === 'method_not_allowed' ? 405 : 400, name: 'invalid_request' };
    case 'missing_credentials':
      return { status: 401, name: 'invalid_client' };
    // A bearer token sent to registration (RFC 7591 §3: the initial access token is refused as RFC 6750 says).
    case 'invalid_token':
      return { status: 401, name: 'invalid_token' };
    case 'insufficient_scope':
      return { status: 400, name: 'invalid_scope' };
    case 'forbidden':
      return { status: 403, name: 'access_denied' };
    case 'rate_limited':
      return { status: 429, name: 'temporarily_unavailable' };
    default:
      return { status: 500, name: 'server_error' };
  }
}

/**
 * The authorize pages: an HTML page for what cannot be redirected (a bad client or redirect URI, a forged form, a rate
 * limit); the route redirects the rest to the client itself. Pages carry the pages' own security headers.
 */
export const pageEnvelope: Envelope = {
  success: (body) => body,
  failure(error) {
    const { status, name } = oauthErrorOf(error);
    const internal = status >= 500;
    return {
      status,
      headers: { ...authorizePageHeaders(), ...kindHeaders(error, false) },
      body: renderErrorPage(
        internal
          ? { title: 'Something went wrong', message: 'Please try again in a moment.' }
          : { message: error.message, error: name },
      ),
      contentType: 'text/html; charset=utf-8',
    };
  },
};

const ENVELOPES: Record<EnvelopeName, Envelope> = {
  openai: openAiEnvelope,
  account: accountEnvelope,
  api: apiEnvelope,
  jsonrpc: jsonRpcEnvelope,
  oauth: oauthEnvelope,
  'oauth-page': pageEnvelope,
};

/** The adapter a manifest entry names. */
export function envelopeOf(name: EnvelopeName): Envelope {
  return ENVELOPES[name];
}

/** Any thrown value as an application error: unknown causes become the internal error naming the request id. */
export function asAppError(err: unknown, requestId: string): AppError {
  if (err instanceof AppError) return err;
  return new AppError('internal', `The server had an error processing the request (request id ${requestId}).`, {
    code: 'internal_error',
  });
}

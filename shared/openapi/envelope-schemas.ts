import * as z from 'zod/mini';
import type { EnvelopeName } from '../http/envelopes';

/** `/v1`, `/api/*`: the OpenAI error object (spec, Errors); `param` names the request field at fault. */
export const OpenAiErrorSchema = z
  .object({
    error: z.object({
      message: z.string(),
      type: z.literal('invalid_request_error'),
      code: z.nullable(z.string()),
      param: z.nullable(z.string()),
    }),
  })
  .check(z.meta({ id: 'OpenAiError', description: 'The error envelope of /v1 and /api (OpenAI error object)' }));

/** `/email/*`, `/user/*`: a refusal keeps HTTP 200 and says it in `code` (-1 not possible, -2 refused, -3 internal). */
export const AccountFailureSchema = z
  .object({
    success: z.literal(false),
    code: z.nullable(z.number().check(z.int())),
    msg: z.string(),
    data: z.null(),
  })
  .check(
    z.meta({
      id: 'AccountFailure',
      description: 'Email login and /user refusal: code -1 not configured or not found, -2 refused, -3 internal',
    }),
  );

/** `/api/v1/*`: the self-hosted engine's refusal; the HTTP status says which, `msg` names the field first. */
export const ApiFailureSchema = z
  .object({
    success: z.literal(false),
    code: z.literal(-1),
    msg: z.string(),
    data: z.null(),
  })
  .check(z.meta({ id: 'ApiFailure', description: 'Self-hosted engine refusal (/api/v1): code -1, status per kind' }));

/** `/mcp`: a JSON-RPC 2.0 error; refusals before the exchange (auth, limits) have `id` null and code -32000. */
export const JsonRpcErrorSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.nullable(z.union([z.string(), z.number()])),
    error: z.object({ code: z.number().check(z.int()), message: z.string(), data: z.optional(z.unknown()) }),
  })
  .check(
    z.meta({
      id: 'JsonRpcError',
      description: 'MCP (JSON-RPC 2.0) error: -32000 transport and authentication, -32602 bad params, -32603 internal',
    }),
  );

/** RFC 6749 §5.2 and RFC 7591 §3.2.2. */
export const OAuthErrorSchema = z
  .object({ error: z.string(), error_description: z.string() })
  .check(z.meta({ id: 'OAuthError', description: 'OAuth 2.0 error (RFC 6749 §5.2, RFC 7591 §3.2.2)' }));

/**
 * What a 200 answer looks like on the wire: the route's own body, wrapped as its envelope wraps it. Only the account
 * and engine surfaces wrap (`{success: true, code: 0, msg: "ok", data}`); the account surface's refusals are HTTP 200 too, so its 200 is
 * either.
 */
export function successSchemaOf(envelope: EnvelopeName, body: z.ZodMiniType, status = 200): z.ZodMiniType {
  if (envelope === 'api') {
    return z.object({ success: z.literal(true), code: z.literal(0), msg: z.literal('ok'), data: body });
  }
  if (envelope !== 'account') return body;
  const success = z.object({ success: z.literal(true), code: z.literal(0), msg: z.literal('ok'), data: body });
  return status === 200 ? z.union([success, AccountFailureSchema]) : success;
}

export interface ErrorDoc {
  description: string;
  schema?: z.ZodMiniType;
  mediaType: 'application/json' | 'text/html';
}

/**
 * The error answers each envelope gives, by status (from `shared/http/envelopes.ts`). Statuses that only apply to
 * routes with credentials or a body are picked per route by the assembler.
 */
export function errorDocs(envelope: EnvelopeName): Record<number, ErrorDoc> {
  const json = (schema: z.ZodMiniType) => (description: string) =>
    ({ description, schema, mediaType: 'application/json' }) as const;
  switch (envelope) {
    case 'openai': {
      const e = json(OpenAiErrorSchema);
      return {
        400: e('Invalid request: `code` names the problem, `param` the field'),
        401: e('Missing or invalid credentials'),
        403: e('The token lacks a required scope'),
        404: e('Not found (another account’s resources are not found either)'),
        409: e('Conflict with the current state'),
        413: e('Request body or file too large'),
        415: e('Unsupported media type'),
        422: e('The content could not be processed'),
        429: e('Rate limited: retry after `Retry-After` seconds'),
        500: e('Internal error, naming the request id'),
        502: e('The upstream model failed'),
        503: e('A data store or the model is unavailable'),
        504: e('The request ran out of time'),
      };
    }
    case 'account': {
      const e = json(AccountFailureSchema);
      return {
        401: e('Missing or invalid session'),
        429: e('Rate limited: retry after `Retry-After` seconds'),
      };
    }
    case 'api': {
      const e = json(ApiFailureSchema);
      return {
        400: e('Invalid request: `msg` names the field'),
        401: e('Missing or invalid access token'),
        403: e('The token lacks a required scope (`mcp:read`, `mcp:write`), or the request names another user'),
        404: e('Not found'),
        429: e('Rate limited (100 per minute per user by default): retry after `Retry-After` seconds'),
        500: e('Internal error, naming the request id'),
      };
    }
    case 'jsonrpc': {
      const e = json(JsonRpcErrorSchema);
      return {
        400: e('Bad `user` parameter (-32602), or a transport refusal: not JSON (-32700), bad protocol version'),
        401: e('Missing or invalid credentials (-32000); `WWW-Authenticate` names `resource_metadata`'),
        403: e('The token lacks `mcp:read`, or `mcp:write` for a write tool (-32000, `insufficient_scope`)'),
        405: e('GET and DELETE: the server is stateless and opens no stream (-32000)'),
        406: e('`Accept` must list both `application/json` and `text/event-stream` (-32000)'),
        413: e('Request body too large (-32000)'),
        415: e('`Content-Type` must be `application/json` (-32000)'),
        429: e('Rate limited (100 per minute per user or key account by default): retry after `Retry-After` seconds'),
        500: e('Internal error (-32603)'),
      };
    }
    case 'oauth': {
      const e = json(OAuthErrorSchema);
      return {
        400: e('OAuth error (`invalid_request`, `invalid_grant`, `invalid_client_metadata`, …)'),
        401: e('`invalid_client` or `invalid_token`'),
        429: e('`temporarily_unavailable`: rate limited, retry after `Retry-After` seconds'),
        500: e('`server_error`'),
        503: e('`temporarily_unavailable`'),
      };
    }
    case 'oauth-page':
      return {
        400: { description: 'An error page (bad client, redirect URI or form)', mediaType: 'text/html' },
        429: { description: 'Rate limited (an error page)', mediaType: 'text/html' },
        500: { description: 'An error page', mediaType: 'text/html' },
      };
  }
}

import type middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { nowMs } from '../clock';
import { displayPrefix, hashSecret, LIVE_KEY_PREFIX, looksLikeKey } from '../domain/api-keys';
import { MCP_RESOURCE_METADATA_PATH } from '../domain/oauth/metadata';
import { AppError, NotFoundError, RateLimitError, UnauthorizedError } from '../errors';
import { errorFields, log } from '../log';
import { countRequest } from '../observability';
import type { Services } from '../services/container';
import { asAppError, type Envelope, type EnvelopedResponse } from './envelopes';
import { MAX_IDENTIFIER_BYTES } from './identifiers';
import { type ApiKeyPrincipal, accountOf, type Principal, type UserPrincipal } from './principal';
import { addressKey, enforceKeyedLimit, type RateKey } from './rate-keys';
import { fromGatewayEvent, type GatewayEvent, type HttpRequest } from './request';
import { requireScopes, verifyUserToken } from './user-token';

/** The account and key an API-key request (or a WebSocket opened with a key) acts for. */
export interface Caller {
  accountId: string;
  keyId: string;
}

/** What the middlewares hand the route: the normalized request, who it acts for, and the rate headers to send. */
export type Internal = {
  req: HttpRequest;
  principal: Principal;
  rateHeaders: Record<string, string>;
};

/** Lambda's context carrying HDS's per-request state, as the route function receives it. */
export type HdsContext = Context & { hds: Internal };
type Middleware = middy.MiddlewareObj<GatewayEvent, APIGatewayProxyStructuredResultV2, Error, HdsContext>;

/**
 * Normalizes the event first, so every later step and every error carries the request id. A path parameter longer
 * than any identifier HDS issues names nothing: 404 here, before it reaches a storage key (DynamoDB refuses keys
 * past 1 KB, S3 past 1 KB) and fails there as a 500.
 */
export function normalizeRequest(): Middleware {
  return {
    before: (request) => {
      const req = fromGatewayEvent(request.event);
      request.context.hds = { req, principal: { kind: 'anonymous' }, rateHeaders: {} };
      for (const [name, value] of Object.entries(req.pathParams)) {
        if (Buffer.byteLength(value) > MAX_IDENTIFIER_BYTES) throw new NotFoundError(`No such ${name}`, name);
      }
    },
  };
}

/**
 * The one place errors become responses, in the route's own envelope. Only application errors show their message;
 * anything else is a generic internal error naming the request id (middy's expose rule), and only then is the cause
 * logged.
 */
export function errorEnvelope(routeId: string, envelope: Envelope): Middleware {
  return {
    onError: (request) => {
      const req = request.context.hds?.req ?? fromGatewayEvent(request.event);
      const error = asAppError(request.error, req.requestId);
      const answer = envelope.failure(error);
      if (answer.status >= 500 || isInternal(error)) {
        log('error', 'request failed', {
          route: routeId,
          requestId: req.requestId,
          ...errorFields(request.error),
        });
      }
      request.response = envelopedResponse(answer, req.requestId, request.context.hds?.rateHeaders);
    },
  };
}

/** Failures of HDS or what it depends on, logged with their cause whatever status the surface gives them. */
function isInternal(error: AppError): boolean {
  return ['internal', 'upstream', 'unavailable', 'deadline'].includes(error.kind);
}

/** An envelope's answer as API Gateway's result. */
export function envelopedResponse(
  answer: EnvelopedResponse,
  requestId: string,
  rateHeaders: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: answer.status,
    headers: { 'content-type': answer.contentType, 'x-request-id': requestId, ...rateHeaders, ...answer.headers },
    body: typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body),
  };
}

/**
 * One `request` line per HTTP request, the application's access log: request id (API Gateway's, so it joins the
 * stage's access log), route, status, error code, latency and the authenticated account, which API Gateway cannot
 * know. Never a path, query, header or body. Also counts the request in the route's metrics. Used outermost, so it
 * sees the answer `errorEnvelope` made of an error.
 */
export function requestLog(routeId: string): Middleware {
  const started = new WeakMap<object, number>();
  const finish = (request: Parameters<NonNullable<Middleware['after']>>[0]) => {
    const status = request.response?.statusCode ?? 500;
    const hds = request.context.hds;
    const error = request.error;
    const account = hds ? accountOf(hds.principal) : null;
    log('info', 'request', {
      route: routeId,
      requestId: hds?.req.requestId,
      status,
      ...(error instanceof AppError && error.code ? { code: error.code } : {}),
      ...(account ? { account } : {}),
      latencyMs: Math.round(performance.now() - (started.get(request) ?? performance.now())),
    });
    countRequest(routeId, status);
  };
  return {
    before: (request) => {
      started.set(request, performance.now());
    },
    after: finish,
    onError: finish,
  };
}

/** The `Authorization: Bearer` credential; a missing or malformed header is 401 with `code: null`. */
function bearerToken(req: HttpRequest, hint: string): string {
  const match = req.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  if (!match) throw new UnauthorizedError(`Missing or malformed Authorization header. ${hint}`, null);
  return match[1]!;
}

/**
 * `Authorization: Bearer hds_live_…`. Missing or malformed header → 401 `code: null`; anything wrong
 * with the key itself → 401 `invalid_api_key` (see {@link verifyApiKey}).
 */
export function authenticateApiKey(services: () => Services): Middleware {
  return {
    before: async (request) => {
      const token = bearerToken(request.context.hds.req, 'Send `Authorization: Bearer <API_KEY>`.');
      const caller = await verifyApiKey(token, services(), request.context.hds.req.sourceIp);
      request.context.hds.principal = { kind: 'api-key', ...caller };
    },
  };
}

/**
 * `Authorization: Bearer <access token>` of a signed-in person: a console session for `session` routes, any of the
 * user's tokens holding `scopes` for `user-token` routes.
 */
export function authenticateUser(
  services: () => Services,
  auth: 'session' | 'user-token',
  scopes: readonly string[] = [],
): Middleware {
  return {
    before: async (request) => {
      const token = bearerToken(request.context.hds.req, 'Send `Authorization: Bearer <ACCESS_TOKEN>` from sign-in.');
      const principal = await verifyUserToken(token, services(), request.context.hds.req.sourceIp);
      if (auth === 'session' && principal.kind !== 'session') {
        throw new AppError('insufficient_scope', 'This route takes a console session from email sign-in', {
          code: 'insufficient_scope',
        });
      }
      requireScopes(principal, scopes);
      request.context.hds.principal = principal;
    },
  };
}

/**
 * `/mcp` takes either credential on the same header, and the token's shape decides, never the route: an API key
 * (`hds_live_…`, a partner acting for its Subjects) or a user's access token holding `mcp:read` (the user's own data).
 * Every refusal's challenge names the protected-resource metadata, so an MCP client can find where to sign in.
 */
export function authenticateMcp(services: () => Services): Middleware {
  return {
    before: async (request) => {
      const svc = services();
      try {
        request.context.hds.principal = await mcpPrincipal(request.context.hds.req, svc);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        throw err.withResourceMetadata(svc.config.auth.issuer + MCP_RESOURCE_METADATA_PATH);
      }
    },
  };
}

async function mcpPrincipal(req: HttpRequest, svc: Services): Promise<ApiKeyPrincipal | UserPrincipal> {
  const token = bearerToken(req, 'Send `Authorization: Bearer <ACCESS_TOKEN>` (OAuth) or an API key.');
  if (token.startsWith(LIVE_KEY_PREFIX)) return { kind: 'api-key', ...(await verifyApiKey(token, svc, req.sourceIp)) };
  const principal = await verifyUserToken(token, svc, req.sourceIp);
  requireScopes(principal, ['mcp:read']);
  return principal;
}

/**
 * The one check of an API key, for HTTP and WebSocket alike: hashed, looked up by that hash, live,
 * and minted for this region.
 */
export async function verifyApiKey(token: string, svc: Services, sourceIp?: string): Promise<Caller> {
  try {
    return await lookUpKey(token, svc);
  } catch (err) {
    if (err instanceof UnauthorizedError && sourceIp) await countInvalidKey(sourceIp, svc);
    throw err;
  }
}

/**
 * Guessing keys from one address is slowed: failed key checks are counted per client address (by a digest, never
 * the address or the key) and minute; past the limit that address gets 429 with Retry-After instead of 401. Only
 * failures touch the counter, so valid keys, from that address too, cost nothing more and are still served.
 */
async function countInvalidKey(sourceIp: string, svc: Services): Promise<void> {
  await enforceKeyedLimit(
    svc,
    addressKey(sourceIp),
    'invalid-api-key',
    svc.config.invalidKeyLimit,
    'invalid API keys per minute from this address',
  );
}

async function lookUpKey(token: string, svc: Services): Promise<Caller> {
  const invalid = () =>
    new UnauthorizedError(`Incorrect API key provided: ${safePrefix(token)}… is not a valid key.`, 'invalid_api_key');
  if (!looksLikeKey(token)) throw invalid();
  const hash = hashSecret(token);
  const key = await svc.accounts.findApiKeyByHash(hash);
  if (!key || key.revokedAt) throw invalid();
  if (key.region !== svc.config.region) {
    throw new UnauthorizedError(
      `This API key belongs to region ${key.region}; call that region's endpoint.`,
      'invalid_api_key',
    );
  }
  noteKeyUse(svc, { secretHash: hash, accountId: key.accountId, keyId: key.keyId });
  return { accountId: key.accountId, keyId: key.keyId };
}

const keyChecks = new Map<string, number>();

/**
 * Whether the key a WebSocket was opened with is still live: a revoked key must stop an open socket too, not only
 * new ones. A live answer is cached per process for `keyRecheckMs` (5 s), so a stream of upload frames costs one
 * lookup every few seconds.
 */
export async function keyStillLive(caller: Caller & { grantId?: string }, svc: Services): Promise<boolean> {
  const cacheKey = caller.grantId ? `grant/${caller.grantId}` : `${caller.accountId}/${caller.keyId}`;
  if ((keyChecks.get(cacheKey) ?? 0) > Date.now()) return true;
  const live = caller.grantId
    ? (await svc.grants.get(caller.grantId, nowMs()))?.accountId === caller.accountId
    : await apiKeyLive(caller, svc);
  if (live) {
    if (keyChecks.size > 10_000) keyChecks.clear();
    keyChecks.set(cacheKey, Date.now() + svc.config.keyRecheckMs);
  } else keyChecks.delete(cacheKey);
  return live;
}

async function apiKeyLive(caller: Caller, svc: Services): Promise<boolean> {
  const key = await svc.accounts.getApiKey(caller.accountId, caller.keyId);
  return !!key && !key.revokedAt;
}

/**
 * Routes that are one door under two names share one counter: the deprecated `/v1/extract` paces with
 * `/v1/standardize`, and every upload channel (presigned uploads here, WebSocket files by `cost`) with `POST /v1/files`.
 */
export const RATE_LIMIT_COUNTERS: Record<string, string> = {
  'create-extraction': 'create-standardization',
  'create-upload': 'create-file',
  // The console's Ask panel is the same model work as /v1 chat: one budget for both.
  'create-console-chat-completion': 'create-chat-completion',
  // The self-hosted engine's signed-in routes: one budget per user across the surface (spec Limits: 100/min per user).
  'stream-engine-chat': 'api-v1',
  'list-engine-chat-history': 'api-v1',
  'create-engine-chat-session': 'api-v1',
  'upload-engine-file': 'api-v1',
  'list-engine-health-data': 'api-v1',
  'create-engine-health-data': 'api-v1',
  'list-engine-files': 'api-v1',
  'list-pulse-providers': 'api-v1',
  'list-pulse-user-providers': 'api-v1',
  'link-pulse-provider': 'api-v1',
  'unlink-pulse-provider': 'api-v1',
  'call-mcp': 'mcp',
};

/**
 * Counters a signed-in person spends as themselves rather than as their account: the engine's limit is per user, and
 * an MCP client acting for a user should not starve the account's other users. API keys still count by account.
 */
const PER_USER_COUNTERS: ReadonlySet<string> = new Set(['api-v1', 'mcp']);

/** Whom a request is counted as on `routeId`: the account, or the signed-in user on a per-user counter. */
export function rateSubjectOf(principal: Principal, routeId: string): { key: string; what?: string } | null {
  const accountId = accountOf(principal);
  if (!accountId) return null;
  const counter = RATE_LIMIT_COUNTERS[routeId] ?? routeId;
  if (PER_USER_COUNTERS.has(counter) && (principal.kind === 'session' || principal.kind === 'oauth')) {
    const key: RateKey = `user#${principal.userId}`;
    return { key, what: 'requests per minute for this user' };
  }
  return { key: accountId };
}

/** Counts the request against its account × route minute window; over the limit → 429 with Retry-After. */
export function rateLimit(routeId: string, services: () => Services): Middleware {
  return {
    before: async (request) => {
      const counted = rateSubjectOf(request.context.hds.principal, routeId);
      if (!counted) return;
      request.context.hds.rateHeaders = await enforceRateLimit(
        { accountId: counted.key },
        routeId,
        services(),
        1,
        counted.what,
      );
    },
  };
}

/**
 * One request of `caller` on `routeId` (`accountId` is the counted key: an account, or `user#…` on a per-user
 * counter): throws RateLimitError past the limit, else returns the rate headers.
 */
export async function enforceRateLimit(
  caller: { accountId: string },
  routeId: string,
  svc: Services,
  cost = 1,
  what?: string,
): Promise<Record<string, string>> {
  const counter = RATE_LIMIT_COUNTERS[routeId] ?? routeId;
  const limit = svc.config.rateLimits[counter] ?? svc.config.defaultRateLimit;
  const now = nowMs();
  const decision = await svc.rateLimiter.hit(caller.accountId, counter, limit, now, cost);
  if (!decision.allowed) {
    const retryAfter = Math.max(1, Math.ceil(decision.resetAt - now / 1000));
    throw new RateLimitError(limit, retryAfter, decision.resetAt, what);
  }
  return {
    'x-ratelimit-limit': String(decision.limit),
    'x-ratelimit-remaining': String(decision.remaining),
    'x-ratelimit-reset': String(decision.resetAt),
    ...budgetHeaders(decision.limit, decision.remaining, Math.max(0, Math.ceil(decision.resetAt - now / 1000))),
  };
}

/**
 * The IETF httpapi rate-limit fields (draft-ietf-httpapi-ratelimit-headers-11, structured fields): the policy, a
 * sliding minute of `limit` requests, and what is left of it with the seconds until a request is freed. Sent beside
 * the older `X-RateLimit-*` trio, which clients already read.
 */
export function budgetHeaders(limit: number, remaining: number, resetSeconds: number): Record<string, string> {
  return {
    'ratelimit-policy': `"minute";q=${limit};w=60`,
    ratelimit: `"minute";r=${Math.max(0, remaining)};t=${Math.max(0, resetSeconds)}`,
  };
}

export function jsonResponse(
  status: number,
  body: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

function safePrefix(token: string): string {
  return looksLikeKey(token) ? displayPrefix(token) : token.slice(0, 4);
}

const lastMarked = new Map<string, number>();

/** Records `last used` at most once a minute per key and process, off the request's critical path. */
function noteKeyUse(svc: Services, key: { secretHash: string; accountId: string; keyId: string }): void {
  const now = nowMs();
  if ((lastMarked.get(key.secretHash) ?? 0) > now - 60_000) return;
  lastMarked.set(key.secretHash, now);
  svc.accounts
    .markKeyUsed(key, new Date(now).toISOString())
    .catch((err) => log('warn', 'could not record key use', { error: err?.name }));
}

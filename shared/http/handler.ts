import { Readable } from 'node:stream';
import middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { Needs } from '../config/resources';
import { observabilityMiddlewares } from '../observability';
import { type ServiceParts, type Services, servicesFor } from '../services/container';
import { type Envelope, type EnvelopeName, envelopeOf } from './envelopes';
import { type IdempotencyOptions, idempotency } from './idempotency';
import { ensureStreamingGlobal } from './lambda-streaming';
import {
  authenticateApiKey,
  authenticateMcp,
  authenticateUser,
  type Caller,
  errorEnvelope,
  type HdsContext,
  type Internal,
  normalizeRequest,
  rateLimit,
  requestLog,
} from './middleware';
import type { ApiKeyPrincipal, Principal, UserPrincipal } from './principal';
import type { GatewayEvent, HttpRequest } from './request';
import { mcpSubjectKey, Tenancy } from './tenancy';
import { readFormBody, readJsonBody } from './validation';

export interface RouteResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** An HTML page (the authorize pages) or a file's type (the console page); JSON otherwise. */
  contentType?: string;
  /** A file's bytes sent as they are (the console page's assets, compressed or not), instead of `body`. */
  bytes?: Buffer;
}

export interface PublicContext {
  req: HttpRequest;
  services: Services;
  principal: Principal;
  /** The JSON body, parsed on first use. */
  json(): unknown;
  /** The `application/x-www-form-urlencoded` body, parsed on first use. */
  form(): URLSearchParams;
  /** Milliseconds before the function is stopped (Lambda's own count); work that could outlast it must end sooner. */
  remainingMs(): number;
}

export interface AuthedContext extends PublicContext {
  principal: ApiKeyPrincipal;
  caller: Caller;
  tenancy: Tenancy;
}

/**
 * How a route authenticates: none (public), an API key (`/v1`), a console session from email sign-in (`/api/console`,
 * `/user`), any of a user's access tokens holding the route's `scopes`, or `/mcp`'s either-credential rule
 * (`authenticateMcp`).
 */
export type RouteAuth = 'api-key' | 'none' | 'session' | 'user-token' | 'mcp';

/** A signed-in person's route: the principal, and tenancy bound to their account. */
export interface UserContext extends PublicContext {
  principal: UserPrincipal;
  tenancy: Tenancy;
}

/** An `/mcp` request: either credential, tenancy bound to its account, and the one Subject the endpoint reaches. */
export interface McpContext extends PublicContext {
  principal: ApiKeyPrincipal | UserPrincipal;
  tenancy: Tenancy;
  subjectKey: string;
  /** An API key may write (as on `POST /v1/data`); a user's token only with `mcp:write`. */
  canWrite: boolean;
}

/** A route of the manifest (functions/routes.ts), as far as its handler reads it. */
export interface RouteDeclaration {
  id: string;
  auth: RouteAuth;
  /** The shape its answers and errors take (`shared/http/envelopes.ts`). */
  envelope: EnvelopeName;
  /** Scopes a `user-token` route requires. */
  scopes?: readonly string[];
  streaming?: boolean;
  needs: Needs;
}

/** What an API-key route adds to the pipeline: `Idempotency-Key` on a write (`shared/http/idempotency.ts`). */
export interface ApiKeyRouteOptions {
  idempotent?: IdempotencyOptions;
}

type Handler = middy.MiddyfiedHandler<GatewayEvent, APIGatewayProxyStructuredResultV2, Error, HdsContext>;

/** A public route (no credentials): health probes, sign-in, OAuth. */
export function publicRoute(
  route: RouteDeclaration,
  parts: ServiceParts,
  fn: (ctx: PublicContext) => Promise<RouteResult>,
): Handler {
  const services = servicesOf(route, 'none', parts);
  const envelope = envelopeOf(route.envelope);
  return base(route, envelope).handler(async (_event, context) =>
    respond(context.hds, envelope, await fn(contextOf(context, services()))),
  );
}

/**
 * An API-key route: normalize → authenticate → rate-limit → the route's own function, with every error turned into
 * the route's envelope by one middleware.
 */
export function apiKeyRoute(
  route: RouteDeclaration,
  parts: ServiceParts,
  fn: (ctx: AuthedContext) => Promise<RouteResult>,
  options: ApiKeyRouteOptions = {},
): Handler {
  const services = servicesOf(route, 'api-key', parts);
  const envelope = envelopeOf(route.envelope);
  const pipeline = base(route, envelope).use(authenticateApiKey(services)).use(rateLimit(route.id, services));
  if (options.idempotent) pipeline.use(idempotency(services, options.idempotent));
  return pipeline.handler(async (_event, context) => {
    return respond(context.hds, envelope, await fn(authedContextOf(context, services())));
  });
}

/** A route for a signed-in person (`session` or `user-token`): authenticate → rate-limit by account → the function. */
export function userRoute(
  route: RouteDeclaration,
  parts: ServiceParts,
  fn: (ctx: UserContext) => Promise<RouteResult>,
): Handler {
  const auth = userAuthOf(route);
  const services = servicesFor(route, parts);
  const envelope = envelopeOf(route.envelope);
  return base(route, envelope)
    .use(authenticateUser(services, auth, route.scopes))
    .use(rateLimit(route.id, services))
    .handler(async (_event, context) => respond(context.hds, envelope, await fn(userContextOf(context, services()))));
}

/** A streamed answer: status and headers first, then each string of `frames` as soon as it is made. */
export interface StreamedResult {
  status?: number;
  headers: Record<string, string>;
  frames: AsyncIterable<string>;
  /**
   * Called once the response body is closed: at its end, or at once when the client goes away (even before the
   * first frame), so the route can cancel its upstream work and release what it holds.
   */
  onClose?: () => void;
}

/**
 * An API-key route whose answer may stream (server-sent events): the same middleware as `apiKeyRoute`, run
 * inside Lambda response streaming (`awslambda.streamifyResponse`; the REST API's STREAM transfer mode in the
 * cloud, a real chunked response locally). The route returns a plain `RouteResult` (errors, non-streamed
 * answers) or a `StreamedResult`; when the client goes away its `onClose` runs at once and the frames' iterator
 * is closed.
 */
export function streamingApiKeyRoute(
  route: RouteDeclaration,
  parts: ServiceParts,
  fn: (ctx: AuthedContext) => Promise<RouteResult | StreamedResult>,
  options: ApiKeyRouteOptions = {},
) {
  const services = servicesOf(route, 'api-key', parts);
  const envelope = envelopeOf(route.envelope);
  const pipeline = streamingBase(route, envelope).use(authenticateApiKey(services)).use(rateLimit(route.id, services));
  // The idempotency middleware only ever sees plain answers: it refuses keys on streamed requests (`refuse`).
  if (options.idempotent) pipeline.use(idempotency(services, options.idempotent) as never);
  return pipeline.handler(async (_event, context) =>
    streamedOrPlain(context.hds, envelope, await fn(authedContextOf(context, services()))),
  );
}

/**
 * A signed-in person's route whose answer may stream: `userRoute`'s authentication and per-account rate limit inside
 * the same response streaming as `streamingApiKeyRoute` (the console's Ask panel on the Answers API).
 */
export function streamingUserRoute(
  route: RouteDeclaration,
  parts: ServiceParts,
  fn: (ctx: UserContext) => Promise<RouteResult | StreamedResult>,
) {
  const auth = userAuthOf(route);
  const services = servicesFor(route, parts);
  const envelope = envelopeOf(route.envelope);
  return streamingBase(route, envelope)
    .use(authenticateUser(services, auth, route.scopes))
    .use(rateLimit(route.id, services))
    .handler(async (_event, context) =>
      streamedOrPlain(context.hds, envelope, await fn(userContextOf(context, services()))),
    );
}

/**
 * The MCP route: `streamingApiKeyRoute`'s pipeline with `authenticateMcp` (an API key or a user's token) in place of
 * the key check, and the rate limit counted per user or per key's account (`rateSubjectOf`).
 */
export function streamingMcpRoute(
  route: RouteDeclaration,
  parts: ServiceParts,
  fn: (ctx: McpContext) => Promise<RouteResult | StreamedResult>,
) {
  const services = servicesOf(route, 'mcp', parts);
  const envelope = envelopeOf(route.envelope);
  return streamingBase(route, envelope)
    .use(authenticateMcp(services))
    .use(rateLimit(route.id, services))
    .handler(async (_event, context) =>
      streamedOrPlain(context.hds, envelope, await fn(mcpContextOf(context, services()))),
    );
}

/** The middleware every streaming route starts with, under `awslambda.streamifyResponse`. */
function streamingBase(route: RouteDeclaration, envelope: Envelope) {
  if (!route.streaming) throw new Error(`Route ${route.id} streams, but its manifest entry does not say so`);
  ensureStreamingGlobal();
  return middy<GatewayEvent, unknown, Error, HdsContext>({ streamifyResponse: true })
    .use(observabilityMiddlewares())
    .use(requestLog(route.id))
    .use(normalizeRequest())
    .use(errorEnvelope(route.id, envelope));
}

/** A streamed result as a body stream with the headers every answer carries; a plain one as `respond` makes it. */
function streamedOrPlain(hds: Internal, envelope: Envelope, result: RouteResult | StreamedResult) {
  if (!('frames' in result)) return respond(hds, envelope, result);
  return {
    statusCode: result.status ?? 200,
    headers: { 'x-request-id': hds.req.requestId, ...hds.rateHeaders, ...result.headers },
    body: framesBody(result.frames, result.onClose),
  };
}

/**
 * The frames as a byte stream. Unlike `Readable.from`, destroying it (the client went away) calls `onClose` at
 * once instead of after the frame in progress, which may be waiting on the model or a remote tool for a long time.
 */
function framesBody(frames: AsyncIterable<string>, onClose?: () => void): Readable {
  const iterator = frames[Symbol.asyncIterator]();
  let pulling = false;
  return new Readable({
    read() {
      if (pulling) return;
      pulling = true;
      iterator.next().then(
        (next) => {
          pulling = false;
          this.push(next.done ? null : next.value);
        },
        (err) => {
          pulling = false;
          this.destroy(err as Error);
        },
      );
    },
    destroy(err, callback) {
      onClose?.();
      // The iterator's own cleanup runs once its pending frame settles; nothing waits for it here.
      iterator.return?.().catch(() => undefined);
      callback(err);
    },
  });
}

function base(route: RouteDeclaration, envelope: Envelope) {
  return middy<GatewayEvent, APIGatewayProxyStructuredResultV2, Error, HdsContext>()
    .use(observabilityMiddlewares())
    .use(requestLog(route.id))
    .use(normalizeRequest())
    .use(errorEnvelope(route.id, envelope));
}

function contextOf(context: HdsContext, svc: Services): PublicContext {
  const internal = context.hds;
  return {
    req: internal.req,
    services: svc,
    principal: internal.principal,
    json: once(() => readJsonBody(internal.req, svc.config.maxBodyBytes)),
    form: once(() => readFormBody(internal.req, svc.config.maxBodyBytes)),
    remainingMs: () => context.getRemainingTimeInMillis?.() ?? Number.POSITIVE_INFINITY,
  };
}

function once<T>(read: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: read() };
    return made.value;
  };
}

/** The route's context once the key was verified: the caller, and tenancy bound to its account. */
function authedContextOf(context: HdsContext, svc: Services): AuthedContext {
  const principal = context.hds.principal;
  if (principal.kind !== 'api-key') throw new Error('An API-key route ran without an API-key principal');
  const caller = { accountId: principal.accountId, keyId: principal.keyId };
  return { ...contextOf(context, svc), principal, caller, tenancy: new Tenancy(caller, svc) };
}

/** The MCP route's context: the same `Tenancy` as every route, built from the principal's account alone. */
function mcpContextOf(context: HdsContext, svc: Services): McpContext {
  const principal = context.hds.principal;
  if (principal.kind === 'anonymous') throw new Error('The MCP route ran without a principal');
  const tenancy = new Tenancy(principal, svc);
  const subjectKey = mcpSubjectKey(principal, context.hds.req.query.user);
  const canWrite = principal.kind === 'api-key' || principal.scopes.includes('mcp:write');
  return { ...contextOf(context, svc), principal, tenancy, subjectKey, canWrite };
}

type UserAuth = 'session' | 'user-token';

/** The route's context once a person's token was verified: tenancy bound to their account. */
function userContextOf(context: HdsContext, svc: Services): UserContext {
  const principal = context.hds.principal;
  if (principal.kind !== 'session' && principal.kind !== 'oauth') throw new Error('A user route ran without a user');
  return { ...contextOf(context, svc), principal, tenancy: new Tenancy(principal, svc) };
}

/** The route's answer in its envelope, with the request id and rate headers every answer carries. */
function respond(internal: Internal, envelope: Envelope, result: RouteResult): APIGatewayProxyStructuredResultV2 {
  const headers = {
    'content-type': result.contentType ?? 'application/json',
    'x-request-id': internal.req.requestId,
    ...internal.rateHeaders,
    ...result.headers,
  };
  // Bytes travel base64-encoded in the proxy result; the REST API declares every media type binary, so API Gateway
  // (and the local gateway) send them decoded.
  if (result.bytes) {
    return {
      statusCode: result.status ?? 200,
      headers,
      body: result.bytes.toString('base64'),
      isBase64Encoded: true,
    };
  }
  const body = envelope.success(result.body);
  return {
    statusCode: result.status ?? 200,
    headers,
    body: body === undefined ? '' : typeof body === 'string' && result.contentType ? body : JSON.stringify(body),
  };
}

/** A person's route is declared `session` or `user-token` in the manifest; anything else is a wiring mistake. */
function userAuthOf(route: RouteDeclaration): UserAuth {
  if (route.auth !== 'session' && route.auth !== 'user-token') {
    throw new Error(`Route ${route.id} is declared with auth ${route.auth}`);
  }
  return route.auth;
}

/** A handler is declared with its manifest entry, whose auth must be the factory's, and the parts its needs name. */
function servicesOf(route: RouteDeclaration, auth: RouteAuth, parts: ServiceParts): () => Services {
  if (route.auth !== auth) throw new Error(`Route ${route.id} is declared with auth ${route.auth}`);
  return servicesFor(route, parts);
}

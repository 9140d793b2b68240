import { createHash } from 'node:crypto';
import type middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { nowMs } from '../clock';
import { AppError, BadRequestError, ConflictError } from '../errors';
import { log } from '../log';
import type { IdempotencyRecord } from '../ports/idempotency-store';
import type { Services } from '../services/container';
import type { HdsContext } from './middleware';
import { isMultipart, parseMultipart } from './multipart';
import type { GatewayEvent, HttpRequest } from './request';

/** How long a first answer is kept and replayed (Stripe's and the IETF draft's customary 24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long an in-flight claim holds the key: longer than any route's Lambda timeout (at most 15 min), so a claim
 * left by a function that was killed mid-request frees itself rather than blocking the key for 24 h.
 */
export const IDEMPOTENCY_LEASE_MS = 15 * 60 * 1000;
/** DynamoDB keeps items up to 400 KB; a bigger first answer is not kept, and its key then answers 409. */
const MAX_KEPT_BODY_BYTES = 350 * 1024;
/** Headers of the first answer worth replaying; the request id and rate headers are the replay's own. */
const KEPT_HEADERS = ['content-type', 'location'];
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

const PARAM = 'Idempotency-Key';

/** A key is 1–255 printable ASCII characters (the IETF idempotency-key draft leaves the format open; Stripe's 255). */
export function parseIdempotencyKey(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  if (raw.length < 1 || raw.length > 255 || !/^[\x20-\x7e]+$/.test(raw)) {
    throw new BadRequestError(
      'Idempotency-Key must be 1 to 255 printable ASCII characters',
      'invalid_idempotency_key',
      PARAM,
    );
  }
  return raw;
}

/** The request's parameters as the route reads them: the JSON object, or a multipart body's fields. */
export type RequestParams = Record<string, unknown>;

/**
 * What a request is, for telling a retry from another request under the same key: method, path, query, and the
 * body by meaning (JSON with sorted keys; multipart by its fields and each file's digest, since every client picks
 * a fresh boundary per send). The Subject (`user`) is in the body or fields, so it is part of it.
 */
export async function fingerprintOf(
  req: HttpRequest,
  maxFileBytes: number,
): Promise<{ fingerprint: string; params: RequestParams }> {
  const hash = createHash('sha256').update(`${req.method.toUpperCase()} ${req.path}\n`);
  hash.update(canonical(req.query)).update('\n');
  let params: RequestParams = {};
  if (isMultipart(req)) {
    const { fields, files } = await parseMultipart(req, maxFileBytes);
    params = fields;
    const fileDigests = files.map((f) => ({
      field: f.field,
      filename: f.filename,
      contentType: f.contentType,
      sha256: createHash('sha256').update(f.data).digest('hex'),
    }));
    hash.update(canonical({ fields, files: fileDigests }));
  } else {
    const raw = req.body ?? Buffer.alloc(0);
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) params = parsed as RequestParams;
      hash.update(canonical(parsed));
    } catch {
      hash.update(raw);
    }
  }
  return { fingerprint: hash.digest('hex'), params };
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Which requests of a route take the key: all, or those whose parameters say so (`store: true` on standardize). */
export interface IdempotencyOptions {
  /** Whether this request is a write the key protects; a request that is not ignores the header. */
  appliesTo?: (params: RequestParams) => boolean;
  /** A reason this request cannot be replayed (a streamed answer), refused as 400 when it carries a key. */
  refuse?: (params: RequestParams) => string | null;
}

type Middleware = middy.MiddlewareObj<GatewayEvent, APIGatewayProxyStructuredResultV2, Error, HdsContext>;
type Claim = { accountId: string; key: string; fingerprint: string; token: string };

/**
 * `Idempotency-Key` on a write (issue 19): the first answer is kept 24 h per account and key and replayed, with
 * `Idempotent-Replayed: true`, to a retry of the same request. The key is claimed by one conditional put, so of
 * concurrent duplicates exactly one runs and the others get 409 while it is in flight; a different request under
 * the key is 422. Only answers the route returned (2xx/3xx) are kept: an error, 4xx or 5xx, releases the claim, so a
 * corrected or later retry runs anew (nothing was written). Used after authentication and the rate limit, so it is
 * keyed by the authenticated account and a replay still counts against the budget.
 */
export function idempotency(services: () => Services, options: IdempotencyOptions = {}): Middleware {
  const claims = new WeakMap<object, Claim>();
  const release = async (request: object) => {
    const claim = claims.get(request);
    if (!claim) return;
    claims.delete(request);
    await services()
      .idempotency.release(claim.accountId, claim.key, claim.token)
      .catch((err) => log('warn', 'could not release an idempotency key', { error: (err as Error)?.name }));
  };
  return {
    before: async (request) => {
      const hds = request.context.hds;
      const key = parseIdempotencyKey(hds.req.headers['idempotency-key']);
      if (key === null) return;
      const principal = hds.principal;
      if (principal.kind !== 'api-key') return;
      const svc = services();
      const { fingerprint, params } = await fingerprintOf(hds.req, svc.config.maxBodyBytes);
      if (options.appliesTo && !options.appliesTo(params)) return;
      const refusal = options.refuse?.(params);
      if (refusal) throw new BadRequestError(refusal, 'idempotency_key_not_supported', PARAM);
      const now = nowMs();
      const token = `${hds.req.requestId}#${now}`;
      const claimed = await svc.idempotency.claim({
        accountId: principal.accountId,
        key,
        fingerprint,
        token,
        nowMs: now,
        leaseUntilMs: now + IDEMPOTENCY_LEASE_MS,
        expiresAtMs: now + IDEMPOTENCY_TTL_MS,
      });
      if (claimed.claimed) {
        claims.set(request, { accountId: principal.accountId, key, fingerprint, token });
        return;
      }
      const response = answerFor(claimed.existing, fingerprint);
      request.response = {
        ...response,
        headers: { ...response.headers, 'x-request-id': hds.req.requestId, ...hds.rateHeaders },
      };
      return request.response;
    },
    after: async (request) => {
      const claim = claims.get(request);
      if (!claim) return;
      claims.delete(request);
      const response = request.response;
      const body = typeof response?.body === 'string' ? response.body : null;
      const status = response?.statusCode ?? 200;
      if (!response || status >= 400 || body === null || response.isBase64Encoded) {
        claims.set(request, claim);
        await release(request);
        return;
      }
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = response.headers?.[name];
        if (value !== undefined) headers[name] = String(value);
      }
      const kept = Buffer.byteLength(body) <= MAX_KEPT_BODY_BYTES;
      // The write is done: failing to keep its answer must not turn it into a 500 the client would retry. The claim
      // then stays in flight (409) until its lease ends.
      await services()
        .idempotency.complete(claim.accountId, claim.key, claim.token, { status, headers, body: kept ? body : null })
        .catch((err) => log('warn', 'could not keep an idempotent answer', { error: (err as Error)?.name }));
    },
    onError: async (request) => {
      await release(request);
    },
  };
}

/** The answer to a request whose key was already claimed: the kept answer, or why there is none to give. */
export function answerFor(existing: IdempotencyRecord, fingerprint: string): APIGatewayProxyStructuredResultV2 {
  if (existing.fingerprint !== fingerprint) {
    throw new AppError(
      'unprocessable',
      'This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new request.',
      { code: 'idempotency_key_reused', param: PARAM },
    );
  }
  if (existing.state === 'pending') {
    throw new ConflictError(
      'A request with this Idempotency-Key is still being processed. Retry after it finishes to receive its answer.',
      PARAM,
    );
  }
  if (!existing.response || existing.response.body === null) {
    throw new ConflictError(
      'This Idempotency-Key was already used; its answer was too large to keep for replay. Read the result with a GET.',
      PARAM,
    );
  }
  return {
    statusCode: existing.response.status,
    headers: { ...existing.response.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' },
    body: existing.response.body,
  };
}

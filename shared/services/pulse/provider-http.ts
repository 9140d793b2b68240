import { ProviderPayloadError } from '../../domain/pulse/readings';
import { log } from '../../log';
import { type ContentTypeRule, type Egress, EgressRefused, type EgressResponse } from '../../ports/egress';

/**
 * Why a provider call did not give data: the token was refused (`unauthorized`: refresh once), the grant is gone
 * (`invalid_grant`: relink), the provider is pacing us (`rate_limited`, with its wait), it failed for now
 * (`transient`: retry later), the object is gone (`not_found`), or it refused the request itself (`refused`).
 */
export type ProviderErrorKind =
  | 'unauthorized'
  | 'rate_limited'
  | 'transient'
  | 'invalid_grant'
  | 'not_found'
  | 'refused';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    readonly provider: string,
    readonly status: number | null,
    readonly retryAfterMs?: number,
  ) {
    // Never the answer's body or the URL: both can carry tokens or a person's data.
    super(`${provider} ${kind}${status === null ? '' : ` (HTTP ${status})`}`);
    this.name = 'ProviderError';
  }
}

/**
 * A fetch whose answer the mappers read: a body not in the provider's documented shape will not change on a retry,
 * so it is `refused`, never a crash loop.
 */
export async function refusingMalformed<T>(provider: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof ProviderPayloadError) throw new ProviderError('refused', provider, null);
    throw err;
  }
}

export interface ProviderRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: URL;
  /** Logged instead of the URL (its query may hold a token or a code): `/v2/usercollection/{type}`. */
  pathTemplate: string;
  headers?: Record<string, string>;
  /** A form body (`application/x-www-form-urlencoded`), as OAuth token endpoints take. */
  form?: Record<string, string>;
  json?: unknown;
  /** Answer types beyond JSON (OAuth 1.0a's form-encoded answers, Withings' text). */
  accept?: readonly ContentTypeRule[];
  /**
   * A header giving the seconds until the provider's budget resets (Fitbit's `Fitbit-Rate-Limit-Reset`), read for a
   * 429's wait when the answer has no `Retry-After`.
   */
  rateLimitResetHeader?: string;
  signal?: AbortSignal;
}

export interface ProviderAnswer {
  status: number;
  headers: Headers;
  body: Uint8Array;
  json<T = unknown>(): T;
}

const JSON_ONLY: readonly ContentTypeRule[] = [{ type: 'application/json' }];
const TIMEOUT_MS = 10_000;
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * Every call to a wearable provider: through the guarded egress with the operator's base URL (`trust: 'configured'`,
 * so the local fixture servers on loopback are reachable as the real hosts are), no redirects, 10 s, 10 MiB. Non-2xx
 * answers become `ProviderError`s; the log line names provider, method, path template and status, never a token,
 * code, secret or body.
 */
export class ProviderHttp {
  constructor(
    private readonly egress: Egress,
    readonly provider: string,
  ) {}

  async call(req: ProviderRequest): Promise<ProviderAnswer> {
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    let body: string | undefined;
    if (req.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(req.form).toString();
    } else if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    }
    let res: EgressResponse;
    try {
      res = await this.egress.fetch({
        url: req.url,
        trust: 'configured',
        method: req.method,
        headers,
        body,
        accept: req.accept ?? JSON_ONLY,
        maxBytes: MAX_BYTES,
        timeoutMs: TIMEOUT_MS,
        maxRedirects: 0,
        signal: req.signal,
      });
    } catch (err) {
      if (req.signal?.aborted) throw err;
      const reason = err instanceof EgressRefused ? err.reason : 'connect';
      log('warn', 'provider request failed', {
        provider: this.provider,
        method: req.method,
        path: req.pathTemplate,
        reason,
      });
      throw new ProviderError('transient', this.provider, null);
    }
    log('info', 'provider request', {
      provider: this.provider,
      method: req.method,
      path: req.pathTemplate,
      status: res.status,
    });
    if (res.status >= 200 && res.status < 300) return answerOf(res);
    throw errorOf(this.provider, res, req.rateLimitResetHeader);
  }
}

function answerOf(res: EgressResponse): ProviderAnswer {
  return {
    status: res.status,
    headers: res.headers,
    body: res.body,
    json<T>() {
      try {
        return JSON.parse(Buffer.from(res.body).toString('utf8')) as T;
      } catch {
        throw new ProviderError('transient', 'provider', res.status);
      }
    },
  };
}

/** A provider's error status as its kind; an OAuth `invalid_grant` body is read without logging it. */
function errorOf(provider: string, res: EgressResponse, resetHeader?: string): ProviderError {
  if (res.status === 429) {
    const raw = resetHeader && !res.headers.has('retry-after') ? res.headers.get(resetHeader)?.trim() : undefined;
    const reset = raw ? Number(raw) : Number.NaN;
    const waitMs = Number.isFinite(reset) && reset >= 0 ? reset * 1000 : retryAfterMs(res.headers);
    return new ProviderError('rate_limited', provider, 429, waitMs);
  }
  if (res.status === 400 || res.status === 401) {
    const oauthError = oauthErrorName(res.body);
    if (oauthError === 'invalid_grant') return new ProviderError('invalid_grant', provider, res.status);
    if (res.status === 401) return new ProviderError('unauthorized', provider, 401);
  }
  if (res.status === 404) return new ProviderError('not_found', provider, 404);
  if (res.status >= 500 || res.status === 408) return new ProviderError('transient', provider, res.status);
  return new ProviderError('refused', provider, res.status);
}

function oauthErrorName(body: Uint8Array): string | null {
  try {
    const parsed = JSON.parse(Buffer.from(body).toString('utf8')) as { error?: unknown };
    return typeof parsed.error === 'string' ? parsed.error : null;
  } catch {
    return null;
  }
}

/**
 * `Retry-After` in seconds or as an HTTP date, in milliseconds; else `X-RateLimit-Reset` in seconds (WHOOP sends no
 * `Retry-After`, only the seconds until its window resets); 60 s when absent or unreadable.
 */
export function retryAfterMs(headers: Headers, nowMs = Date.now()): number {
  const raw = headers.get('retry-after');
  if (!raw) {
    const reset = Number(headers.get('x-ratelimit-reset') ?? '');
    return headers.has('x-ratelimit-reset') && Number.isFinite(reset) && reset >= 0 ? reset * 1000 : 60_000;
  }
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(raw);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : 60_000;
}

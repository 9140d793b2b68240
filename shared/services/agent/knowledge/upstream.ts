import { log } from '../../../log';
import { type ContentTypeRule, EgressRefused, type EgressResponse, type EgressTarget } from '../../../ports/egress';
import { type KnowledgeSource, type UnreachableResult, unreachable } from './failure';
import type { KnowledgeContext } from './knowledge-context';
import { MAX_WAIT_MS, pacerFor } from './pacer';

/**
 * One GET to a knowledge service, as every knowledge tool makes it: through the egress port with the operator's base
 * URL (`trust: 'configured'`), no redirects (an API that redirects is misconfigured, and the 3xx comes back as a
 * failure), 4 MB, the configured timeout, the request's signal, and a token from the target's pacer first. Anything
 * that is not an answer (refused, timed out, connection failed) becomes an `unreachable` result; the caller judges
 * statuses, since a 404 means "not open access" to one tool and "down" to another. Logs carry the target, status
 * and reason, never the URL (its query is the user's words).
 */
export const MAX_BYTES = 4 * 1024 * 1024;

/**
 * What a knowledge call accepts. Beyond the documented type, `text/*` and JSON are accepted everywhere because error
 * answers (a 429's JSON, a proxy's HTML 503, BioC's `[Error]` page) come in them, and the status must be readable.
 */
export const JSON_TYPES: readonly ContentTypeRule[] = [{ type: 'application/json' }, { prefix: 'text/' }];
export const XML_TYPES: readonly ContentTypeRule[] = [
  { type: 'application/xml' },
  { type: 'text/xml' },
  { type: 'application/json' },
  { prefix: 'text/' },
];

export type Upstream = { ok: true; response: EgressResponse } | { ok: false; failure: UnreachableResult };

export async function getUpstream(
  ctx: KnowledgeContext,
  target: EgressTarget,
  source: KnowledgeSource,
  url: URL,
  accept: readonly ContentTypeRule[],
): Promise<Upstream> {
  const withKey = target === 'ncbi_eutils' && (await ctx.ncbiApiKey()) !== undefined;
  const bucket = pacerFor(target, withKey);
  if (!(await bucket.take(MAX_WAIT_MS, ctx.signal))) {
    log('warn', 'knowledge request paced out', { target, reason: 'rate_limited' });
    return {
      ok: false,
      failure: unreachable(source, 'this service is making too many requests to it right now (rate_limited)', 2),
    };
  }
  try {
    const response = await ctx.egress.fetch({
      url,
      trust: 'configured',
      method: 'GET',
      accept,
      maxBytes: MAX_BYTES,
      timeoutMs: ctx.config.timeoutMs,
      maxRedirects: 0,
      signal: ctx.signal,
    });
    return { ok: true, response };
  } catch (err) {
    if (ctx.signal.aborted) throw err; // the caller hung up: nothing is waiting for a result
    const reason = err instanceof EgressRefused ? err.reason : 'connect';
    log('warn', 'knowledge request failed', { target, reason });
    return { ok: false, failure: unreachable(source, refusalSentence(reason, ctx.config.timeoutMs)) };
  }
}

/** A non-2xx answer as a failure result: 429 and 503 carry the service's `Retry-After`. */
export function statusFailure(target: EgressTarget, source: KnowledgeSource, res: EgressResponse): UnreachableResult {
  log('warn', 'knowledge request answered with an error status', { target, status: res.status });
  const retryAfter = retryAfterSeconds(res.headers.get('retry-after'));
  if (res.status === 429) {
    return unreachable(source, 'it is limiting how often it may be asked (HTTP 429)', retryAfter);
  }
  if (res.status >= 300 && res.status < 400)
    return unreachable(source, `it answered with a redirect (HTTP ${res.status})`);
  if (res.status >= 500) return unreachable(source, `it answered with a server error (HTTP ${res.status})`, retryAfter);
  return unreachable(source, `it refused the request (HTTP ${res.status})`);
}

/** A body that is not the documented shape. */
export function malformed(target: EgressTarget, source: KnowledgeSource, what: string): UnreachableResult {
  log('warn', 'knowledge answer malformed', { target, what });
  return unreachable(source, `its answer could not be read (${what})`);
}

/** `Retry-After` as whole seconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

const utf8 = new TextDecoder('utf-8');

export function bodyText(res: EgressResponse): string {
  return utf8.decode(res.body);
}

export function bodyJson(res: EgressResponse): unknown {
  try {
    return JSON.parse(bodyText(res));
  } catch {
    return undefined;
  }
}

export function isOk(res: EgressResponse): boolean {
  return res.status >= 200 && res.status < 300;
}

function refusalSentence(reason: string, timeoutMs: number): string {
  switch (reason) {
    case 'timeout':
      return `it did not answer within ${timeoutMs} ms`;
    case 'too_large':
      return 'its answer was larger than the 4 MB this service reads';
    case 'content_type':
      return 'it answered with an unexpected content type';
    case 'dns':
      return 'its host name could not be resolved';
    case 'too_many_redirects':
      return 'it redirected the request';
    default:
      return 'the connection to it failed';
  }
}

import type { KnowledgeConfig } from '../../shared/config/config';
import {
  type ContentTypeRule,
  type Egress,
  EgressRefused,
  type EgressRequest,
  type EgressResponse,
} from '../../shared/ports/egress';
import type { KnowledgeContext } from '../../shared/services/agent/knowledge/knowledge-context';

/**
 * TEMPORARY: the egress the knowledge tests run through, until the real guarded adapter lands
 * (`createGuardedEgress` in `shared/adapters/egress/`); the lead swaps this one function for it after merging.
 * A minimal `Egress` over global fetch that honours what the knowledge tools rely on: one deadline
 * (`timeoutMs` → `timeout`), `accept` checked before the body is read (`content_type`), `maxBytes` while reading
 * (`too_large`), redirects not followed when `maxRedirects` is 0 (the 3xx is answered as it came), and a connection
 * failure as `connect`. It performs no address checks at all. Every request is also pushed to `seen`.
 */
export function testEgress(seen: EgressRequest[] = []): Egress {
  return {
    async fetch(req: EgressRequest): Promise<EgressResponse> {
      seen.push(req);
      const deadline = AbortSignal.timeout(req.timeoutMs);
      const signal = req.signal ? AbortSignal.any([deadline, req.signal]) : deadline;
      let res: Response;
      try {
        res = await fetch(req.url, {
          method: req.method ?? 'GET',
          headers: req.headers,
          body: req.body,
          redirect: req.maxRedirects === 0 ? 'manual' : 'follow',
          signal,
        });
      } catch (err) {
        if (req.signal?.aborted) throw req.signal.reason;
        if (deadline.aborted) throw new EgressRefused('timeout', 'the request timed out');
        throw new EgressRefused('connect', `connection failed: ${(err as Error).name}`);
      }
      const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (!accepts(req.accept, contentType)) {
        await res.body?.cancel();
        throw new EgressRefused('content_type', `content type ${contentType || 'none'} is not accepted`);
      }
      const chunks: Uint8Array[] = [];
      let total = 0;
      try {
        for await (const chunk of res.body ?? []) {
          total += chunk.length;
          if (total > req.maxBytes) throw new EgressRefused('too_large', `the body exceeds ${req.maxBytes} bytes`);
          chunks.push(chunk);
        }
      } catch (err) {
        if (err instanceof EgressRefused) throw err;
        if (req.signal?.aborted) throw req.signal.reason;
        if (deadline.aborted) throw new EgressRefused('timeout', 'the request timed out');
        throw new EgressRefused('connect', 'the connection failed while reading');
      }
      return {
        status: res.status,
        finalUrl: new URL(res.url || req.url.href),
        contentType,
        headers: res.headers,
        body: Buffer.concat(chunks),
      };
    },
    pinnedOrigin: () => Promise.reject(new Error('testEgress: pinnedOrigin is not used by the knowledge tools')),
  };
}

function accepts(rules: readonly ContentTypeRule[], contentType: string): boolean {
  return rules.some((r) => ('type' in r ? r.type === contentType : contentType.startsWith(r.prefix)));
}

/** A knowledge context over {@link testEgress}. */
export function knowledgeContext(
  config: KnowledgeConfig,
  options: { ncbiApiKey?: string; seen?: EgressRequest[]; signal?: AbortSignal } = {},
): KnowledgeContext {
  return {
    egress: testEgress(options.seen),
    config,
    signal: options.signal ?? new AbortController().signal,
    ncbiApiKey: async () => options.ncbiApiKey,
  };
}

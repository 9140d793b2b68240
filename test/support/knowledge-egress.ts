import { createGuardedEgress } from '../../shared/adapters/egress/guarded-egress';
import type { KnowledgeConfig } from '../../shared/config/config';
import type { Egress, EgressRequest } from '../../shared/ports/egress';
import type { KnowledgeContext } from '../../shared/services/agent/knowledge/knowledge-context';

/**
 * The service's own guarded egress, recording every request it is asked to make in `seen` (so tests assert the
 * trust, caps and redirect policy the knowledge tools ask for). The knowledge services are configured destinations,
 * so the loopback fixture servers need no allow-list entry.
 */
export function testEgress(seen: EgressRequest[] = []): Egress {
  const egress = createGuardedEgress({ allowHosts: [] });
  return {
    fetch(req) {
      seen.push(req);
      return egress.fetch(req);
    },
    pinnedOrigin: (url, signal) => egress.pinnedOrigin(url, signal),
  };
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

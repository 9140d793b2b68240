import type { PulseConfig } from '../../config/config';
import { PULSE_CATALOG } from '../../domain/pulse/providers';
import type { PulseLink } from '../../ports/pulse-links';
import { configuredProviders } from './registry';

/** A link's state as the lists name it: `error` and `revoked` both ask the user to link again. */
function linkStatus(link: PulseLink): 'linked' | 'error' {
  return link.status === 'linked' ? 'linked' : 'error';
}

/**
 * `GET /api/v1/pulse/providers`' `providers` (gaps 12): every provider HDS knows, whether this deployment has it
 * configured, and the caller's link to it; Apple Health last, imported from an export file rather than linked.
 */
export function providerCatalog(cfg: PulseConfig, links: readonly PulseLink[]) {
  const configured = new Set<string>(configuredProviders(cfg));
  const bySlug = new Map(links.map((l) => [l.provider, l]));
  return PULSE_CATALOG.map((d) => {
    const link = bySlug.get(d.slug);
    const supported = d.slug === 'apple' || configured.has(d.slug);
    return {
      slug: d.slug,
      name: d.name,
      platform: d.platform,
      description: d.description,
      logo: d.logo,
      supported,
      auth_type: d.authType,
      status: !supported ? 'unavailable' : link ? linkStatus(link) : 'not_linked',
      capabilities: [...d.capabilities],
    };
  });
}

/** `GET /api/v1/pulse/user/providers`' `providers`: the caller's links, never a token or a whole provider user id. */
export function userLinks(links: readonly PulseLink[]) {
  return [...links]
    .sort((a, b) => a.provider.localeCompare(b.provider))
    .map((link) => ({
      slug: link.provider,
      platform: link.platform,
      status: linkStatus(link),
      linked_at: new Date(link.linkedAt).toISOString(),
      provider_user_id_hint: link.providerUserId.slice(-4),
      scopes: link.scopes,
      last_event_at: link.lastEventAt === null ? null : new Date(link.lastEventAt).toISOString(),
      backfill: { status: link.backfill.status, from: link.backfill.from, through: link.backfill.through },
    }));
}

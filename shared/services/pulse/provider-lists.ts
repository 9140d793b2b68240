import type { PulseConfig } from '../../config/config';
import type { PulseLink } from '../../ports/pulse-links';
import { DESCRIPTORS, PROVIDER_SLUGS } from './interim-domain';
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
  const configured = new Set(configuredProviders(cfg));
  const bySlug = new Map(links.map((l) => [l.provider, l]));
  const providers = PROVIDER_SLUGS.map((slug) => {
    const d = DESCRIPTORS[slug];
    const link = bySlug.get(slug);
    const supported = configured.has(slug);
    return {
      slug,
      name: d.name,
      platform: 'hds',
      description: d.description,
      logo: d.logo,
      supported,
      auth_type: d.authType,
      status: !supported ? 'unavailable' : link ? linkStatus(link) : 'not_linked',
      capabilities: [...d.capabilities],
    };
  });
  return [
    ...providers,
    {
      slug: 'apple',
      name: 'Apple Health',
      platform: 'apple',
      description:
        'Apple Health export (export.zip or export.xml), uploaded through POST /api/v1/data/upload-with-processing',
      logo: 'https://www.apple.com/favicon.ico',
      supported: true,
      auth_type: 'file_upload',
      status: 'not_linked',
      capabilities: ['sleep', 'activity', 'heart_rate', 'hrv', 'body', 'spo2', 'workouts'],
    },
  ];
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

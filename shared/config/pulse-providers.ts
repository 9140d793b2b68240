import { PROVIDER_SLUGS, type ProviderSlug } from '../domain/pulse/providers';
import type { PulseConfig, PulseProviderConfig } from './config';

/**
 * The one place that decides whether a provider is `supported` on this deployment: its application's credentials
 * are configured (locally as a pair, in the cloud as a secret id). Every slug has its module (the registry's type
 * insists), so configuration alone decides; kept apart from the registry so `GET /api/health` can name the providers
 * without bundling their modules.
 */
export function configuredProviders(cfg: PulseConfig): ProviderSlug[] {
  return PROVIDER_SLUGS.filter((slug) => hasCredentials(cfg.providers[slug]));
}

function hasCredentials(p: PulseProviderConfig): boolean {
  return Boolean((p.clientId && p.clientSecret) || p.secretId);
}

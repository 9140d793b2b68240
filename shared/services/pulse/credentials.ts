import { secretString } from '../../adapters/secrets/secret-string';
import type { Config } from '../../config/config';
import type { ProviderSlug } from '../../domain/pulse/providers';
import type { ProviderConfig } from './registry';

/**
 * A provider's application as its calls need it: the pair from the environment (local), or the fields of its
 * Secrets Manager secret (cloud; read once per process, a failed read retried on the next use). Throws when neither
 * is there: callers check `configuredProviders` first.
 */
export async function providerConfig(cfg: Config, slug: ProviderSlug): Promise<ProviderConfig> {
  const p = cfg.pulse.providers[slug];
  const base = { ...p, issuer: cfg.auth.issuer };
  if (p.clientId && p.clientSecret) return { ...base, clientId: p.clientId, clientSecret: p.clientSecret };
  if (!p.secretId) throw new Error(`${slug} is not configured`);
  const secret = JSON.parse(await secretString(p.secretId, cfg.region)) as Record<string, unknown>;
  const field = (name: string) => (typeof secret[name] === 'string' && secret[name] ? String(secret[name]) : undefined);
  const clientId = field('client_id');
  const clientSecret = field('client_secret');
  if (!clientId || !clientSecret) throw new Error(`${slug}'s secret has no client_id and client_secret`);
  return {
    ...base,
    clientId,
    clientSecret,
    verificationToken: p.verificationToken ?? field('verification_token'),
    verifyCode: p.verifyCode ?? field('verify_code'),
    webhookToken: p.webhookToken ?? field('webhook_token'),
  };
}

/** The callback URL a provider's console must whitelist: `<issuer>/api/v1/pulse/hds/<slug>/callback`. */
export function callbackUrl(issuer: string, slug: string): string {
  return `${issuer}/api/v1/pulse/hds/${slug}/callback`;
}

import { log } from '../../log';
import type { Services } from '../container';
import { providerContext } from './links';
import { ProviderError } from './provider-http';
import { configuredModule, configuredProviders } from './registry';

/** The app-level webhook URL a provider delivers to: `<issuer>/api/v1/pulse/hds/webhook?provider=<slug>`. */
export function webhookUrl(issuer: string, slug: string): string {
  return `${issuer}/api/v1/pulse/hds/webhook?provider=${slug}`;
}

/**
 * The daily run (design §3.1): every configured provider with app-level subscriptions gets them created or renewed.
 * One provider failing does not stop the others; the next day's run tries again.
 */
export async function renewSubscriptions(
  services: Services,
): Promise<Record<string, { created: number; renewed: number } | 'failed'>> {
  const out: Record<string, { created: number; renewed: number } | 'failed'> = {};
  for (const slug of configuredProviders(services.config.pulse)) {
    const module = configuredModule(services.config, slug);
    if (!module?.maintainSubscriptions) continue;
    try {
      const ctx = await providerContext(services, slug);
      out[slug] = await module.maintainSubscriptions(ctx, webhookUrl(services.config.auth.issuer, slug));
      log('info', 'pulse subscriptions maintained', { provider: slug, ...out[slug] });
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      out[slug] = 'failed';
      log('warn', 'pulse subscriptions not maintained', { provider: slug, kind: err.kind, status: err.status });
    }
  }
  return out;
}

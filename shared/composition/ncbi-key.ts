import { secretString } from '../adapters/secrets/secret-string';
import { log } from '../log';
import { perConfig } from './per-config';

/**
 * The NCBI API key, if any: given directly (`NCBI_API_KEY`, local), or read once from Secrets Manager
 * (`HDS_NCBI_API_KEY_SECRET`, the cloud) when the first search needs it. A secret that cannot be read costs PubMed's
 * faster pace, never the search: the next search tries again.
 */
export const ncbiApiKey = perConfig((cfg): (() => Promise<string | undefined>) => {
  const { ncbiApiKey: key, ncbiApiKeySecret: secret } = cfg.knowledge;
  if (key || !secret) return async () => key;
  let reading: Promise<string | undefined> | undefined;
  return () =>
    (reading ??= secretString(secret, cfg.region).then(
      (value) => value.trim() || undefined,
      (err) => {
        reading = undefined;
        log('warn', 'ncbi key not read', { error: (err as Error)?.name });
        return undefined;
      },
    ));
});

import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { traceAwsClient } from '../../observability';

const cache = new Map<string, Promise<string>>();

/**
 * A secret's value from Secrets Manager, fetched once per process (a warm Lambda reuses it). A JSON secret
 * gives its `apiKey` or `OPENAI_API_KEY` field; any other secret is used as it is. A failed fetch is not
 * cached, so the next request tries again.
 */
export function secretString(secretId: string, region: string, client?: SecretsManagerClient): Promise<string> {
  let value = cache.get(secretId);
  if (!value) {
    value = fetchSecret(client ?? traceAwsClient(new SecretsManagerClient({ region })), secretId);
    cache.set(secretId, value);
    value.catch(() => cache.delete(secretId));
  }
  return value;
}

async function fetchSecret(client: SecretsManagerClient, secretId: string): Promise<string> {
  const out = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
  const raw = out.SecretString;
  if (!raw) throw new Error('the model key secret has no string value');
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    const field = parsed.apiKey ?? parsed.OPENAI_API_KEY;
    if (typeof field === 'string' && field) return field;
  } catch {
    // Not JSON: the secret is the key itself.
  }
  return raw.trim();
}

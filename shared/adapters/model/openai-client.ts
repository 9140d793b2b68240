import OpenAI from 'openai';
import type { ModelConfig } from '../../config/config';
import { secretString } from '../secrets/secret-string';

/**
 * The upstream client: any OpenAI-compatible endpoint, with the SDK's retries on 429/5xx and a timeout. In the
 * cloud the key comes from Secrets Manager (`HDS_OPENAI_API_KEY_SECRET`), read when the first request needs it.
 */
export function createOpenAIClient(
  cfg: ModelConfig,
  region = process.env.HDS_REGION ?? process.env.AWS_REGION ?? 'us-east-1',
): OpenAI {
  const secret = cfg.apiKeySecret;
  return new OpenAI({
    apiKey: cfg.apiKey ?? (secret ? () => secretString(secret, region) : 'unused'),
    ...(cfg.baseUrl ? { baseURL: cfg.baseUrl } : {}),
    timeout: cfg.timeoutMs,
    maxRetries: 2,
  });
}

export function modelConfigured(cfg: ModelConfig): boolean {
  return Boolean(cfg.apiKey || cfg.baseUrl || cfg.apiKeySecret);
}

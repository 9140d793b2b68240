import OpenAI from 'openai';
import type { ModelConfig } from '../../config/config';

/** The upstream client: any OpenAI-compatible endpoint, with the SDK's retries on 429/5xx and a timeout. */
export function createOpenAIClient(cfg: ModelConfig): OpenAI {
  return new OpenAI({
    apiKey: cfg.apiKey ?? 'unused',
    ...(cfg.baseUrl ? { baseURL: cfg.baseUrl } : {}),
    timeout: cfg.timeoutMs,
    maxRetries: 2,
  });
}

export function modelConfigured(cfg: ModelConfig): boolean {
  return Boolean(cfg.apiKey || cfg.baseUrl);
}

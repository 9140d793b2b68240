import OpenAI from 'openai';
import type { ModelConfig } from '../../config/config';
import { log } from '../../log';
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
    logLevel: 'warn',
    logger: sdkLogger,
  });
}

/**
 * The SDK's own messages through the structured log, their text only: the arguments after it can hold the upstream's
 * raw chunks (a model's answer about someone's health), and never reach a log line.
 */
const sdkLogger = {
  error: (message: unknown) => log('error', 'model SDK', { sdk: sdkText(message) }),
  warn: (message: unknown) => log('warn', 'model SDK', { sdk: sdkText(message) }),
  info: (message: unknown) => log('info', 'model SDK', { sdk: sdkText(message) }),
  debug: (message: unknown) => log('debug', 'model SDK', { sdk: sdkText(message) }),
};

function sdkText(message: unknown): string | undefined {
  return typeof message === 'string' ? message.slice(0, 200) : undefined;
}

export { modelConfigured } from '../../config/config';

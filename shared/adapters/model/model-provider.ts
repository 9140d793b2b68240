import type { Config } from '../../config/config';
import type { ModelProvider } from '../../ports/model-provider';
import { OpenAIChatProvider } from './openai-chat-provider';
import { createOpenAIClient, modelConfigured } from './openai-client';

const providers = new WeakMap<Config, ModelProvider | null>();

/**
 * The upstream model when one is configured (`OPENAI_BASE_URL` or `OPENAI_API_KEY`), else `null`: the caller
 * then plugs in the offline engine. Built once per config, so the SDK client and its connections are reused.
 */
export function modelProvider(config: Config): ModelProvider | null {
  let provider = providers.get(config);
  if (provider === undefined) {
    provider = modelConfigured(config.model)
      ? new OpenAIChatProvider(createOpenAIClient(config.model), config.model)
      : null;
    providers.set(config, provider);
  }
  return provider;
}

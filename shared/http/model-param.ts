import { DEFAULT_TIER, MODEL_TIERS, type ModelTier } from '../domain/models';
import { BadRequestError } from '../errors';

/** `model` of an answering request: a tier, `hds-flash` when absent; anything else is 400 naming `model`. */
export function tierParam(raw: unknown): ModelTier {
  if (raw === undefined || raw === null) return DEFAULT_TIER;
  if (typeof raw === 'string' && (MODEL_TIERS as readonly string[]).includes(raw)) return raw as ModelTier;
  throw new BadRequestError(
    `The model ${JSON.stringify(raw)} does not exist; use one of ${MODEL_TIERS.join(', ')}`,
    'model_not_found',
    'model',
  );
}

/**
 * `model` on the Agent API. The promise there is that an agents SDK works by changing only its base URL, and such
 * an SDK names its own default model (`gpt-…`) unless told otherwise: any other string is served by the default
 * tier (the response says which). A non-string, or any unknown name under strict validation, is still a 400.
 */
export function agentTierParam(raw: unknown, strict: boolean): ModelTier {
  if (!strict && typeof raw === 'string' && !(MODEL_TIERS as readonly string[]).includes(raw)) return DEFAULT_TIER;
  return tierParam(raw);
}

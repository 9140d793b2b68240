import { DEFAULT_TIER, MODEL_TIERS, type ModelTier } from '../domain/models';
import { BadRequestError } from './errors';

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

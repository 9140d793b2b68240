/**
 * Capability tiers (spec: `<service>-flash` default, `<service>-expert`). Window sizes and prices are
 * per-deployment settings; these defaults are the illustrative figures of the public product.
 */
export const MODEL_TIERS = ['hds-flash', 'hds-expert'] as const;
export type ModelTier = (typeof MODEL_TIERS)[number];
export const DEFAULT_TIER: ModelTier = 'hds-flash';

export interface TierEntry {
  id: ModelTier;
  object: 'model';
  created: number;
  owned_by: 'hds';
  context_window: number;
  max_output_tokens: number;
  pricing: { input_per_1m_tokens: number; output_per_1m_tokens: number; currency: string };
}

const DEFAULT_PRICING: Record<ModelTier, [number, number]> = {
  'hds-flash': [0.75, 4.5],
  'hds-expert': [5.0, 25.0],
};

/** Tier entries, with `HDS_PRICING_<TIER>="in,out"` and `HDS_CONTEXT_WINDOW` overriding the defaults. */
export function tierEntries(env: NodeJS.ProcessEnv): TierEntry[] {
  return MODEL_TIERS.map((id) => {
    const override = env[`HDS_PRICING_${id.replace('hds-', '').toUpperCase()}`]?.split(',').map(Number);
    const [input, output] =
      override?.length === 2 && override.every(Number.isFinite) ? (override as [number, number]) : DEFAULT_PRICING[id];
    return {
      id,
      object: 'model',
      created: 1767225600,
      owned_by: 'hds',
      context_window: Number(env.HDS_CONTEXT_WINDOW) || 65536,
      max_output_tokens: Number(env.HDS_MAX_OUTPUT_TOKENS) || 8192,
      pricing: { input_per_1m_tokens: input, output_per_1m_tokens: output, currency: env.HDS_CURRENCY ?? 'USD' },
    };
  });
}

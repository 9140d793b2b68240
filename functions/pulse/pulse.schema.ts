import * as z from 'zod/mini';

/** The tag of the wearable-provider operations of the self-hosted engine (`/api/v1/pulse`). */
export const PULSE_TAG = 'Self-hosted engine: wearables (/api/v1/pulse)';

export const ProviderSlugSchema = z
  .string()
  .check(
    z.maxLength(32),
    z.meta({ description: 'A provider slug: `oura`, `whoop`, `withings`, `fitbit`, `garmin` (`apple` is uploaded)' }),
  );

export const LinkStatusSchema = z.enum(['linked', 'not_linked', 'error', 'unavailable']);

export const BackfillSchema = z.object({
  status: z.enum(['running', 'done', 'failed']),
  from: z.string(),
  through: z.nullable(z.string()),
});

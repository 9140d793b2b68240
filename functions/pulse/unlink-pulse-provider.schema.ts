import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { ProviderSlugSchema, PULSE_TAG } from './pulse.schema';

export const UnlinkPulseProviderRequestSchema = z.object({
  provider: ProviderSlugSchema,
  platform: z.optional(z.string().check(z.maxLength(16), z.meta({ description: '`hds` (the default)' }))),
  user_id: z.optional(
    z.union([z.string(), z.number()]).check(z.meta({ description: 'If sent, the token’s own user id' })),
  ),
});

export const operation = defineOperation('unlink-pulse-provider', {
  summary: 'Unlink a wearable provider',
  description:
    'The provider’s grant is revoked in the background with the tokens, which leave the store at once; webhooks ' +
    'for the account stop being taken. Readings already stored stay (`DELETE /v1/data` removes them). A provider ' +
    'not linked is a 404; `user_id`, if sent, must be the token’s own. Scope `mcp:write`.',
  tags: [PULSE_TAG],
  body: UnlinkPulseProviderRequestSchema,
  responses: {
    200: {
      description: 'Unlinked',
      schema: z.object({
        success: z.boolean(),
        message: z.string(),
        provider_slug: z.string(),
        user_id: z.string(),
      }),
    },
  },
  examples: [{ provider: 'oura' }, { provider: 'oura', platform: 'hds', user_id: '123456789012345' }],
});

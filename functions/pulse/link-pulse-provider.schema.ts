import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { ProviderSlugSchema, PULSE_TAG } from './pulse.schema';

export const LinkPulseProviderRequestSchema = z.object({
  provider: ProviderSlugSchema,
  platform: z.optional(z.string().check(z.maxLength(16), z.meta({ description: '`hds` (the default)' }))),
  return_url: z.optional(
    z
      .string()
      .check(
        z.maxLength(2048),
        z.meta({ description: 'Where the callback redirects once done; must start with an allowed return URL' }),
      ),
  ),
});

export const operation = defineOperation('link-pulse-provider', {
  summary: 'Start linking a wearable provider',
  description:
    'Answers the provider’s own consent URL (`link_web_url`) to open in a browser; the provider then sends the ' +
    'browser to `GET /api/v1/pulse/hds/{provider}/callback`, which stores the tokens sealed and starts the history ' +
    'backfill. An unconfigured provider is a 400; Apple Health is uploaded instead. 60 requests per minute per user ' +
    'and provider. Scope `mcp:write`.',
  tags: [PULSE_TAG],
  body: LinkPulseProviderRequestSchema,
  responses: {
    200: { description: 'The consent URL', schema: z.object({ link_web_url: z.string() }) },
  },
  examples: [{ provider: 'oura' }, { provider: 'oura', platform: 'hds', return_url: 'https://app.example.org/linked' }],
});

import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { ProviderSlugSchema, PULSE_TAG } from './pulse.schema';

const queryField = (description: string) => z.optional(z.string().check(z.meta({ description })));

export const CompletePulseLinkPathSchema = z.object({
  platform: z.string().check(z.meta({ description: '`hds`' })),
  provider: ProviderSlugSchema,
});

export const CompletePulseLinkQuerySchema = z.object({
  code: queryField('OAuth 2: the authorization code'),
  state: queryField('The single-use state of the link attempt'),
  error: queryField('The provider’s refusal (`access_denied` when the user declined)'),
  error_description: queryField('The provider’s words on the refusal'),
});

export const operation = defineOperation('complete-pulse-link', {
  summary: 'The provider’s redirect back after consent',
  description:
    'Public: its credential is the single-use `state`. Exchanges the code at once, stores the tokens sealed, ' +
    'queues the history backfill, then redirects to the link’s `return_url` with `provider` and ' +
    '`status=linked|denied|error`, or shows a page. A replayed or expired `state` is a 400 page.',
  tags: [PULSE_TAG],
  path: CompletePulseLinkPathSchema,
  query: CompletePulseLinkQuerySchema,
  responses: {
    200: { description: 'The provider is connected (page)', mediaType: 'text/html' },
    302: { description: 'Back to the app', headers: { Location: '`return_url?provider=<slug>&status=…`' } },
    400: { description: 'Denied, expired or replayed (page)', mediaType: 'text/html' },
    502: { description: 'The provider did not complete the link (page)', mediaType: 'text/html' },
  },
});

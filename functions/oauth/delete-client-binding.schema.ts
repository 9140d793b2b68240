import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';

export const BindingPathSchema = z.object({ client_id: z.string() });

export const operation = defineOperation('delete-client-binding', {
  summary: 'Unbind an OAuth client; its credentials grant is revoked at once',
  tags: ['Console'],
  path: BindingPathSchema,
  responses: {
    200: {
      description: 'Unbound',
      schema: z.object({ object: z.literal('oauth.binding'), client_id: z.string(), deleted: z.literal(true) }),
    },
  },
});

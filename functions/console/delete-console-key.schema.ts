import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { KeyPathSchema } from './console-keys.schema';

export const operation = defineOperation('delete-console-key', {
  summary: 'Revoke an API key at once',
  tags: ['Console'],
  path: KeyPathSchema,
  responses: {
    200: { description: 'Revoked', schema: z.object({ id: z.string(), deleted: z.literal(true) }) },
  },
});

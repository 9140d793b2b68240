import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { SubjectQuerySchema } from '../../shared/openapi/wire/common';
import { ResponsePathSchema } from './responses.schema';

export const operation = defineOperation('delete-response', {
  summary: 'Delete a stored response',
  tags: ['Agent'],
  path: ResponsePathSchema,
  query: SubjectQuerySchema,
  responses: {
    200: {
      description: 'Deleted',
      schema: z.object({ id: z.string(), object: z.literal('response.deleted'), deleted: z.literal(true) }),
    },
  },
});

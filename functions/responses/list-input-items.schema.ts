import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { queryInt } from '../data/list-data.schema';
import { ResponseItemSchema, ResponsePathSchema } from './responses.schema';

export const DEFAULT_INPUT_ITEMS = 20;
export const MAX_INPUT_ITEMS = 100;

export const InputItemsQuerySchema = z.object({
  user: z.optional(z.string()),
  limit: queryInt(1, MAX_INPUT_ITEMS, `Items per page (default ${DEFAULT_INPUT_ITEMS})`),
  order: z.optional(z.enum(['asc', 'desc']).check(z.meta({ description: 'Default `desc`' }))),
  after: z.optional(z.string().check(z.meta({ description: 'The id of the item before the page' }))),
});

export const operation = defineOperation('list-response-input-items', {
  summary: "List a stored response's input items",
  tags: ['Agent'],
  path: ResponsePathSchema,
  query: InputItemsQuerySchema,
  responses: {
    200: {
      description: 'A page of input items',
      schema: z.object({
        object: z.literal('list'),
        data: z.array(ResponseItemSchema),
        first_id: z.nullable(z.string()),
        last_id: z.nullable(z.string()),
        has_more: z.boolean(),
      }),
    },
  },
  examples: [{ limit: 10, order: 'asc' }],
});

import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { deletedSchema } from '../../shared/openapi/wire/common';
import { queryInt } from './list-data.schema';

export const DeleteDataQuerySchema = z.object({
  user: z.optional(z.string()),
  id: queryInt(1, Number.MAX_SAFE_INTEGER, 'Delete this one row'),
  indicator: z.optional(z.string().check(z.meta({ description: 'Else delete every row of this indicator' }))),
});

export const operation = defineOperation('delete-data', {
  summary: 'Delete readings: one row, an indicator, or all of a Subject',
  description: 'With neither `id` nor `indicator`, every reading of the Subject is deleted.',
  tags: ['Data'],
  query: DeleteDataQuerySchema,
  responses: { 200: { description: 'What was deleted', schema: deletedSchema({}) } },
  examples: [
    { user: 'alice', id: 12 },
    { user: 'alice', indicator: 'Glucose' },
  ],
});

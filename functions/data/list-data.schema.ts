import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { HealthRecordSchema, listOf, SubjectKeySchema } from '../../shared/openapi/wire/common';
import {
  DEFAULT_READINGS_LIMIT as DEFAULT_LIMIT,
  MAX_READINGS_LIMIT as MAX_LIMIT,
  MAX_READINGS_OFFSET as MAX_OFFSET,
} from '../../shared/services/readings';

/** A query-string integer: digits only, as `intParam` reads it. */
export const queryInt = (min: number, max: number, description: string) =>
  z.optional(z.coerce.number().check(z.int(), z.minimum(min), z.maximum(max), z.meta({ description })));

export const ListDataQuerySchema = z.object({
  user: z.optional(z.string()),
  limit: queryInt(1, MAX_LIMIT, `Rows per page (default ${DEFAULT_LIMIT})`),
  offset: queryInt(0, MAX_OFFSET, 'Rows to skip; page deeper with `cursor`'),
  cursor: z.optional(z.string().check(z.meta({ description: 'The `next_cursor` of the page before' }))),
  indicator: z.optional(z.string().check(z.meta({ description: 'Only rows of this indicator' }))),
});

export const ListDataResponseSchema = listOf(HealthRecordSchema, {
  has_more: z.boolean(),
  next_cursor: z.optional(z.string()),
  limit: z.number(),
  offset: z.number(),
  subject: SubjectKeySchema,
});

export const operation = defineOperation('list-data', {
  summary: 'Read a page of readings, newest first',
  tags: ['Data'],
  query: ListDataQuerySchema,
  responses: { 200: { description: 'A page of unexpired readings', schema: ListDataResponseSchema } },
  examples: [
    { user: 'alice', limit: 50 },
    { user: 'alice', indicator: 'Glucose' },
  ],
});

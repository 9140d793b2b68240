import * as z from 'zod/mini';
import { readingsPageQueryShape } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';
import { HealthRecordSchema } from '../../shared/openapi/wire/common';
import { ENGINE_TAG, OwnSubjectInputSchema } from './engine.schema';

/** `GET /v1/data`'s paging, on the token's user's own data. */
export const ListEngineHealthDataQuerySchema = z.object({
  ...readingsPageQueryShape,
  user: z.optional(OwnSubjectInputSchema),
});

export const ListEngineHealthDataSchema = z.object({
  records: z.array(HealthRecordSchema),
  has_more: z.boolean(),
  next_cursor: z.optional(z.string().check(z.meta({ description: 'Pass as `cursor` for the next page' }))),
  limit: z.number(),
  offset: z.number(),
});

export const operation = defineOperation('list-engine-health-data', {
  summary: "A page of the user's readings, newest first",
  description:
    "`GET /v1/data`'s rows and paging (`limit` 1–1000, default 100; `offset` up to 10,000, deeper by `cursor`; " +
    '`indicator` filters by substring) on the signed-in user’s own data. Scope `mcp:read`.',
  tags: [ENGINE_TAG],
  query: ListEngineHealthDataQuerySchema,
  responses: { 200: { description: 'A page of unexpired readings', schema: ListEngineHealthDataSchema } },
  examples: [{ limit: '50' }, { indicator: 'Glucose' }],
});

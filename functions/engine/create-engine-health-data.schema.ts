import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { HealthRecordSchema, RetentionInputSchema, SessionIdSchema } from '../../shared/openapi/wire/common';
import { DocumentedRecordsSchema } from '../data/create-data.schema';
import { ENGINE_TAG, OwnSubjectInputSchema } from './engine.schema';

/** `POST /v1/data`'s body on the user's own data; `retention` may be left out (the engine has none: `permanent`). */
export const CreateEngineHealthDataBodySchema = z.object({
  records: DocumentedRecordsSchema,
  retention: z.optional(RetentionInputSchema),
  session_id: z.nullish(SessionIdSchema),
  user: z.optional(OwnSubjectInputSchema),
});

export const CreateEngineHealthDataSchema = z.object({
  written: z.number().check(z.int(), z.meta({ description: 'Readings stored' })),
  standardized: z.number().check(z.int(), z.meta({ description: 'Of those, readings matched to a LOINC code' })),
  records: z.array(HealthRecordSchema),
});

export const operation = defineOperation('create-engine-health-data', {
  summary: "Write readings to the user's own data",
  description:
    "`POST /v1/data`'s writer (standardized to LOINC and UCUM, mirrored as FHIR; up to 500 records, all or none) on " +
    'the signed-in user’s own data; `retention` defaults to `permanent`. Answers the stored rows. Scope `mcp:write`.',
  tags: [ENGINE_TAG],
  body: CreateEngineHealthDataBodySchema,
  responses: { 200: { description: 'Stored and standardized', schema: CreateEngineHealthDataSchema } },
  examples: [
    {
      records: [
        { indicator: 'Glucose', value: 5.4, unit: 'mmol/L', time: '2026-06-16T07:30:00Z' },
        { indicator: 'Heart rate', value: 72, unit: 'bpm' },
      ],
    },
  ],
});

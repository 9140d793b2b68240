import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { SubjectKeySchema } from '../../shared/openapi/wire/common';

/** Longest `text` accepted, in characters (about 60 pages of a dense lab report). */
export const MAX_TEXT_CHARS = 200_000;

const source = {
  text: z.optional(z.string().check(z.meta({ description: `Report text, at most ${MAX_TEXT_CHARS} characters` }))),
  file_key: z.optional(z.string().check(z.meta({ description: 'A stored file of the Subject' }))),
};
const storing = {
  retention: z.optional(
    z.unknown().check(z.meta({ description: 'With `store`: permanent, 1d, 6h, 2h, 1h or session (required)' })),
  ),
  session_id: z.optional(z.unknown().check(z.meta({ description: 'With `retention: session`' }))),
};

/** The JSON request: exactly one of `text` or `file_key`; a dry run unless `store: true`. */
export const StandardizeRequestSchema = z
  .looseObject({
    user: z.nullish(z.string()),
    ...source,
    store: z.nullish(z.union([z.boolean(), z.enum(['true', 'false', ''])])),
    ...storing,
  })
  .check(z.meta({ id: 'StandardizeRequest' }));

/** The multipart request: a `file` (PDF, image, spreadsheet, CSV, text) or one of the JSON sources, as form fields. */
export const StandardizeFormSchema = z.looseObject({
  file: z.optional(z.string().check(z.meta({ contentMediaType: 'application/octet-stream' }))),
  user: z.optional(z.string()),
  ...source,
  store: z.optional(z.enum(['true', 'false', ''])),
  ...storing,
});

export const StandardizationSchema = z
  .object({
    object: z.literal('extraction'),
    data: z.array(
      z.object({
        indicator_raw: z.string(),
        value_raw: z.string(),
        unit_raw: z.nullable(z.string()),
        canonical_name: z.nullable(z.string()),
        loinc_code: z.nullable(z.string()),
        parsed_value: z.nullable(z.string()),
        unit_ucum: z.nullable(z.string()),
        confidence: z.number(),
        measured_at: z.nullable(z.string()),
        reference_range: z.nullable(z.string()),
        reference_low: z.nullable(z.number()),
        reference_high: z.nullable(z.number()),
        flag: z.nullable(z.string()),
        abnormal: z.nullable(z.boolean()),
      }),
    ),
    stored: z.boolean(),
    stored_count: z.number(),
    subject: SubjectKeySchema,
    note: z.optional(z.string()),
  })
  .check(z.meta({ id: 'Standardization', description: 'Readings read out of the text, standardized' }));

const doc = {
  tags: ['Standardize'],
  body: StandardizeRequestSchema,
  altBody: { mediaType: 'multipart/form-data' as const, schema: StandardizeFormSchema },
  responses: { 200: { description: 'The readings found (stored only with `store`)', schema: StandardizationSchema } },
  examples: [
    { user: 'alice', text: 'Glucose 5.4 mmol/L (3.9-5.5)\nHbA1c 6.1 %' },
    { user: 'alice', text: 'LDL cholesterol 3.2 mmol/L', store: true, retention: 'permanent' },
  ],
};

export const operation = defineOperation('create-standardization', {
  summary: 'Extract and standardize readings from text or a file',
  ...doc,
});

export const extractionOperation = defineOperation('create-extraction', {
  summary: 'Deprecated alias of POST /v1/standardize',
  deprecated: true,
  ...doc,
  responses: {
    200: { ...doc.responses[200], headers: { Deprecation: '`true`', Link: 'The successor: `</v1/standardize>`' } },
  },
});

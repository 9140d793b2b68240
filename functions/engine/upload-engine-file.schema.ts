import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { FileUploadSchema, RetentionInputSchema, SessionIdSchema } from '../../shared/openapi/wire/common';
import { ENGINE_TAG, OwnSubjectInputSchema } from './engine.schema';

/** The text fields of the multipart form (strings, as busboy hands them over). */
export const UploadEngineFileFieldsSchema = z.object({
  retention: z.optional(RetentionInputSchema),
  session_id: z.optional(SessionIdSchema),
  user: z.optional(OwnSubjectInputSchema),
});

export const UploadEngineFileBodySchema = z.object({
  file: z.string().check(
    z.meta({
      description: 'The file: PDF, image, spreadsheet, CSV or text (read by its bytes, not its name)',
      contentMediaType: 'application/octet-stream',
    }),
  ),
  ...UploadEngineFileFieldsSchema.shape,
});

const { object: _object, id: _id, subject: _subject, ...uploaded } = FileUploadSchema.shape;

export const UploadEngineFileSchema = z.object({
  file_key: z.string().check(z.meta({ description: 'The file’s key, as `uploaded-files` and `/v1/files` name it' })),
  ...uploaded,
});

export const operation = defineOperation('upload-engine-file', {
  summary: "Upload a file to the user's own data; it is read in the background",
  description:
    '`POST /v1/files`’s path (multipart field `file`; `retention` default `permanent`): stored, then its text and ' +
    'readings are extracted by the same pipeline (OCR, LOINC, UCUM, FHIR). Answers `status: processing`; ' +
    '`GET /api/v1/data/uploaded-files` shows when it is done. The same bytes again answer the stored file with ' +
    '`duplicate: true`. Scope `mcp:write`.',
  tags: [ENGINE_TAG],
  body: UploadEngineFileBodySchema,
  bodyMediaType: 'multipart/form-data',
  responses: { 200: { description: 'Stored; `status` is `processing` until read', schema: UploadEngineFileSchema } },
  examples: [{ file: 'Glucose 5.4 mmol/L' }],
});

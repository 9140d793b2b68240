import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { FileUploadSchema, RetentionInputSchema, SessionIdSchema } from '../../shared/openapi/wire/common';

/** The text fields of the multipart form, as busboy hands them over (strings). */
export const CreateFileFieldsSchema = z.object({
  user: z.optional(
    z.string().check(z.meta({ description: "The Subject (your end user's key); absent means `default`" })),
  ),
  retention: z.optional(RetentionInputSchema),
  session_id: z.optional(SessionIdSchema),
  allow_duplicate: z.optional(
    z.enum(['true', 'false']).check(z.meta({ description: 'Store the bytes again although the Subject holds them' })),
  ),
});

export const CreateFileBodySchema = z.object({
  file: z.string().check(
    z.meta({
      description: 'The file: PDF, image, spreadsheet, CSV or text (read by its bytes, not its name)',
      contentMediaType: 'application/octet-stream',
    }),
  ),
  ...CreateFileFieldsSchema.shape,
});

export const operation = defineOperation('create-file', {
  summary: 'Upload a file; its text and readings are extracted in the background',
  tags: ['Files'],
  body: CreateFileBodySchema,
  bodyMediaType: 'multipart/form-data',
  responses: { 200: { description: 'Stored; `status` is `processing` until extracted', schema: FileUploadSchema } },
  examples: [{ file: 'Glucose 5.4 mmol/L', user: 'alice', retention: 'permanent' }],
});

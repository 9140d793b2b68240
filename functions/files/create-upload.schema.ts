import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import {
  RetentionInputSchema,
  SessionIdSchema,
  SubjectKeyInputSchema,
  SubjectKeySchema,
} from '../../shared/openapi/wire/common';

export const CreateUploadSchema = z.object({
  user: z.nullish(SubjectKeyInputSchema),
  filename: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)),
  content_type: z.optional(z.string().check(z.maxLength(255))),
  bytes: z.number().check(z.int(), z.positive(), z.meta({ description: 'The exact size the upload will have' })),
  retention: z.nullish(RetentionInputSchema),
  session_id: z.nullish(SessionIdSchema),
});

export const UploadTicketSchema = z.object({
  object: z.literal('file.upload'),
  upload_id: z.string(),
  id: z.string().check(z.meta({ description: 'The file id the upload becomes' })),
  url: z.string().check(z.meta({ description: 'POST the form fields and then the file here (S3 presigned POST)' })),
  fields: z.record(z.string(), z.string()),
  max_bytes: z.number(),
  expires_at: z.number(),
  subject: SubjectKeySchema,
});

export const operation = defineOperation('create-upload', {
  summary: 'Start a presigned upload of a large file',
  tags: ['Files'],
  body: CreateUploadSchema,
  responses: { 200: { description: 'A presigned S3 POST, valid 15 minutes', schema: UploadTicketSchema } },
  examples: [{ user: 'alice', filename: 'scan.pdf', content_type: 'application/pdf', bytes: 25_000_000 }],
});

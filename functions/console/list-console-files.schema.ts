import * as z from 'zod/mini';
import { subjectKeyParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';

/** Query of `GET /api/console/files`. */
export const ListConsoleFilesQuerySchema = z.object({ user: subjectKeyParam() });

const fileStatus = z.enum(['processing', 'processed', 'failed']);

/** A file as `GET /v1/files` lists it (`toListItem`). */
export const FileListItemSchema = z.object({
  object: z.literal('file'),
  id: z.string(),
  file_key: z.string(),
  filename: z.string(),
  file_type: z.string(),
  bytes: z.int(),
  /** Epoch seconds. */
  created_at: z.int(),
  status: fileStatus,
  failure_reason: z.optional(z.string()),
  /** Why a file still `processing` takes longer (its job is retried). */
  processing_note: z.optional(z.string()),
  retention: z.string(),
  session_id: z.optional(z.string()),
  /** Readings extracted from it. */
  records: z.int(),
});

export const FileListSchema = z.object({
  object: z.literal('list'),
  data: z.array(FileListItemSchema),
  subject: z.string(),
});

/** A file with its parsed text and abstract, as `GET /v1/files/{file_key}` returns it. */
export const FileDetailSchema = z.object({
  object: z.literal('file'),
  id: z.string(),
  file_key: z.string(),
  filename: z.string(),
  file_type: z.string(),
  bytes: z.int(),
  created_at: z.int(),
  status: fileStatus,
  failure_reason: z.optional(z.string()),
  processing_note: z.optional(z.string()),
  /** The parsed text the agent reads; empty until the file is processed. */
  extracted_text: z.string(),
  abstract: z.string(),
  records: z.int(),
  subject: z.string(),
});

export const operation = defineOperation('list-console-files', {
  summary: "One Subject's files (console session)",
  description:
    'The live files of the Subject `user`, newest first, with their processing status, as `GET /v1/files` lists ' +
    'them. 404 when the account holds no such Subject.',
  tags: ['Console'],
  query: ListConsoleFilesQuerySchema,
  responses: { 200: { description: 'The files, newest first', schema: FileListSchema } },
  examples: [{ user: 'alice' }],
});

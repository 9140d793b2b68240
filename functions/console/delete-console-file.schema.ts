import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { ConsoleFilePathSchema, ConsoleFileQuerySchema } from './get-console-file.schema';

export const DeletedFileSchema = z.object({
  object: z.literal('file'),
  id: z.string(),
  deleted: z.literal(true),
  subject: z.string(),
});

export const operation = defineOperation('delete-console-file', {
  summary: 'Delete a file (console session)',
  description:
    'As `DELETE /v1/files/{file_key}`: the file is gone from every read at once (on `/v1` too) and its bytes and ' +
    'text are purged in the background; readings already extracted from it stay until deleted as readings. 404 when ' +
    'the account holds no such Subject, or the Subject no such live file.',
  tags: ['Console'],
  query: ConsoleFileQuerySchema,
  path: ConsoleFilePathSchema,
  responses: { 200: { description: 'The file was deleted', schema: DeletedFileSchema } },
  examples: [{ user: 'alice' }],
});

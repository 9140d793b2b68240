import * as z from 'zod/mini';
import { subjectKeyParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';
import { FileTextSchema } from '../files/get-file.schema';

/** Query of the console's file routes: the Subject the file belongs to. */
export const ConsoleFileQuerySchema = z.object({ user: subjectKeyParam() });
/** Path of the console's file routes: the file's key, which holds slashes (a greedy path parameter). */
export const ConsoleFilePathSchema = z.object({ file_key: z.string().check(z.minLength(1), z.maxLength(2048)) });

export const operation = defineOperation('get-console-file', {
  summary: "A file's status, parsed text and abstract (console session)",
  description:
    'One live file of the Subject `user` with its parsed text and abstract, as `GET /v1/files/{file_key}` returns ' +
    'it. 404 when the account holds no such Subject, or the Subject no such live file.',
  tags: ['Console'],
  query: ConsoleFileQuerySchema,
  path: ConsoleFilePathSchema,
  responses: { 200: { description: 'The file', schema: FileTextSchema } },
  examples: [{ user: 'alice' }],
});

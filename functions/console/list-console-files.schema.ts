import * as z from 'zod/mini';
import { subjectKeyParam } from '../../shared/http/query-schemas';
import { defineOperation } from '../../shared/openapi/operation';
import { FileListItemSchema, listOf, SubjectKeySchema } from '../../shared/openapi/wire/common';

/** Query of `GET /api/console/files`. */
export const ListConsoleFilesQuerySchema = z.object({ user: subjectKeyParam() });

/** As `GET /v1/files` answers. */
export const FileListSchema = listOf(FileListItemSchema, { subject: SubjectKeySchema });

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

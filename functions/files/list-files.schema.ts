import { defineOperation } from '../../shared/openapi/operation';
import { FileListItemSchema, listOf, SubjectKeySchema, SubjectQuerySchema } from '../../shared/openapi/wire/common';

export const operation = defineOperation('list-files', {
  summary: "List a Subject's live files, newest first",
  tags: ['Files'],
  query: SubjectQuerySchema,
  responses: { 200: { description: 'The files', schema: listOf(FileListItemSchema, { subject: SubjectKeySchema }) } },
  examples: [{ user: 'alice' }],
});

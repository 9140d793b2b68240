import { defineOperation } from '../../shared/openapi/operation';
import { listOf, SubjectKeySchema, SubjectQuerySchema } from '../../shared/openapi/wire/common';
import { ExportSchema } from './exports.schema';

export const operation = defineOperation('list-exports', {
  summary: "List a Subject's live exports, newest first (without download links)",
  tags: ['Exports'],
  query: SubjectQuerySchema,
  responses: { 200: { description: 'The exports', schema: listOf(ExportSchema, { subject: SubjectKeySchema }) } },
  examples: [{ user: 'alice' }],
});

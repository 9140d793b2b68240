import { defineOperation } from '../../shared/openapi/operation';
import { SubjectQuerySchema } from '../../shared/openapi/wire/common';
import { ExportPathSchema, ExportSchema } from './exports.schema';

export const operation = defineOperation('get-export', {
  summary: 'Read an export: its status, counts and, once completed, download links that expire',
  tags: ['Exports'],
  path: ExportPathSchema,
  query: SubjectQuerySchema,
  responses: { 200: { description: 'The export', schema: ExportSchema } },
});

import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { SubjectKeySchema, SubjectQuerySchema } from '../../shared/openapi/wire/common';
import { ExportPathSchema } from './exports.schema';

export const operation = defineOperation('delete-export', {
  summary: 'Delete an export and its file',
  tags: ['Exports'],
  path: ExportPathSchema,
  query: SubjectQuerySchema,
  responses: {
    200: {
      description: 'Deleted',
      schema: z.object({
        object: z.literal('export'),
        id: z.string(),
        deleted: z.literal(true),
        subject: SubjectKeySchema,
      }),
    },
  },
});

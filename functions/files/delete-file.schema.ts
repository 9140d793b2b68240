import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { SubjectKeySchema, SubjectQuerySchema } from '../../shared/openapi/wire/common';
import { FilePathSchema } from './files.schema';

export const operation = defineOperation('delete-file', {
  summary: 'Delete a file (its readings stay until deleted through /v1/data)',
  tags: ['Files'],
  path: FilePathSchema,
  query: SubjectQuerySchema,
  responses: {
    200: {
      description: 'Deleted; the bytes are purged in the background',
      schema: z.object({
        object: z.literal('file'),
        id: z.string(),
        deleted: z.literal(true),
        subject: SubjectKeySchema,
      }),
    },
  },
});

import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { SubjectKeySchema } from '../../shared/openapi/wire/common';

export const SubjectPathSchema = z.object({ user: z.string().check(z.meta({ description: 'The Subject key' })) });

export const operation = defineOperation('delete-subject', {
  summary: 'Erase a Subject (right to be forgotten)',
  description: 'Unreadable at once, purged in the background.',
  tags: ['Subjects'],
  path: SubjectPathSchema,
  responses: {
    200: {
      description: 'Erased; `counts_exact: false` says the counts of a large Subject are floors',
      schema: z.object({
        status: z.literal('ok'),
        subject: SubjectKeySchema,
        deleted: z.object({ records: z.number(), files: z.number(), conversations: z.number() }),
        counts_exact: z.boolean(),
      }),
    },
  },
});

import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { SubjectKeySchema, SubjectQuerySchema } from '../../shared/openapi/wire/common';
import { MemberPathSchema } from './family.schema';

export const operation = defineOperation('delete-family-member', {
  summary: "Delete a member of a Subject's care circle",
  tags: ['Family'],
  path: MemberPathSchema,
  query: SubjectQuerySchema,
  responses: {
    200: {
      description: 'Deleted',
      schema: z.object({
        object: z.literal('family_member'),
        id: z.string(),
        deleted: z.literal(true),
        subject: SubjectKeySchema,
      }),
    },
  },
});

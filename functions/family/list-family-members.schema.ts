import { defineOperation } from '../../shared/openapi/operation';
import { listOf, SubjectKeySchema, SubjectQuerySchema } from '../../shared/openapi/wire/common';
import { FamilyMemberSchema } from './family.schema';

export const operation = defineOperation('list-family-members', {
  summary: "List a Subject's family members, oldest first",
  tags: ['Family'],
  query: SubjectQuerySchema,
  responses: {
    200: { description: 'The care circle', schema: listOf(FamilyMemberSchema, { subject: SubjectKeySchema }) },
  },
  examples: [{ user: 'alice' }],
});

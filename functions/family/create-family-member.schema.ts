import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { SubjectKeyInputSchema } from '../../shared/openapi/wire/common';
import { FamilyMemberCreatedSchema } from './family.schema';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(max));

/** Body of `POST /v1/family-members`; `user` and `member_user` are normalized by the tenancy rules. */
export const CreateFamilyMemberSchema = z.object({
  user: z.nullish(SubjectKeyInputSchema),
  name: text(200),
  /** Free text: mother, father, child, sibling, spouse, other, … */
  relationship: text(100),
  member_user: z.nullish(z.string().check(z.meta({ description: "The member's own Subject key, when they have one" }))),
  notes: z.nullish(z.string().check(z.trim(), z.maxLength(2000))),
});

export type CreateFamilyMember = z.infer<typeof CreateFamilyMemberSchema>;

export const operation = defineOperation('create-family-member', {
  summary: "Record a member of a Subject's care circle",
  tags: ['Family'],
  body: CreateFamilyMemberSchema,
  responses: { 201: { description: 'Recorded', schema: FamilyMemberCreatedSchema } },
  examples: [{ user: 'alice', name: 'Maria', relationship: 'mother', member_user: 'maria', notes: 'Type 2 diabetes' }],
});

import * as z from 'zod/mini';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(max));

/** Body of `POST /v1/family-members`; `user` and `member_user` are normalized by the tenancy rules. */
export const CreateFamilyMemberSchema = z.object({
  name: text(200),
  /** Free text: mother, father, child, sibling, spouse, other, … */
  relationship: text(100),
  member_user: z.nullish(z.unknown()),
  notes: z.nullish(z.string().check(z.trim(), z.maxLength(2000))),
});

export type CreateFamilyMember = z.infer<typeof CreateFamilyMemberSchema>;

import * as z from 'zod/mini';
import { SubjectKeySchema } from '../../shared/openapi/wire/common';

/** A member of a Subject's care circle (`toFamilyMemberWire`). */
export const FamilyMemberSchema = z
  .object({
    object: z.literal('family_member'),
    id: z.string(),
    name: z.string(),
    relationship: z.string(),
    member_user: z.nullable(z.string()),
    notes: z.string(),
    created_at: z.number().check(z.meta({ description: 'Epoch seconds' })),
  })
  .check(z.meta({ id: 'FamilyMember', description: "A member of the Subject's care circle" }));

export const FamilyMemberCreatedSchema = z.object({ ...FamilyMemberSchema.shape, subject: SubjectKeySchema });

export const MemberPathSchema = z.object({ member_id: z.string() });

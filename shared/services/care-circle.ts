import { randomBytes } from 'node:crypto';
import { nowMs } from '../clock';
import { BadRequestError } from '../errors';
import type { Tenancy } from '../http/tenancy';
import type { CareCircleMember } from '../ports/care-circle';
import { SubjectErasedError } from '../ports/record-store';
import type { Services } from './container';

export interface NewFamilyMember {
  name: string;
  relationship: string;
  memberSubjectKey: string | null;
  notes: string;
}

/** A Subject's care circle holds at most this many members, so every read of it stays small. */
export const MAX_FAMILY_MEMBERS = 100;

/** 400: the care circle is full; a member must be deleted first. */
export class CareCircleFullError extends BadRequestError {
  constructor() {
    super(
      `A Subject can hold at most ${MAX_FAMILY_MEMBERS} family members; delete one first`,
      'too_many_family_members',
    );
  }
}

/**
 * Records a family member for the Subject of `subjectKey`, minting the Subject on first use (as a write
 * does). A mapping left pointing at an erased Subject is dropped once and the write starts afresh, as
 * `writeReadings` does.
 */
export async function addFamilyMember(
  services: Services,
  tenancy: Tenancy,
  subjectKey: string,
  input: NewFamilyMember,
): Promise<{ member: CareCircleMember; subjectKey: string }> {
  for (let attempt = 0; ; attempt++) {
    const subject = await tenancy.findOrCreate(subjectKey);
    if ((await services.careCircle.list(subject.subjectId)).length >= MAX_FAMILY_MEMBERS) {
      throw new CareCircleFullError();
    }
    const member: CareCircleMember = {
      id: newMemberId(),
      subjectId: subject.subjectId,
      ...input,
      createdAt: Math.floor(nowMs() / 1000),
    };
    try {
      await services.careCircle.add(member);
      return { member, subjectKey: subject.key };
    } catch (err) {
      if (!(err instanceof SubjectErasedError) || attempt > 0) throw err;
      await services.subjects.unmap(tenancy.accountId, subjectKey, subject.subjectId);
    }
  }
}

/** `fm_` + 24 hex digits: the creation time in milliseconds, then random, so ids sort in the order members were added. */
function newMemberId(): string {
  return `fm_${nowMs().toString(16).padStart(12, '0')}${randomBytes(6).toString('hex')}`;
}

/** Wire shape of a member on the family-members routes. */
export function toFamilyMemberWire(m: CareCircleMember) {
  return {
    object: 'family_member',
    id: m.id,
    name: m.name,
    relationship: m.relationship,
    member_user: m.memberSubjectKey,
    notes: m.notes,
    created_at: m.createdAt,
  };
}

/**
 * A Subject's care circle: the family members (and other carers) the caller recorded for them. The
 * agent reads it through `list_family_members`; an entry never grants access to anyone's data.
 */
export interface CareCircleMember {
  /** `fm_` + 24 hex digits, sorting in creation order. */
  id: string;
  subjectId: string;
  name: string;
  /** Free text such as mother, father, child, sibling, spouse, other. */
  relationship: string;
  /** The member's own Subject key under the same account (the wire's `member_user`, normalized), when they have one. */
  memberSubjectKey: string | null;
  notes: string;
  /** Epoch seconds. */
  createdAt: number;
}

export interface CareCircle {
  /** Adds a member; throws `SubjectErasedError` when the Subject was erased meanwhile. */
  add(member: CareCircleMember): Promise<void>;
  /** The Subject's members, in the order they were added. */
  list(subjectId: string): Promise<CareCircleMember[]>;
  /** Removes one member; false when the Subject has none with that id. */
  remove(subjectId: string, memberId: string): Promise<boolean>;
}

/** The (account, user) → Subject mapping. A Subject id is opaque and never reused. */
export interface Subject {
  subjectId: string;
  accountId: string;
  /** The normalized `user` value (`default` when the caller sent none). */
  user: string;
  createdAt: string;
}

export interface SubjectDirectory {
  find(accountId: string, user: string): Promise<Subject | null>;
  /** Returns the Subject, minting it on first use; concurrent first uses agree on one. */
  findOrCreate(accountId: string, user: string): Promise<Subject>;
  /**
   * Drops the mapping if it still points at `subjectId` (never one minted since); true when this call dropped it.
   * Used by the erase, and by a writer that met an erased Subject behind a mapping an erase has not dropped yet.
   */
  unmap(accountId: string, user: string, subjectId: string): Promise<boolean>;
}

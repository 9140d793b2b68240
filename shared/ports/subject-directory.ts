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
  /** Drops a mapping that still points at an erased Subject (a crashed erase), so the user can start afresh. */
  dropStale(accountId: string, user: string, subjectId: string): Promise<void>;
  /**
   * Drops the mapping and tombstones the Subject so nothing more can be written to it; returns the
   * erased Subject, or null when the account had none for that user.
   */
  erase(accountId: string, user: string): Promise<Subject | null>;
}

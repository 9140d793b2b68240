/** The (account, Subject key) → Subject mapping. A Subject id is opaque and never reused. */
export interface Subject {
  subjectId: string;
  accountId: string;
  /** The Subject key: the normalized wire `user` value (`default` when the caller sent none). */
  key: string;
  createdAt: string;
  /** An erase of this Subject began (its mapping is marked): nothing of it may be read any more. */
  erasing?: boolean;
}

export interface SubjectDirectory {
  /** The mapped Subject, `erasing` included when an erase of it began; reads must not use an erasing one. */
  find(accountId: string, subjectKey: string): Promise<Subject | null>;
  /** Every Subject key the account has a mapping for, erasing ones included (for the account-deletion worker). */
  listKeys(accountId: string): Promise<string[]>;
  /**
   * One page of the account's readable Subjects (none whose erase began), in Subject-key order, starting after the
   * key `after`; `next` is the last key of the page when more follow.
   */
  listPage(accountId: string, page: { limit: number; after?: string }): Promise<{ subjects: Subject[]; next?: string }>;
  /**
   * Returns the Subject, minting it on first use; concurrent first uses agree on one. A Subject whose erase began and
   * never finished (a crash part-way) is tombstoned and unmapped first, and a fresh one minted: never written to again.
   */
  findOrCreate(accountId: string, subjectKey: string): Promise<Subject>;
  /** Marks the mapping of `subjectId` as erasing (reads stop at once); false when it no longer names that Subject. */
  markErasing(accountId: string, subjectKey: string, subjectId: string): Promise<boolean>;
  /**
   * Drops the mapping if it still points at `subjectId` (never one minted since); true when this call dropped it.
   * Used by the erase, and by a writer that met an erased Subject behind a mapping an erase has not dropped yet.
   */
  unmap(accountId: string, subjectKey: string, subjectId: string): Promise<boolean>;
}

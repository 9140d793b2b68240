/** A person who signs in (design §1, item 3.1). Times are epoch seconds. */
export interface User {
  /** Random integer in [10^14, 2^53): safe as a JSON number, and leaks no sign-up count. */
  userId: number;
  /** The normalized address, kept once so the user can be mailed and shown it. */
  email: string;
  emailKey: string;
  /** Display name; empty until the user sets one. */
  name: string;
  accountId: string;
  state: 'pending' | 'active';
  createdAt: number;
  deletedAt?: number;
}

/**
 * The user's account, kept by another store (the accounts table), as the first sign-in needs it. The account is
 * created expiring like the pending user, so both vanish together when the sign-in loses its race or crashes, and
 * made lasting just before the user is activated: an active user therefore always has a lasting account.
 */
export interface PendingAccounts {
  /** Creates an account owned by `userId` that TTL removes at `pendingUntilEpochSeconds` unless activated; its id. */
  mint(userId: number, pendingUntilEpochSeconds: number): Promise<string>;
  /** Removes the account's expiry. Idempotent: it may run again for an account already lasting. */
  activate(accountId: string): Promise<void>;
}

/** Who signed in; `created` when this very call made the user (a first sign-in). */
export interface SignIn {
  userId: number;
  accountId: string;
  created: boolean;
}

/** Users and the email claims that make an address belong to one user at a time (design 3.1, 3.2). */
export interface UserDirectory {
  /**
   * The user of an address, made on its first sign-in (design §3 "First sign-in"): a pending user and account, then the
   * email claim, the one point of uniqueness, then both activated. Concurrent first sign-ins end with one user; a
   * claim left on a pending user by a crash is finished; a claim on a deleted or vanished user is taken over by a new
   * user with a new account.
   */
  signIn(emailKey: string, email: string, nowMs: number, accounts: PendingAccounts): Promise<SignIn>;
  /** The user, deleted ones included (check `deletedAt`); null when absent or pending past its expiry. */
  getUser(userId: number, nowMs: number): Promise<User | null>;
  /** False when there is no such user, or it is deleted. */
  updateName(userId: number, name: string): Promise<boolean>;
  /** Marks the user deleted; from then on its email claim counts as stale. False when there is no such user. */
  markDeleted(userId: number, nowMs: number): Promise<boolean>;
  /**
   * For the account-deletion worker, once grants and bindings are revoked: removes the email claim if it still names
   * this user, then everything under the user's key (the user item, its grant, consent and binding pointers).
   * Idempotent.
   */
  deleteUser(userId: number): Promise<void>;
}

/** A pending user (and its account) expires this long after it was made. */
export const PENDING_USER_SECONDS = 3600;

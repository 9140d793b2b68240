/** An account of a partner; API keys and Subjects belong to exactly one. */
export interface Account {
  accountId: string;
  name: string;
  createdAt: string;
  /** The person whose sign-in made the account; absent for accounts made by `npm run keys` or the bootstrap key. */
  ownerUserId?: number;
  /** An evaluation account (`HDS_EVAL_EMAILS`): everything it stores lives 24 hours at most. */
  evaluation?: boolean;
  /** The owner asked for the account's deletion (`POST /user/del`); the deletion worker removes it. */
  deletingAt?: string;
}

/** What is kept of an API key: never the secret, only its hash and a display prefix. */
export interface ApiKeyRecord {
  keyId: string;
  accountId: string;
  name: string;
  /** First characters of the secret, for recognising it in a list. */
  prefix: string;
  region: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

export interface AccountStore {
  createAccount(name: string): Promise<Account>;
  getAccount(accountId: string): Promise<Account | null>;
  /**
   * A signed-in person's account, made expiring (TTL at `pendingUntilEpochSeconds`) so that a first sign-in that loses
   * its race or crashes leaves nothing behind; `activateAccount` makes it lasting.
   */
  createOwnedAccount(
    ownerUserId: number,
    opts: { evaluation: boolean; pendingUntilEpochSeconds: number },
  ): Promise<Account>;
  /** Removes a pending account's expiry; idempotent. */
  activateAccount(accountId: string): Promise<void>;
  /** Every evaluation account (one Query on their pointer partition), for the sweep that caps their data at 24 h. */
  listEvaluationAccounts(): Promise<string[]>;
  /** Drops an evaluation account's pointer once the account is gone. */
  forgetEvaluationAccount(accountId: string): Promise<void>;
  /** Stores a new key by the hash of its secret. */
  putApiKey(record: ApiKeyRecord, secretHash: string): Promise<void>;
  /** Looks a key up by the hash of its secret: a single GetItem, never a scan. */
  findApiKeyByHash(secretHash: string): Promise<ApiKeyRecord | null>;
  /** One key of an account by its id (for re-checking the key a long-lived connection was opened with). */
  getApiKey(accountId: string, keyId: string): Promise<ApiKeyRecord | null>;
  listApiKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /** Returns false when the account holds no such key. */
  revokeApiKey(accountId: string, keyId: string, at: string): Promise<boolean>;
  /**
   * Records a key's last use on both of its items (the one authentication reads and the one the console lists), never
   * bringing back an item that was deleted meanwhile.
   */
  markKeyUsed(key: { secretHash: string; accountId: string; keyId: string }, at: string): Promise<void>;
  /** Marks the account as being deleted (idempotent: the first time is kept); false when there is no such account. */
  markDeleting(accountId: string, at: string): Promise<boolean>;
  /**
   * For the account-deletion worker, once its Subjects are erased: removes the account's keys (both items of each),
   * usage counters and any other item of its own, the account item last, so a re-run after a crash finds what is
   * left. Subject mappings are left alone (they go through the erase path); idempotent.
   */
  purgeAccount(accountId: string): Promise<void>;
}

/** A kept answer of a write made under an `Idempotency-Key`, as it is replayed. */
export interface KeptResponse {
  status: number;
  headers: Record<string, string>;
  /** `null` when the answer was too large to keep: the key is then spent, with nothing to replay. */
  body: string | null;
}

/** One account × key: the request it was first used for, and its answer once there is one. */
export interface IdempotencyRecord {
  fingerprint: string;
  state: 'pending' | 'done';
  response?: KeptResponse;
}

export interface IdempotencyClaim {
  accountId: string;
  key: string;
  fingerprint: string;
  /** Names this claim, so only its holder completes or releases it. */
  token: string;
  nowMs: number;
  /** Until when an unfinished claim holds the key; past it another request may take the key over. */
  leaseUntilMs: number;
  /** When the key is forgotten (24 h). */
  expiresAtMs: number;
}

export interface IdempotencyStore {
  /**
   * Claims the key with one conditional write: `claimed` when the key was free (never used, expired, or an abandoned
   * claim past its lease), else the record holding it.
   */
  claim(claim: IdempotencyClaim): Promise<{ claimed: true } | { claimed: false; existing: IdempotencyRecord }>;
  /** Keeps the answer of the claim `token` holds. */
  complete(accountId: string, key: string, token: string, response: KeptResponse): Promise<void>;
  /** Frees the key again (the request failed), if `token` still holds it. */
  release(accountId: string, key: string, token: string): Promise<void>;
}

/** What a user allowed a client (design 3.8 `CONSENT#`): the authorize page is skipped when it covers a request. */
export interface Consent {
  clientId: string;
  scopes: string[];
  /** When scopes were last added, epoch seconds. */
  grantedAt: number;
}

/** Users' consents to clients, remembered instead of a browser session. */
export interface Consents {
  /** Adds scopes to the user's consent for the client (a union, never a narrowing); returns every scope now consented. */
  grant(userId: number, clientId: string, scopes: readonly string[], nowMs: number): Promise<string[]>;
  get(userId: number, clientId: string): Promise<Consent | null>;
}

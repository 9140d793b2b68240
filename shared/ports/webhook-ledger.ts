/**
 * The webhook events already queued, by provider and the digest of the event's idempotency key (design §7.3): a
 * redelivery found here is skipped. The keyed write is what guarantees "nothing twice"; the ledger saves the calls.
 */
export interface WebhookLedger {
  seen(provider: string, keyDigest: string, nowSeconds: number): Promise<boolean>;
  remember(provider: string, keyDigest: string, ttlSeconds: number, nowSeconds: number): Promise<void>;
}

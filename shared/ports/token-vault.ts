/** Who a sealed secret belongs to; bound into the ciphertext, so a blob copied to another Subject or provider won't open. */
export interface VaultContext {
  /** `webhook-secret`: an outbound webhook endpoint's signing secret (subjectId: the account, provider: the endpoint). */
  purpose: 'pulse-token' | 'pulse-link-attempt' | 'webhook-secret';
  subjectId: string;
  provider: string;
}

/** An envelope-encrypted secret as stored at rest; every field but `v` and `kek` is base64. */
export interface SealedSecret {
  v: 1;
  /** Which key-encryption key wrapped the data key: a KMS key in the cloud, a key file locally. */
  kek: 'kms' | 'file';
  wrappedKey: string;
  iv: string;
  tag: string;
  ciphertext: string;
}

/**
 * Seals provider tokens under a fresh data key per secret. `open` throws when the context differs from the one the
 * secret was sealed with, or when any part of the blob was altered.
 */
export interface TokenVault {
  seal(plaintext: Uint8Array, context: VaultContext): Promise<SealedSecret>;
  open(sealed: SealedSecret, context: VaultContext): Promise<Uint8Array>;
}

import { randomUUID } from 'node:crypto';
import { displayPrefix, generateSecret, hashSecret } from '../domain/api-keys';
import type { AccountStore, ApiKeyRecord } from '../ports/account-store';

export interface IssuedKey {
  /** The whole secret: shown once, never stored. */
  secret: string;
  record: ApiKeyRecord;
}

/** Mints a key for an account and region; only its hash and display prefix are kept. */
export async function issueApiKey(
  accounts: AccountStore,
  accountId: string,
  opts: { name: string; region: string; secret?: string },
): Promise<IssuedKey> {
  const secret = opts.secret ?? generateSecret();
  const record: ApiKeyRecord = {
    keyId: `key_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
    accountId,
    name: opts.name,
    prefix: displayPrefix(secret),
    region: opts.region,
    createdAt: new Date().toISOString(),
    revokedAt: null,
    lastUsedAt: null,
  };
  await accounts.putApiKey(record, hashSecret(secret));
  return { secret, record };
}

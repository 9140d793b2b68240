import { nowMs } from '../clock';
import { ConflictError, NotFoundError } from '../errors';
import type { ApiKeyRecord } from '../ports/account-store';
import { issueApiKey } from './api-keys';
import type { Services } from './container';

/** Live keys an account may hold at once (design §7.1); revoked keys do not count. */
export const MAX_LIVE_KEYS = 100;

/** A key as the console shows it: never the secret, only the prefix that recognises it (gaps item 2). */
export interface ConsoleKeyWire {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  region: string;
}

export function toConsoleKeyWire(key: ApiKeyRecord): ConsoleKeyWire {
  return {
    id: key.keyId,
    name: key.name,
    prefix: key.prefix,
    created_at: key.createdAt,
    last_used_at: key.lastUsedAt,
    region: key.region,
  };
}

/** The account's live keys, oldest first. Revoked keys are gone from the list: they can do nothing any more. */
export async function listConsoleKeys(svc: Services, accountId: string): Promise<ConsoleKeyWire[]> {
  const keys = await svc.accounts.listApiKeys(accountId);
  return keys.filter((k) => !k.revokedAt).map(toConsoleKeyWire);
}

/**
 * A new key of the account in this region, its whole secret returned this once. The live-key bound is checked by
 * counting first: two creations racing at the bound may both pass, so it is a bound on what a person can pile up,
 * not an exact ceiling.
 */
export async function createConsoleKey(
  svc: Services,
  accountId: string,
  name: string,
): Promise<ConsoleKeyWire & { secret: string }> {
  const live = (await svc.accounts.listApiKeys(accountId)).filter((k) => !k.revokedAt).length;
  if (live >= MAX_LIVE_KEYS) {
    throw new ConflictError(`This account already holds ${MAX_LIVE_KEYS} live API keys; delete one first`);
  }
  const { secret, record } = await issueApiKey(svc.accounts, accountId, { name, region: svc.config.region });
  return { ...toConsoleKeyWire(record), secret };
}

/**
 * Revokes one of the account's keys: the item authentication reads is revoked first, so the very next request with
 * the key is refused. Another account's key, an unknown id and a key revoked already are all 404.
 */
export async function deleteConsoleKey(svc: Services, accountId: string, keyId: string): Promise<void> {
  const key = await svc.accounts.getApiKey(accountId, keyId);
  if (!key || key.revokedAt) throw new NotFoundError(`No API key '${keyId}' in this account`, 'key_id');
  await svc.accounts.revokeApiKey(accountId, keyId, new Date(nowMs()).toISOString());
}

import { createHash } from 'node:crypto';

/**
 * Whose a staged upload is, before any Subject may exist: the account and a digest of the Subject key (never the key
 * itself, which can be a person's name or email). Every staged object and every staging entry carries it, so an erase
 * of (account, Subject key) finds all of them even when that key never got a Subject.
 */
export function uploadOwner(accountId: string, subjectKey: string): string {
  return `${accountId}/${createHash('sha256').update(subjectKey).digest('base64url').slice(0, 22)}`;
}

/** A body posted to `POST /v1/files` too large for a request event, staged while it streams in (local runtime). */
export function directStagingKey(owner: string, uploadId: string): string {
  return `${STAGED_PREFIXES.direct}${owner}/${uploadId}`;
}

/** Where a presigned upload's object lands; the bucket announces it to the finalize worker. */
export function incomingKey(owner: string, uploadId: string): string {
  return `${STAGED_PREFIXES.incoming}${owner}/${uploadId}`;
}

/** The WebSocket chunks of one batch of one connection. */
export function socketBatchPrefix(owner: string, connectionId: string, messageId: string): string {
  return `${STAGED_PREFIXES.socket}${owner}/${encodeURIComponent(connectionId)}/${encodeURIComponent(messageId)}/`;
}

/**
 * The bucket prefixes of staged bytes: a lifecycle rule expires anything under them after a day, the sweeper does the
 * same where no lifecycle rule runs (the local bucket).
 */
export const STAGED_PREFIXES = { direct: 'staging/direct/', socket: 'staging/ws/', incoming: 'incoming/' } as const;

/** Everything staged for one owner, by prefix. */
export function ownerPrefixes(owner: string): string[] {
  return Object.values(STAGED_PREFIXES).map((p) => `${p}${owner}/`);
}

/** The upload id of a staged direct or presigned object: its last key segment. */
export function uploadIdOf(key: string): string {
  return key.split('/').pop() ?? '';
}

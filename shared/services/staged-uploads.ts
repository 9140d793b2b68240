import { ownerPrefixes, STAGED_PREFIXES, socketBatchPrefix, uploadOwner } from '../domain/upload-owner';
import type { SocketConnection } from '../ports/socket-gateway';
import type { Services } from './container';

/** Nothing is staged for longer than this, whatever happened to the upload. */
export const STAGED_MAX_AGE_MS = 24 * 3_600_000;

/**
 * Everything staged for (account, Subject key), whether or not a Subject was ever minted for them: chunks of WebSocket
 * batches, presigned objects never finalized, their tickets and batch entries. The bytes go first, so an erase cut
 * short leaves entries that still lead to what is left.
 */
export async function eraseStagedUploads(services: Services, accountId: string, subjectKey: string): Promise<void> {
  const owner = uploadOwner(accountId, subjectKey);
  for (const prefix of ownerPrefixes(owner)) await services.blobs.deletePrefix(prefix);
  for (const batch of await services.staging.batchesOf(owner)) {
    await services.staging.clear(owner, batch.connectionId, batch.messageId);
  }
  for (const reply of await services.staging.heldRepliesOf(owner)) await services.staging.releaseReply(owner, reply);
  await services.tickets.deleteAllOf(owner);
}

/**
 * The sweeper's part: staged objects older than a day (the bucket's lifecycle rule does the same on AWS; the local
 * bucket has none) and the due entries naming Subject keys and files (connections, tickets, staged batches).
 */
export async function sweepStagedUploads(services: Services, nowMs: number, maxItems: number): Promise<number> {
  let deleted = 0;
  for (const prefix of Object.values(STAGED_PREFIXES)) {
    deleted += await services.blobs.deleteOlderThan(prefix, nowMs - STAGED_MAX_AGE_MS);
  }
  return deleted + (await services.dueEntries.sweep(nowMs, maxItems));
}

/**
 * A connection that closes leaves its unfinished batches behind: their chunks and entries go now (a batch that ended
 * is the assembly worker's, which clears it). Nothing of an abandoned upload waits for a TTL.
 */
export async function abandonBatches(services: Services, connection: SocketConnection): Promise<void> {
  const owner = uploadOwner(connection.accountId, connection.subjectKey);
  for (const { messageId } of await services.staging.batchesOf(owner, connection.connectionId)) {
    const header = await services.staging.header(connection.connectionId, messageId);
    if (header?.ended) continue;
    await services.blobs.deletePrefix(socketBatchPrefix(owner, connection.connectionId, messageId));
    await services.staging.clear(owner, connection.connectionId, messageId);
  }
}

/**
 * The key layout of the records table, shared by every adapter writing to it: one Subject partition
 * holding its counter, rows, files, sessions, write intents, the watches of files being processed,
 * care-circle members, stored Agent API responses and conversation memories, and the sparse expiry index
 * the sweeper reads. Writers and the sweeper must agree on the shards, so they are defined once, here.
 */
export const SUBJECT_SK = '#SUBJECT';
export const RECORD_PREFIX = 'R#';
export const FILE_PREFIX = 'F#';
/**
 * A keyed row's key item, `K#<base64url(sha256(natural key))>` → `{rowId, digest}`: no time or session key, so no
 * row read sees it; it carries its row's expiry (and expiry index attributes), so it is filtered and swept with it.
 */
export const KEY_PREFIX = 'K#';
export const SESSION_PREFIX = 'SESSION#';
export const INTENT_PREFIX = 'W#';
/** Care-circle members: no time key, session key or expiry, so only a purge of the partition reaches them. */
export const FAMILY_PREFIX = 'FAMILY#';
/**
 * A file's processing watch: it comes due (expires into the sweeper) at the time by which the file's processing
 * should have ended, and is deleted once it has. One still there when due hands the file to the watchdog.
 */
export const WATCH_PREFIX = 'P#';
/**
 * Stored Agent API responses (`RESP#<id>`) and their pointers: one per response under its conversation
 * (`CONV#<digest>#<id>`) and, when session-bound, one under its session (`SESSRESP#<digest>#<seq>#<id>`).
 * None carries a time key or a session key, so row reads and session deletes never see them; the
 * expiring ones carry the expiry index attributes, so the sweeper deletes them.
 */
export const RESPONSE_PREFIX = 'RESP#';
export const CONVERSATION_PREFIX = 'CONV#';
export const SESSION_RESPONSE_PREFIX = 'SESSRESP#';
/**
 * Conversation memories, `MEM#<response created_at>#<response id>#<n>`: newest first by key, grouped per response.
 * No time key, session key or expiry, so no index sees them and only a retraction or a purge of the partition
 * removes them. No other prefix begins with `MEM#`, so no other query of the partition reaches them.
 */
export const MEMORY_PREFIX = 'MEM#';
/**
 * Wearable links, `LINK#<provider slug>`, with the provider's sealed tokens: no time key, session key or expiry, so
 * no index sees them; a detach deletes them, and a purge of the partition takes any left.
 */
export const LINK_PREFIX = 'LINK#';

/**
 * Bulk export jobs, `EXPORT#<id>`: no time key or session key, so row reads never see them; they carry the expiry
 * index attributes, so the sweeper deletes them once expired (their file, `blobKey`, first), and a purge of the
 * partition takes any left.
 */
export const EXPORT_PREFIX = 'EXPORT#';

/** The filter every read of the partition applies: an item past its `expiresAt` is gone, whatever TTL has done. */
export const LIVE_FILTER = 'attribute_not_exists(expiresAt) OR expiresAt > :now';

/** Partitions of the `byExpiry` index; the sweeper queries each of them. */
export const EXPIRY_SHARDS = 16;

/** The expiry shard of an item, from a number (a row id) or a string (a key). */
export function expiryShard(of: number | string): string {
  const n = typeof of === 'number' ? of : hash(of);
  return `X${n % EXPIRY_SHARDS}`;
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) >>> 0;
  return h;
}

import { nowMs } from '../clock';
import type { Tenancy } from '../http/tenancy';
import type { Tally } from '../ports/record-store';
import type { Services } from './container';
import { detachPulseLinks } from './pulse/detach';
import { eraseStagedUploads } from './staged-uploads';

/** How long an erase spends counting what it erased before it answers; the purge never waits for it. */
export const ERASURE_COUNT_BUDGET_MS = 250;

/**
 * What the purge job carries to announce the erase (`subject.erased`): the worker sends the event before it purges,
 * so a send that fails is retried with the job rather than lost with a request that already answered.
 */
export interface ErasureNotice {
  accountId: string;
  subjectKey: string;
  records: number;
  files: number;
  conversations: number;
  countsExact: boolean;
  /** When the erase happened (epoch milliseconds): the event's time, and with the Subject id its identity. */
  atMs: number;
}

export interface ErasureOutcome {
  deleted: { records: number; files: number; conversations: number };
  /** False when counting ran out of its budget: the numbers are then floors. The purge removes everything anyway. */
  countsExact: boolean;
}

/**
 * Right to be forgotten, answered in a bounded time whatever the Subject's size. The Subject is resolved once, its
 * mapping marked erasing (every read stops at once, even should this erase stop right here), then it is tombstoned
 * (no more writes to it, and the sweeper purges it should the purge job never run), then unmapped, then the live
 * items are counted within a short budget and the purge is queued. An erase cut off part-way is finished by its
 * retry, or by the next write for that Subject key, which tombstones and unmaps the marked Subject before minting
 * afresh. A writer racing the erase may have dropped the mapping itself on meeting the tombstone; the erase still
 * succeeds, and never unmaps a Subject minted since. Returns null when the account holds no Subject for `subjectKey`;
 * nothing is minted (what was staged for that key is removed all the same).
 */
export async function eraseSubject(
  services: Services,
  tenancy: Tenancy,
  subjectKey: string,
): Promise<ErasureOutcome | null> {
  // Uploads still staged are the Subject key's too, Subject or not.
  await eraseStagedUploads(services, tenancy.accountId, subjectKey);
  const subject = await tenancy.findToErase(subjectKey);
  if (!subject) return null;
  const now = nowMs();
  // Marked first: from here on nothing of it is read, even if this erase stops before the mapping is dropped.
  await services.subjects.markErasing(tenancy.accountId, subjectKey, subject.subjectId);
  await services.records.tombstoneSubject(subject.subjectId, now);
  // Tokens leave the store before the erase answers; the provider grants are revoked by the queued jobs.
  await detachPulseLinks(services, subject.subjectId);
  await services.subjects.unmap(tenancy.accountId, subjectKey, subject.subjectId);
  const deadline = Date.now() + ERASURE_COUNT_BUDGET_MS;
  const [records, files, conversations] = await Promise.all([
    services.records.tally(subject.subjectId, now, deadline),
    services.files.tally(subject.subjectId, now, deadline),
    services.conversations.tally(subject.subjectId, now, deadline),
  ]);
  const outcome: ErasureOutcome = {
    deleted: { records: records.count, files: files.count, conversations: conversations.count },
    countsExact: [records, files, conversations].every((t: Tally) => t.complete),
  };
  const erasure: ErasureNotice = {
    accountId: tenancy.accountId,
    subjectKey,
    ...outcome.deleted,
    countsExact: outcome.countsExact,
    atMs: now,
  };
  await services.queue.send('purge', { type: 'purge-subject', subjectId: subject.subjectId, erasure });
  return outcome;
}

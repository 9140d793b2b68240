import { nowMs } from '../clock';
import type { Tenancy } from '../http/tenancy';
import type { Services } from './container';

export interface ErasureCounts {
  records: number;
  files: number;
  conversations: number;
}

/**
 * Right to be forgotten. The Subject is tombstoned first (no more writes), then unmapped (every read
 * stops at once: reads go through the mapping), then a purge job deletes what is left. Should the job
 * never run, the tombstone expires into the sweeper, which purges instead. Returns null when the
 * account holds no Subject for `user`; nothing is minted.
 */
export async function eraseSubject(services: Services, tenancy: Tenancy, user: string): Promise<ErasureCounts | null> {
  const subject = await tenancy.find(user);
  if (!subject) return null;
  const now = nowMs();
  const counts: ErasureCounts = {
    records: await services.records.count(subject.subjectId, now),
    files: await services.files.count(subject.subjectId, now),
    conversations: await services.conversations.count(subject.subjectId, now),
  };
  await services.records.tombstoneSubject(subject.subjectId, now);
  const erased = await services.subjects.erase(tenancy.accountId, user);
  if (!erased) return null;
  await services.queue.send('purge', { type: 'purge-subject', subjectId: subject.subjectId });
  return counts;
}

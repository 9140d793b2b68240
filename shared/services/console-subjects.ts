import { nowMs } from '../clock';
import { NotFoundError } from '../errors';
import type { Tenancy } from '../http/tenancy';
import type { Subject } from '../ports/subject-directory';
import type { Services } from './container';

export const MAX_SUBJECTS_LIMIT = 100;
export const DEFAULT_SUBJECTS_LIMIT = 20;
/**
 * How long one page spends counting its Subjects' readings and files: counting reads every row, so a page of large
 * Subjects would otherwise take as long as their sizes add up to. Past it the counts are floors (`counts_exact`).
 */
export const SUBJECT_COUNT_BUDGET_MS = 1_000;
/** Subjects counted at once: enough to fill the budget, few enough not to flood the table with reads. */
const COUNTING_CONCURRENCY = 8;

/**
 * The console's Subject: the account's own, or 404 naming `user`. Unlike `/v1`, where reading an unknown Subject
 * yields empty lists, the console only names Subjects from its list, so an unknown one is one erased meanwhile (or
 * never this account's: tenancy finds only the caller's account's Subjects, so another account's are unknown too).
 */
export async function consoleSubject(tenancy: Tenancy, subjectKey: string): Promise<Subject> {
  const subject = await tenancy.find(subjectKey);
  if (!subject) throw new NotFoundError(`No Subject '${subjectKey}' in this account`, 'user');
  return subject;
}

/**
 * A page of the account's Subjects in key order, each with its live readings and files counted within the page's
 * budget. `cursor` is a `next_cursor` of the page before (validated by `decodeSubjectsCursor`).
 */
export async function subjectsPage(services: Services, accountId: string, query: { limit: number; after?: string }) {
  const page = await services.subjects.listPage(accountId, query);
  const now = nowMs();
  const deadline = Date.now() + SUBJECT_COUNT_BUDGET_MS;
  const data = await mapLimited(page.subjects, COUNTING_CONCURRENCY, async (subject) => {
    const [records, files] = await Promise.all([
      services.records.tally(subject.subjectId, now, deadline),
      services.files.tally(subject.subjectId, now, deadline),
    ]);
    return {
      object: 'subject' as const,
      user: subject.key,
      created_at: subject.createdAt,
      records: records.count,
      files: files.count,
      counts_exact: records.complete && files.complete,
    };
  });
  return {
    object: 'list' as const,
    data,
    has_more: page.next !== undefined,
    ...(page.next !== undefined ? { next_cursor: encodeSubjectsCursor(page.next) } : {}),
    limit: query.limit,
  };
}

function encodeSubjectsCursor(subjectKey: string): string {
  return Buffer.from(subjectKey, 'utf8').toString('base64url');
}

/** The Subject key a `next_cursor` names, or null when it is not one this API made. */
export function decodeSubjectsCursor(raw: string): string | null {
  const key = Buffer.from(raw, 'base64url').toString('utf8');
  return key !== '' && encodeSubjectsCursor(key) === raw ? key : null;
}

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

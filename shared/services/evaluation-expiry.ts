import { nowMs } from '../clock';
import { Tenancy } from '../http/tenancy';
import { errorFields, log } from '../log';
import type { Services } from './container';
import { eraseSubject } from './subject-eraser';

/** Nothing an evaluation account stores outlives this (issue 13: evaluation data is capped at 24 h). */
export const EVALUATION_DATA_SECONDS = 24 * 3600;

/**
 * Caps what evaluation accounts (`HDS_EVAL_EMAILS`) keep at 24 hours, whatever retention a write asked for and
 * whichever credential wrote it (a session, an OAuth token, a console key): each Subject of such an account is erased,
 * through the same path as `DELETE /v1/subjects/{user}`, once it is a day old, so nothing in it is older than that;
 * the next write starts a fresh Subject. Run by the retention sweep; an account that no longer exists loses its
 * pointer. Returns how many Subjects were erased.
 */
export async function expireEvaluationSubjects(svc: Services): Promise<number> {
  let erased = 0;
  for (const accountId of await svc.accounts.listEvaluationAccounts()) {
    const account = await svc.accounts.getAccount(accountId);
    if (!account) {
      await svc.accounts.forgetEvaluationAccount(accountId);
      continue;
    }
    const tenancy = new Tenancy({ accountId }, svc);
    for (const subjectKey of await svc.subjects.listKeys(accountId)) {
      const subject = await svc.subjects.find(accountId, subjectKey);
      if (!subject || Date.parse(subject.createdAt) > nowMs() - EVALUATION_DATA_SECONDS * 1000) continue;
      try {
        if (await eraseSubject(svc, tenancy, subjectKey)) erased++;
      } catch (err) {
        // One Subject's failure must not hold back the rest; the next sweep tries it again.
        log('error', 'evaluation subject not erased', { account: accountId, ...errorFields(err) });
      }
    }
  }
  return erased;
}

import { nowMs } from '../clock';
import { Tenancy } from '../http/tenancy';
import { log } from '../log';
import type { Services } from './container';
import { eraseSubject } from './subject-eraser';

/** The message `POST /user/del` leaves for the `delete-account` worker. */
export interface AccountDeletionJob {
  type: 'delete-account';
  accountId: string;
  userId: number;
}

const WHY = 'account-deleted';

/**
 * `POST /user/del`, the synchronous half (design §7.4): from its end on, no key and no token of the account works. The
 * user is marked deleted (its email claim is stale from here, so signing in again makes a new user and account at
 * once), the account marked deleting, every key revoked (the item authentication reads first), the worker queued, and
 * the user's grants revoked last: should any step fail, the caller's token still works to try again, and every step
 * may run twice.
 */
export async function beginAccountDeletion(svc: Services, who: { userId: number; accountId: string }): Promise<void> {
  const now = nowMs();
  const at = new Date(now).toISOString();
  await svc.users.markDeleted(who.userId, now);
  await svc.accounts.markDeleting(who.accountId, at);
  for (const key of await svc.accounts.listApiKeys(who.accountId)) {
    if (!key.revokedAt) await svc.accounts.revokeApiKey(who.accountId, key.keyId, at);
  }
  const job: AccountDeletionJob = { type: 'delete-account', accountId: who.accountId, userId: who.userId };
  await svc.queue.send('account-deletion', { ...job });
  await svc.grants.revokeAllForUser(who.userId, WHY, now);
}

/**
 * The `delete-account` worker (design §7.4), idempotent and safe to run again from any point: every Subject of the
 * account is erased through the same path as `DELETE /v1/subjects/{user}` (unreadable at once, purged by the
 * `purge-subject` worker), the clients the account registered are revoked with their grants, the user's client
 * bindings removed with theirs, then the account's own items (keys, usage) and the account, and last the user with
 * its pointers and email claim. A job naming an account its user does not own is refused and dropped.
 */
export async function finishAccountDeletion(svc: Services, job: AccountDeletionJob): Promise<void> {
  const now = nowMs();
  const account = await svc.accounts.getAccount(job.accountId);
  if (account && account.ownerUserId !== job.userId) {
    log('error', 'account deletion refused: the account is not the user’s', { accountId: job.accountId });
    return;
  }
  // Grants again: the request revokes them last, so a crash there leaves this to finish it.
  await svc.grants.revokeAllForUser(job.userId, WHY, now);
  if (account) {
    const tenancy = new Tenancy({ accountId: job.accountId }, svc);
    for (const subjectKey of await svc.subjects.listKeys(job.accountId)) {
      await eraseSubject(svc, tenancy, subjectKey);
    }
  }
  for (const clientId of await svc.oauthClients.listOwnedBy(job.accountId)) {
    await svc.oauthClients.revoke(clientId, now);
    await svc.grants.revokeAllForClient(clientId, WHY, now);
  }
  for (const clientId of await svc.clientBindings.listForUser(job.userId)) {
    const binding = await svc.clientBindings.unbind(clientId, job.userId);
    if (binding) await svc.grants.revoke(binding.grantId, WHY, now);
  }
  await svc.accounts.purgeAccount(job.accountId);
  await svc.users.deleteUser(job.userId);
}

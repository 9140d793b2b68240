import { nowMs } from '../../clock';
import { codeMacOf, emailKeyOf } from '../../domain/identity/email-address';
import { AppError, invalidField } from '../../errors';
import { addressKey, enforceKeyedLimit } from '../../http/rate-keys';
import type { PendingAccounts } from '../../ports/user-directory';
import type { Services } from '../container';
import { emailOf, isEvaluationCode, isEvaluationEmail } from './request-login-code';
import { CONSOLE_CLIENT_ID, CONSOLE_SESSION_SCOPE, tokenSetFor } from './token-set';

/** Code checks one client address may make per minute; each code also dies after 5 wrong tries. */
const CHECKS_PER_ADDRESS_PER_MINUTE = 30;
/** Evaluation accounts keep nothing longer than a day. */
export const EVALUATION_RETENTION_SECONDS = 24 * 3600;

/**
 * `POST /email/verify`: a right code (single use, within 10 minutes and 5 tries) signs the person in, making their
 * user and account at the first sign-in, and returns a session: a 30-day access token and a 60-day refresh token of a
 * new grant. Any wrong, expired, spent or locked code is the same -2, so the answer tells a guesser nothing more.
 */
export async function verifyLoginCode(svc: Services, raw: { email: unknown; code: unknown }, sourceIp?: string) {
  const { userId, accountId, evaluation } = await signInWithCode(svc, raw, sourceIp);
  const grant = await svc.grants.create(
    {
      userId,
      accountId,
      clientId: CONSOLE_CLIENT_ID,
      scope: CONSOLE_SESSION_SCOPE,
      kind: 'login',
      withRefresh: true,
      ...(evaluation ? { retentionCapSeconds: EVALUATION_RETENTION_SECONDS } : {}),
    },
    nowMs(),
  );
  if (!grant) throw new AppError('internal', 'The session could not be started; try again', { code: 'internal_error' });
  const tokens = await tokenSetFor(
    svc,
    { grantId: grant.grantId, userId, clientId: CONSOLE_CLIENT_ID, scope: CONSOLE_SESSION_SCOPE },
    grant.refreshToken,
  );
  return { ...tokens, webauthn_registered: false };
}

/** The email and code of a sign-in, checked in that order, before any limit is counted. */
export function credentialsOf(raw: { email: unknown; code: unknown }): { email: string; code: string } {
  const email = emailOf(raw.email);
  if (typeof raw.code !== 'string' || !/^\d{6}$/.test(raw.code)) {
    throw invalidField('code', 'code must be the 6-digit code from the sign-in email');
  }
  return { email, code: raw.code };
}

/**
 * Checks an email and code, and returns the person they sign in (made at the first sign-in). Shared by `/email/verify`
 * and the OAuth authorize pages, so both keep the same limits.
 */
export async function signInWithCode(
  svc: Services,
  raw: { email: unknown; code: unknown },
  sourceIp?: string,
): Promise<{ userId: number; accountId: string; evaluation: boolean }> {
  const { email, code } = credentialsOf(raw);
  await enforceKeyedLimit(
    svc,
    addressKey(sourceIp),
    'verify-code',
    CHECKS_PER_ADDRESS_PER_MINUTE,
    'sign-in code checks per minute from this address',
  );
  const pepper = await svc.pepper();
  const emailKey = emailKeyOf(pepper, email);
  const evaluation = isEvaluationEmail(svc, email);
  const accepted = evaluation
    ? isEvaluationCode(svc, code)
    : await svc.loginCodes.redeem(emailKey, codeMacOf(pepper, emailKey, code), nowMs());
  if (!accepted) throw new AppError('code_rejected', 'Wrong code or email validation failed');
  const signedIn = await svc.users.signIn(emailKey, email, nowMs(), pendingAccounts(svc, evaluation));
  return { userId: signedIn.userId, accountId: signedIn.accountId, evaluation };
}

function pendingAccounts(svc: Services, evaluation: boolean): PendingAccounts {
  return {
    mint: async (userId, pendingUntilEpochSeconds) =>
      (await svc.accounts.createOwnedAccount(userId, { evaluation, pendingUntilEpochSeconds })).accountId,
    activate: (accountId) => svc.accounts.activateAccount(accountId),
  };
}

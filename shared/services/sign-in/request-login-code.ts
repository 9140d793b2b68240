import { randomInt, timingSafeEqual } from 'node:crypto';
import { nowMs } from '../../clock';
import { codeMacOf, emailKeyOf, normalizeEmail } from '../../domain/identity/email-address';
import { AppError, invalidField } from '../../errors';
import { addressKey, enforceKeyedLimit } from '../../http/rate-keys';
import { errorFields, log } from '../../log';
import { LOGIN_CODE_TTL_SECONDS } from '../../ports/login-codes';
import type { Services } from '../container';

/** Sign-in code requests one client address may make per minute (any addresses, known or not). */
const CODES_PER_ADDRESS_PER_MINUTE = 10;

/**
 * `POST /email/login`: mails a fresh 6-digit code to the address, valid 10 minutes. Known and unknown addresses get
 * the same answer and the same work (no account is looked up here), so the answer reveals nothing about who has an
 * account. A second request for one address within 60 s is refused with when to retry; a failed send withdraws the
 * code, so the resend guard does not hold back the next try. The code is never logged.
 */
export async function requestLoginCode(svc: Services, rawEmail: unknown, sourceIp: string | undefined) {
  const email = emailOf(rawEmail);
  await enforceKeyedLimit(
    svc,
    addressKey(sourceIp),
    'login-code',
    CODES_PER_ADDRESS_PER_MINUTE,
    'sign-in codes per minute from this address',
  );
  if (isEvaluationEmail(svc, email)) return { email };
  const mail = svc.mail;
  if (!mail) throw new AppError('mail_not_configured', 'Email service not configured');
  const pepper = await svc.pepper();
  const emailKey = emailKeyOf(pepper, email);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeMac = codeMacOf(pepper, emailKey, code);
  const issued = await svc.loginCodes.issue(emailKey, codeMac, nowMs());
  if (!issued.issued) {
    throw new AppError(
      'rate_limited',
      `A code was sent to this address less than a minute ago. Retry after ${issued.retryAfterSeconds}s.`,
      { retryAfterSeconds: issued.retryAfterSeconds },
    );
  }
  try {
    await mail.send({ to: email, subject: 'Your HDS sign-in code', text: codeMessage(code) });
  } catch (err) {
    log('error', 'sign-in mail failed', errorFields(err));
    await svc.loginCodes.withdraw(emailKey, codeMac).catch(() => undefined);
    throw new AppError('internal', 'The sign-in code could not be sent; try again in a moment', {
      code: 'internal_error',
    });
  }
  return { email };
}

/** The request's address, normalized; anything that is not a plausible address is the -2 refusal. */
export function emailOf(raw: unknown): string {
  const email = normalizeEmail(raw);
  if (!email) throw invalidField('email', 'email must be a valid email address');
  return email;
}

/** Evaluation accounts (`HDS_EVAL_EMAILS`), off unless both the list and the fixed code are configured. */
export function isEvaluationEmail(svc: Services, email: string): boolean {
  const { evaluationEmails, evaluationCode } = svc.config.auth;
  return Boolean(evaluationCode) && evaluationEmails.some((listed) => normalizeEmail(listed) === email);
}

/** Whether `code` is the evaluation accounts' fixed code, compared in constant time. */
export function isEvaluationCode(svc: Services, code: string): boolean {
  const fixed = svc.config.auth.evaluationCode;
  return Boolean(fixed) && fixed!.length === code.length && timingSafeEqual(Buffer.from(fixed!), Buffer.from(code));
}

function codeMessage(code: string): string {
  const minutes = LOGIN_CODE_TTL_SECONDS / 60;
  return [
    `Your HDS sign-in code is ${code}`,
    '',
    `It is valid for ${minutes} minutes and works once. If you did not ask to sign in, ignore this message: nobody can`,
    'sign in without the code.',
    '',
  ].join('\r\n');
}

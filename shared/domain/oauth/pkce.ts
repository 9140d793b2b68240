import { createHash, timingSafeEqual } from 'node:crypto';
import { OAuthError } from './oauth-error';

/** RFC 7636 §4.1: code-verifier = 43*128unreserved, unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~". */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/**
 * An S256 challenge is BASE64URL(SHA-256(verifier)) (RFC 7636 §4.2): exactly 43 characters, and since 256 bits fill
 * only 4 bits of the last one, that character's low 2 bits are zero (one of `AEIMQUYcgkosw048`). Anything else can
 * never equal a computed challenge.
 */
const CODE_CHALLENGE = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

export type CodeChallengeMethod = 'S256';

/** RFC 7636 §4.2 S256: BASE64URL-ENCODE(SHA256(ASCII(code_verifier))). */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Whether `value` is a syntactically valid code verifier (RFC 7636 §4.1). */
export function isCodeVerifier(value: unknown): value is string {
  return typeof value === 'string' && CODE_VERIFIER.test(value);
}

/** Whether `value` is a syntactically valid S256 code challenge. */
export function isCodeChallenge(value: unknown): value is string {
  return typeof value === 'string' && CODE_CHALLENGE.test(value);
}

/**
 * `code_challenge_method`, S256 only. `plain` is refused (it protects nothing once the authorization request leaks),
 * and so is an absent method: RFC 7636 §4.3 makes absent mean `plain`, so treating it as S256 would misread a client
 * that sent a plain challenge. Throws `invalid_request`.
 */
export function parseCodeChallengeMethod(raw: string | undefined): CodeChallengeMethod {
  if (raw === 'S256') return 'S256';
  if (raw === undefined || raw === '') {
    throw new OAuthError('invalid_request', 'code_challenge_method is required and must be S256');
  }
  if (raw === 'plain')
    throw new OAuthError('invalid_request', 'code_challenge_method plain is not supported; use S256');
  throw new OAuthError('invalid_request', 'code_challenge_method must be S256');
}

/**
 * Whether `verifier` is well-formed and hashes to `challenge` (RFC 7636 §4.6), compared in constant time. A malformed
 * verifier never matches.
 */
export function verifierMatchesChallenge(verifier: unknown, challenge: string): boolean {
  if (!isCodeVerifier(verifier) || !isCodeChallenge(challenge)) return false;
  return timingSafeEqual(Buffer.from(s256Challenge(verifier)), Buffer.from(challenge));
}

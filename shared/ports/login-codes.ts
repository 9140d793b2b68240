/** Sign-in codes mailed to an address: one live code per address, a resend guard, a try limit, single use. */
export interface LoginCodes {
  /**
   * Stores a new code for the address (replacing an older one) unless one was issued less than the resend interval
   * ago: then `retryAfterSeconds` says how long to wait.
   */
  issue(
    emailKey: string,
    codeMac: string,
    nowMs: number,
  ): Promise<{ issued: true } | { issued: false; retryAfterSeconds: number }>;
  /** Removes a code that could not be mailed, if it is still the one stored, so the resend guard does not punish it. */
  withdraw(emailKey: string, codeMac: string): Promise<void>;
  /**
   * Checks a code: true once for the right code within its validity and its tries, which then is spent. Every check
   * counts a try before comparing, so concurrent guesses get no more comparisons than the limit.
   */
  redeem(emailKey: string, codeMac: string, nowMs: number): Promise<boolean>;
}

/** A code is valid this long. */
export const LOGIN_CODE_TTL_SECONDS = 10 * 60;
/** A new code for the same address waits this long. */
export const LOGIN_CODE_RESEND_SECONDS = 60;
/** Wrong tries after which a code is dead. */
export const LOGIN_CODE_MAX_TRIES = 5;

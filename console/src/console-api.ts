/**
 * How every view of the console reaches HDS: same-origin calls carrying the signed-in person's session. The shell
 * (`main.tsx`) owns sign-in and builds the one instance; views receive it as a prop and never read tokens.
 */
export interface ConsoleApi {
  /** Where the API lives relative to the page: `''` on the local runtime, `/live` under the cloud stage path. */
  readonly base: string;
  /**
   * `fetch(base + path)` with `Authorization: Bearer <session>`. A 401 is retried once after refreshing the
   * session; a second 401 signs the person out and the promise still resolves with that response.
   */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/** The `{error: {message, type, code, param}}` body of a failed call, or null when the body is not one. */
export async function errorOf(
  res: Response,
): Promise<{ message: string; code: string | null; param: string | null } | null> {
  try {
    const body = (await res.json()) as { error?: { message?: unknown; code?: unknown; param?: unknown } };
    const e = body.error;
    if (!e || typeof e.message !== 'string') return null;
    return {
      message: e.message,
      code: typeof e.code === 'string' ? e.code : null,
      param: typeof e.param === 'string' ? e.param : null,
    };
  } catch {
    return null;
  }
}

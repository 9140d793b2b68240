/**
 * The sign-in routes as the page calls them (README, Accounts and sign-in): `/email/login` and `/email/verify` answer
 * in the `{success, code, msg, data}` envelope, HTTP 200 for refusals; `/_local/*` exists on the local runtime only.
 */

interface AccountEnvelope<T> {
  success?: boolean;
  code?: number | null;
  msg?: string;
  data?: T | null;
}

export interface SignedIn {
  accessToken: string;
  refreshToken: string | null;
}

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json().catch(() => ({}))) as AccountEnvelope<T>;
  if (res.status === 429) {
    const wait = res.headers.get('retry-after');
    throw new Error(`${envelope.msg ?? 'Too many requests'}${wait ? `: try again in ${wait} s` : ''}.`);
  }
  if (!res.ok || envelope.success !== true || envelope.code !== 0 || !envelope.data) {
    throw new Error(envelope.msg ?? `Sign-in failed (HTTP ${res.status}).`);
  }
  return envelope.data;
}

/** Mails a 6-digit code; the same answer for known and unknown addresses. */
export async function requestCode(base: string, email: string): Promise<void> {
  await post<{ email: string }>(base, '/email/login', { email });
}

export async function verifyCode(base: string, email: string, code: string): Promise<SignedIn> {
  const data = await post<{ access_token?: unknown; refresh_token?: unknown }>(base, '/email/verify', { email, code });
  if (typeof data.access_token !== 'string') throw new Error('The service answered without an access token.');
  return {
    accessToken: data.access_token,
    refreshToken: typeof data.refresh_token === 'string' ? data.refresh_token : null,
  };
}

/** Whether the local runtime mails into its outbox folder (then the page may read the code from it). */
export async function localOutboxAvailable(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/_local/status`);
    if (!res.ok) return false;
    return ((await res.json()) as { outbox?: unknown }).outbox === true;
  } catch {
    return false;
  }
}

/** The newest code mailed to that address within 10 minutes, from the local outbox; null when there is none. */
export async function codeFromLocalOutbox(base: string, email: string): Promise<string | null> {
  const res = await fetch(`${base}/_local/outbox?email=${encodeURIComponent(email)}`);
  if (!res.ok) return null;
  const body = (await res.json()) as { code?: unknown };
  return typeof body.code === 'string' ? body.code : null;
}

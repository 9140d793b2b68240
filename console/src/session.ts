import type { ConsoleApi } from './console-api';

/**
 * The signed-in person's tokens (design §3). The access token lives in `sessionStorage`: it survives a reload and
 * dies with the tab. The refresh token lives in this object only: refresh tokens are single use with reuse
 * detection, and a duplicated tab (which copies `sessionStorage`) refreshing with the same one would revoke the
 * whole sign-in. `localStorage` is never used: it outlives the tab on a shared machine.
 */
const ACCESS_KEY = 'hds.console.access_token';
const EMAIL_KEY = 'hds.console.email';
/** The console's own first-party OAuth client (README, POST /oauth/token (refresh)). */
const CONSOLE_CLIENT_ID = 'hds-console';

export class Session {
  private refreshToken: string | null = null;
  private refreshing: Promise<boolean> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly base: string) {}

  get accessToken(): string | null {
    return sessionStorage.getItem(ACCESS_KEY);
  }

  get email(): string | null {
    return sessionStorage.getItem(EMAIL_KEY);
  }

  signIn(email: string, accessToken: string, refreshToken: string | null): void {
    sessionStorage.setItem(ACCESS_KEY, accessToken);
    sessionStorage.setItem(EMAIL_KEY, email);
    this.refreshToken = refreshToken;
    this.changed();
  }

  /** Forgets both tokens. There is no revocation route yet (design §9), so the grant itself stays until it expires. */
  signOut(): void {
    sessionStorage.removeItem(ACCESS_KEY);
    sessionStorage.removeItem(EMAIL_KEY);
    this.refreshToken = null;
    this.changed();
  }

  /** Called on every sign-in and sign-out; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * One refresh at a time: two concurrent refreshes with the same single-use token would be taken for a replay and
   * revoke the sign-in. False when there is no refresh token (after a reload) or the server refused it.
   */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.refreshOnce().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshOnce(): Promise<boolean> {
    const token = this.refreshToken;
    const email = this.email;
    if (!token || !email) return false;
    const res = await fetch(`${this.base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: CONSOLE_CLIENT_ID, refresh_token: token }),
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { access_token?: unknown; refresh_token?: unknown };
    if (typeof body.access_token !== 'string') return false;
    sessionStorage.setItem(ACCESS_KEY, body.access_token);
    this.refreshToken = typeof body.refresh_token === 'string' ? body.refresh_token : null;
    return true;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The `ConsoleApi` every view calls through: the session as a Bearer token, refreshed once on a 401. */
export function consoleApi(base: string, session: Session): ConsoleApi {
  const send = (path: string, init: RequestInit | undefined, token: string | null) => {
    const headers = new Headers(init?.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    return fetch(`${base}${path}`, { ...init, headers });
  };
  return {
    base,
    async fetch(path, init) {
      const used = session.accessToken;
      const res = await send(path, init, used);
      if (res.status !== 401) return res;
      // Another call may have refreshed meanwhile: then retry with its token instead of spending the refresh token.
      const fresh = session.accessToken !== used || (await session.refresh());
      if (!fresh) {
        session.signOut();
        return res;
      }
      const retried = await send(path, init, session.accessToken);
      if (retried.status === 401) session.signOut();
      return retried;
    },
  };
}

/** Design §7.1: 1 to 10 redirect URIs per client. */
export const MAX_REDIRECT_URIS = 10;
/** Design §7.1 (and §3's item-size sums): each URI at most 2,000 characters. */
export const MAX_REDIRECT_URI_CHARS = 2000;

/** RFC 3986 characters only (unreserved, reserved, `%`): no spaces, controls, quotes, angle brackets or non-ASCII. */
const URI_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/;
const BAD_PERCENT = /%(?![0-9A-Fa-f]{2})/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
/** The loopback hosts of design §7.1, written literally, with an optional port. */
const LOOPBACK_AUTHORITY = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/;

export type RedirectUriKind = 'https' | 'loopback' | 'private-use';

/**
 * Why `raw` cannot be a registered redirect URI, as a phrase to follow the field name (`redirect_uris[0] must …`), or
 * null when it is acceptable. The rules (design §7.1, RFC 6749 §3.1.2, RFC 8252 §7):
 * - a string of 1–2,000 characters of RFC 3986 (non-ASCII must be percent-encoded, `%` must start an escape);
 * - absolute, with the scheme written in lower case (so one URI has one spelling to match exactly);
 * - no fragment (RFC 6749 §3.1.2), not even an empty `#`;
 * - no userinfo (`https://a@b` reads as host `a` to a person and goes to `b`);
 * - `https:` with a host; `http:` only on `localhost`, `127.0.0.1` or `[::1]` written as such (RFC 8252 §7.3); or a
 *   private-use scheme containing a dot, the reverse-domain form of RFC 8252 §7.1 (this is also what keeps
 *   `javascript:`, `data:`, `file:` and `vbscript:` out: none has a dot).
 */
export function redirectUriProblem(raw: unknown): string | null {
  if (typeof raw !== 'string') return 'must be a string';
  if (raw.length === 0) return 'must not be empty';
  if (raw.length > MAX_REDIRECT_URI_CHARS) return `must be at most ${MAX_REDIRECT_URI_CHARS} characters`;
  if (!URI_CHARS.test(raw)) return 'must be an ASCII URI without spaces or quotes (percent-encode other characters)';
  if (BAD_PERCENT.test(raw)) return 'must use % only in percent-encodings';
  if (raw.includes('#')) return 'must not contain a fragment';
  const scheme = SCHEME.exec(raw)?.[1];
  if (!scheme || !URL.canParse(raw)) return 'must be an absolute URI';
  if (scheme !== scheme.toLowerCase()) return 'must write its scheme in lower case';
  const authority = authorityOf(raw);
  if (authority?.includes('@')) return 'must not contain userinfo';
  if (scheme === 'https') {
    if (!authority || new URL(raw).hostname === '') return 'must name a host';
    return null;
  }
  if (scheme === 'http') {
    if (authority === null || !LOOPBACK_AUTHORITY.test(authority)) {
      return 'may use http only on a loopback host (localhost, 127.0.0.1 or [::1]); use https';
    }
    return null;
  }
  if (!scheme.includes('.')) {
    return 'must use https, http on a loopback host, or a private-use scheme with a dot such as com.example.app (RFC 8252 7.1)';
  }
  return null;
}

/** What sort of redirect URI an accepted one is. Call only on a URI `redirectUriProblem` accepted. */
export function redirectUriKind(uri: string): RedirectUriKind {
  const scheme = SCHEME.exec(uri)?.[1];
  if (scheme === 'https') return 'https';
  if (scheme === 'http') return 'loopback';
  return 'private-use';
}

/**
 * The registered URI that `candidate` names, or undefined. Matching is **exact string comparison** (RFC 6749
 * §3.1.2.3 with RFC 3986 §6.2.1 simple string comparison), loopback included: HDS does not grant RFC 8252 §7.3's
 * "any port on loopback" latitude. A native app on an ephemeral port registers the URI it will use (registration is
 * dynamic and anonymous), which keeps one rule for every client and no parser differential in the comparison.
 */
export function findRedirectUri(registered: readonly string[], candidate: unknown): string | undefined {
  if (typeof candidate !== 'string') return undefined;
  return registered.find((uri) => uri === candidate);
}

/**
 * `uri` with `params` appended to its query (RFC 6749 §3.1.2: the registered query is retained). The existing query
 * is kept byte for byte, not re-serialized; undefined values are left out.
 */
export function appendQuery(uri: string, params: Readonly<Record<string, string | undefined>>): string {
  const added = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) added.append(name, value);
  const query = added.toString();
  if (query === '') return uri;
  const joiner = !uri.includes('?') ? '?' : uri.endsWith('?') || uri.endsWith('&') ? '' : '&';
  return `${uri}${joiner}${query}`;
}

/**
 * The CSP source that lets a form's redirect reach `uri` (`form-action`, design §7.3 step 4): its origin for `https`
 * and loopback `http`, its scheme (`com.example.app:`) for a private-use scheme, which has no origin.
 */
export function formActionSource(uri: string): string {
  if (redirectUriKind(uri) === 'private-use') return `${SCHEME.exec(uri)?.[1] ?? ''}:`;
  return new URL(uri).origin;
}

/** What the consent page shows as "where you will be sent": host and port, or the private-use scheme. */
export function redirectDisplayHost(uri: string): string {
  if (redirectUriKind(uri) === 'private-use') return SCHEME.exec(uri)?.[1] ?? uri;
  return new URL(uri).host;
}

/** The raw authority (`//` up to the next `/`, `?` or `#`), or null when the URI has none. */
function authorityOf(uri: string): string | null {
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(uri);
  return match ? (match[1] ?? '') : null;
}

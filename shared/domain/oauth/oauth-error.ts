import { AppError, type OAuthErrorKind } from '../../errors';

/**
 * The error codes HDS's OAuth surfaces answer with: RFC 6749 §4.1.2.1 and §5.2, RFC 7591 §3.2.2 (`invalid_redirect_uri`,
 * `invalid_client_metadata`), gaps 13 (`expired_token`, a refresh past its 60 days), and OpenID Connect Core §3.1.2.6
 * (`login_required`, the answer to `prompt=none`, since HDS keeps no browser session that could sign a user in silently).
 */
export type OAuthErrorCode = OAuthErrorKind;

/** What RFC 6749 §5.2 allows in `error_description`: printable ASCII without `"` and `\`. */
const DESCRIPTION_CHAR = /[\x20\x21\x23-\x5B\x5D-\x7E]/;
const MAX_DESCRIPTION_CHARS = 300;

/**
 * An OAuth protocol error, free of transport: no status, header or body shape. The HTTP adapter decides those (design
 * §2: 401 + `WWW-Authenticate` for `invalid_client`, 302 to the client for a redirectable authorize error, …).
 */
export class OAuthError extends AppError {
  readonly error: OAuthErrorCode;
  /** Safe to send as `error_description` (RFC 6749 §5.2 charset, ≤ 300 characters): anything else becomes `?`. */
  readonly description: string;

  constructor(error: OAuthErrorCode, description: string) {
    const safe = sanitizeDescription(description);
    super(error, safe, { code: error });
    this.name = 'OAuthError';
    this.error = error;
    this.description = safe;
  }

  /** The RFC 6749 §5.2 / RFC 7591 §3.2.2 body. */
  toJSON(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.description };
  }
}

function sanitizeDescription(text: string): string {
  let out = '';
  for (const ch of text.slice(0, MAX_DESCRIPTION_CHARS)) out += DESCRIPTION_CHAR.test(ch) ? ch : '?';
  return out;
}

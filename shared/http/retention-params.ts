import { canonicalRetention, isRetention, RETENTIONS, type StoredRetention } from '../domain/retention';
import { BadRequestError } from '../errors';

const MAX_SESSION_ID_LENGTH = 256;

export interface RetentionParams {
  retention: StoredRetention;
  /** Set when the caller sent one; records are session-scoped only with `retention=session`. */
  sessionId: string | null;
}

/**
 * `retention` and `session_id` of a stored write. The grain is required with no default where the
 * spec says so (`/v1/data`, standardize with store); `none` is never a stored grain; `session`
 * needs a `session_id`.
 */
export function retentionParams(
  body: Record<string, unknown>,
  opts: { required: boolean; fallback?: StoredRetention } = { required: true },
): RetentionParams {
  const raw = body.retention;
  const sessionId = sessionIdParam(body.session_id);
  let retention: StoredRetention;
  if (raw === undefined || raw === null) {
    if (opts.required || !opts.fallback) {
      throw new BadRequestError(
        `retention is required: one of ${RETENTIONS.filter((r) => r !== 'none').join(', ')}`,
        'invalid_retention',
        'retention',
      );
    }
    retention = opts.fallback;
  } else if (!isRetention(raw)) {
    throw new BadRequestError(
      `retention must be one of ${RETENTIONS.filter((r) => r !== 'none').join(', ')}`,
      'invalid_retention',
      'retention',
    );
  } else if (raw === 'none') {
    throw new BadRequestError(
      "retention 'none' is only valid for inline health_context on chat completions; stored writes need a retention grain",
      'invalid_retention',
      'retention',
    );
  } else {
    retention = canonicalRetention(raw);
  }
  if (retention === 'session' && !sessionId) {
    throw new BadRequestError('retention=session requires a session_id', 'invalid_session', 'session_id');
  }
  return { retention, sessionId };
}

export function sessionIdParam(raw: unknown, param = 'session_id'): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > MAX_SESSION_ID_LENGTH || hasControlCharacters(raw)) {
    throw new BadRequestError(
      `${param} must be a non-empty string of at most ${MAX_SESSION_ID_LENGTH} printable characters`,
      'invalid_session',
      param,
    );
  }
  return raw;
}

function hasControlCharacters(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) < 0x20) return true;
  return false;
}

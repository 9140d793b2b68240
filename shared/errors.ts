/**
 * Application errors, free of any transport: a kind, a message and what identifies the problem. No status, header or
 * body shape lives here; each surface's envelope (`shared/http/envelopes.ts`) decides those, so one service can answer
 * `/v1` in the OpenAI shape, email login in `{success, code, msg, data}` and OAuth in `{error, error_description}`.
 */

export type ErrorKind =
  | 'invalid_input'
  | 'unsupported_parameter'
  | 'missing_credentials'
  | 'invalid_api_key'
  | 'invalid_token'
  | 'insufficient_scope'
  /** The caller is who they say, but what the request names is not theirs to reach (another user's id). */
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media'
  | 'unprocessable'
  | 'rate_limited'
  | 'mail_not_configured'
  | 'code_rejected'
  | OAuthErrorKind
  | 'upstream'
  | 'unavailable'
  | 'deadline'
  | 'internal';

/**
 * RFC 6749 §5.2 / §4.1.2.1 and RFC 7591 §3.2.2 errors, by their own names (plus `expired_token`, gaps item 13, and
 * RFC 8707 §2 `invalid_target`).
 */
export type OAuthErrorKind =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'expired_token'
  | 'login_required'
  | 'server_error'
  | 'temporarily_unavailable';

export interface AppErrorDetails {
  /** A short machine-readable name on `/v1` (`invalid_retention`, `invalid_api_key`); null when the kind says it all. */
  code?: string | null;
  /** The request field at fault, as the wire names it (`records[3].time`). */
  param?: string | null;
  retryAfterSeconds?: number;
  /** Rate limits: the limit and the epoch second its window resets. */
  limit?: number;
  resetAt?: number;
  /** Methods a path does allow (`method_not_allowed`). */
  allow?: string[];
  /**
   * The protected-resource metadata URL a bearer challenge names (RFC 9728 §5.1), set by the authentication of a
   * protected resource that has such a document (`/mcp`), so a client can find the authorization server.
   */
  resourceMetadata?: string;
}

export class AppError extends Error {
  readonly code: string | null;
  readonly param: string | null;
  readonly retryAfterSeconds?: number;
  readonly limit?: number;
  readonly resetAt?: number;
  readonly allow?: string[];
  readonly resourceMetadata?: string;

  constructor(
    readonly kind: ErrorKind,
    message: string,
    details: AppErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
    this.code = details.code ?? null;
    this.param = details.param ?? null;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.limit = details.limit;
    this.resetAt = details.resetAt;
    this.allow = details.allow;
    this.resourceMetadata = details.resourceMetadata;
  }

  /** The same error, its challenge naming the protected-resource metadata at `url`. */
  withResourceMetadata(url: string): AppError {
    const { code, param, retryAfterSeconds, limit, resetAt, allow } = this;
    return new AppError(this.kind, this.message, {
      code,
      param,
      retryAfterSeconds,
      limit,
      resetAt,
      allow,
      resourceMetadata: url,
    });
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, code: string | null, param: string | null = null) {
    super('invalid_input', message, { code, param });
  }
}

/** No usable credentials were sent (`code` null), or the API key sent is not a live key of this region. */
export class UnauthorizedError extends AppError {
  constructor(message: string, code: 'invalid_api_key' | null) {
    super(code === 'invalid_api_key' ? 'invalid_api_key' : 'missing_credentials', message, { code });
  }
}

export class NotFoundError extends AppError {
  constructor(message: string, param: string | null = null) {
    super('not_found', message, { param });
  }
}

/** The request names someone the credentials do not act for; no scope would change that. */
export class ForbiddenError extends AppError {
  constructor(message: string, param: string | null = null) {
    super('forbidden', message, { code: 'forbidden', param });
  }
}

export class MethodNotAllowedError extends AppError {
  constructor(method: string, path: string, allowed: string[]) {
    super('method_not_allowed', `Method ${method} is not allowed on ${path}`, { allow: allowed });
  }
}

export class ConflictError extends AppError {
  constructor(message: string, param: string | null = null) {
    super('conflict', message, { code: 'conflict', param });
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string, param: string | null = null) {
    super('payload_too_large', message, { param });
  }
}

export class RateLimitError extends AppError {
  constructor(
    limit: number,
    retryAfterSeconds: number,
    resetEpochSeconds: number,
    what = 'requests per minute on this path for this account',
  ) {
    super('rate_limited', `Rate limit exceeded: ${limit} ${what}. Retry after ${retryAfterSeconds}s.`, {
      retryAfterSeconds,
      limit,
      resetAt: resetEpochSeconds,
    });
  }
}

/** Anything unexpected: the message never carries the cause, only the request id to quote. */
export class InternalError extends AppError {
  constructor(requestId: string) {
    super('internal', `The server had an error processing the request (request id ${requestId}).`, {
      code: 'internal_error',
    });
  }
}

/** A field-level 400 in the spec's shape: `code` is `invalid_<field>`, `param` the full path. */
export function invalidField(param: string, message: string): BadRequestError {
  return new BadRequestError(message, `invalid_${leafName(param)}`, param);
}

/** `records[3].time` → `time`; `records` → `records`. */
function leafName(param: string): string {
  const parts = param.split(/[.[\]]+/).filter((p) => p && !/^\d+$/.test(p));
  return (parts[parts.length - 1] ?? 'request').replace(/[^a-zA-Z0-9_]/g, '_');
}

/** A file type this service cannot read. */
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string, param: string | null = 'file', code = 'unsupported_file_type') {
    super('unsupported_media', message, { code, param });
  }
}

/** The input is well-formed, but no text could be taken from it. */
export class UnprocessableError extends AppError {
  constructor(message: string, param: string | null = null) {
    super('unprocessable', message, { param });
  }
}

/**
 * The work could not finish within the request's time (API Gateway ends every request at 29 s); the message says
 * which way does not have that limit.
 */
export class DeadlineError extends AppError {
  constructor(message: string, param: string | null = null) {
    super('deadline', message, { code: 'deadline_exceeded', param });
  }
}

/** The upstream model failed; transient, retry with backoff. */
export class UpstreamError extends AppError {
  constructor(message: string) {
    super('upstream', message);
  }
}

/** A store this request needs is not reachable; retry later. */
export class UnavailableError extends AppError {
  constructor(message: string) {
    super('unavailable', message, { code: 'service_unavailable' });
  }
}

/**
 * The hosted /v1 error envelope: `{error: {message, type, code, param}}`. `type` is always
 * `invalid_request_error` (spec, Errors); `code` and `param` identify the problem.
 */
export interface ErrorBody {
  error: { message: string; type: 'invalid_request_error'; code: string | null; param: string | null };
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly param: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }

  toJSON(): ErrorBody {
    return { error: { message: this.message, type: 'invalid_request_error', code: this.code, param: this.param } };
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, code: string | null, param: string | null = null) {
    super(400, message, code, param);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message: string, code: 'invalid_api_key' | null) {
    super(401, message, code);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string, param: string | null = null) {
    super(404, message, null, param);
  }
}

export class MethodNotAllowedError extends HttpError {
  constructor(method: string, path: string, allowed: string[]) {
    super(405, `Method ${method} is not allowed on ${path}`, null, null, { allow: allowed.join(', ') });
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message: string, param: string | null = null) {
    super(413, message, null, param);
  }
}

export class RateLimitError extends HttpError {
  constructor(
    limit: number,
    retryAfterSeconds: number,
    resetEpochSeconds: number,
    what = 'requests per minute on this path for this account',
  ) {
    super(429, `Rate limit exceeded: ${limit} ${what}. Retry after ${retryAfterSeconds}s.`, null, null, {
      'retry-after': String(retryAfterSeconds),
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(resetEpochSeconds),
    });
  }
}

/** Anything unexpected: the body never carries the cause, only the request id to quote. */
export class InternalError extends HttpError {
  constructor(requestId: string) {
    super(500, `The server had an error processing the request (request id ${requestId}).`, 'internal_error');
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

/** 415: a file type this service cannot read. */
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string, param: string | null = 'file') {
    super(415, message, 'unsupported_file_type', param);
  }
}

/** 422: the input is well-formed, but no text could be taken from it. */
export class UnprocessableError extends HttpError {
  constructor(message: string, param: string | null = null) {
    super(422, message, null, param);
  }
}

/**
 * 504: the work could not finish within the request's time (API Gateway ends every request at 29 s); the message
 * says which way does not have that limit.
 */
export class DeadlineError extends HttpError {
  constructor(message: string, param: string | null = null) {
    super(504, message, 'deadline_exceeded', param);
  }
}

/** 502: the upstream model failed; transient, retry with backoff. */
export class UpstreamError extends HttpError {
  constructor(message: string) {
    super(502, message, null, null);
  }
}

import { BadRequestError, type ErrorBody, HttpError, UpstreamError } from '../../http/errors';
import { errorFields, log } from '../../log';
import { ModelProviderError } from '../../ports/model-provider';

/** What a caller is told to wait after the upstream kept refusing for its own rate limit. */
const UPSTREAM_RETRY_AFTER_SECONDS = 30;

/**
 * A model failure as the caller sees it: the upstream's rate limit (after HDS's own retries) is a 429 with
 * `Retry-After`; in backbone mode, where the caller shaped the request (tools, schema), an upstream refusal of it
 * (400/422) is the caller's 400; anything else is a 502 to retry with backoff. Other errors are rethrown as they are.
 */
export function upstreamFailure(err: unknown, mode: 'agent' | 'model' = 'agent'): HttpError {
  if (!(err instanceof ModelProviderError)) throw err;
  log('warn', 'upstream model failed', { status: err.status, model: err.upstreamModel, error: err.message });
  if (err.status === 429) {
    return new HttpError(
      429,
      `The answering model is rate-limited: ${err.message}. Retry after ${UPSTREAM_RETRY_AFTER_SECONDS}s.`,
      'upstream_rate_limited',
      null,
      { 'retry-after': String(UPSTREAM_RETRY_AFTER_SECONDS) },
    );
  }
  if (mode === 'model' && (err.status === 400 || err.status === 422)) {
    return new BadRequestError(`The model refused the request: ${err.message}`, 'upstream_rejected', null);
  }
  return new UpstreamError(`The answering model failed: ${err.message}. Retry with backoff.`);
}

/**
 * A failure after a stream's headers went out, as the error member the stream ends with: the caller-facing error
 * for model and request failures, a bare internal error (logged here, never detailed to the client) for the rest.
 */
export function streamedFailure(err: unknown, mode: 'agent' | 'model' = 'agent'): ErrorBody['error'] {
  if (err instanceof ModelProviderError) return upstreamFailure(err, mode).toJSON().error;
  if (err instanceof HttpError) return err.toJSON().error;
  log('error', 'answer stream failed', errorFields(err));
  return { message: 'Internal error', type: 'invalid_request_error', code: 'internal_error', param: null };
}

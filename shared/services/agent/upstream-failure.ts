import { AppError, BadRequestError, UpstreamError } from '../../errors';
import { type OpenAiErrorBody, openAiErrorBody } from '../../http/envelopes';
import { errorFields, log } from '../../log';
import { ModelProviderError } from '../../ports/model-provider';

/** What a caller is told to wait after the upstream kept refusing for its own rate limit. */
const UPSTREAM_RETRY_AFTER_SECONDS = 30;

/**
 * A model failure as the caller sees it: the upstream's rate limit (after HDS's own retries) is a 429 with
 * `Retry-After`; in backbone mode, where the caller shaped the request (tools, schema), an upstream refusal of it
 * (400/422) is the caller's 400; anything else is a 502 to retry with backoff. Other errors are rethrown as they are.
 */
export function upstreamFailure(err: unknown, mode: 'agent' | 'model' = 'agent'): AppError {
  if (!(err instanceof ModelProviderError)) throw err;
  log('warn', 'upstream model failed', { status: err.status, model: err.upstreamModel, error: err.message });
  if (err.status === 429) {
    return new AppError(
      'rate_limited',
      `The answering model is rate-limited: ${err.message}. Retry after ${UPSTREAM_RETRY_AFTER_SECONDS}s.`,
      { code: 'upstream_rate_limited', retryAfterSeconds: UPSTREAM_RETRY_AFTER_SECONDS },
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
export function streamedFailure(err: unknown, mode: 'agent' | 'model' = 'agent'): OpenAiErrorBody['error'] {
  if (err instanceof ModelProviderError) return openAiErrorBody(upstreamFailure(err, mode)).error;
  if (err instanceof AppError) return openAiErrorBody(err).error;
  log('error', 'answer stream failed', errorFields(err));
  return { message: 'Internal error', type: 'invalid_request_error', code: 'internal_error', param: null };
}

import { UpstreamError } from '../../http/errors';
import { log } from '../../log';
import { ModelProviderError } from '../../ports/model-provider';

/** A model failure as the caller sees it (502, retry with backoff); anything else is rethrown as it is. */
export function upstreamFailure(err: unknown): UpstreamError {
  if (err instanceof ModelProviderError) {
    log('warn', 'upstream model failed', { status: err.status, error: err.message });
    return new UpstreamError(`The answering model failed: ${err.message}. Retry with backoff.`);
  }
  throw err;
}

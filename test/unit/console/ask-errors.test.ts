import { describe, expect, it } from 'vitest';
import { describeFailure, retryAfterSeconds } from '../../../console/src/ask/ask-errors';

describe('describeFailure', () => {
  it('tells who can act: sign in, wait, try later, or fix the question', () => {
    expect(describeFailure({ status: 401, code: 'invalid_token', message: 'expired' })).toMatch(/Sign in again/);
    expect(describeFailure({ status: 429, code: null, message: 'x', retryAfter: 12 })).toMatch(/in 12 s/);
    expect(describeFailure({ status: 429, code: 'upstream_rate_limited', message: 'x', retryAfter: 30 })).toMatch(
      /model is busy.*30 s/,
    );
    expect(describeFailure({ status: 502, code: null, message: 'The answering model failed: boom' })).toMatch(
      /model is unavailable \(The answering model failed: boom\)/,
    );
    expect(describeFailure({ status: 404, code: null, message: "No Subject exists for user 'x'" })).toBe(
      "No Subject exists for user 'x'",
    );
    expect(describeFailure({ status: 400, code: 'unsupported_parameter', message: 'tools is not supported' })).toBe(
      'tools is not supported',
    );
    expect(describeFailure({ status: 200, code: 'internal_error', message: 'Internal error' })).toMatch(
      /stopped early/,
    );
    expect(describeFailure({ status: null, code: null, message: 'Failed to fetch' })).toMatch(/Could not reach HDS/);
  });

  it('reads Retry-After seconds only', () => {
    expect(retryAfterSeconds('30')).toBe(30);
    expect(retryAfterSeconds(null)).toBeNull();
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:00 GMT')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { OAuthError } from '../../../shared/domain/oauth/oauth-error';

describe('OAuthError', () => {
  it('carries a code and a description, and serializes as RFC 6749 §5.2', () => {
    const e = new OAuthError('invalid_grant', 'the code has expired');
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('OAuthError');
    expect(e.message).toBe('the code has expired');
    expect(JSON.parse(JSON.stringify(e))).toEqual({
      error: 'invalid_grant',
      error_description: 'the code has expired',
    });
  });

  it('keeps descriptions within the allowed characters and length', () => {
    const e = new OAuthError('invalid_request', `say "hi" \\ caf\u00e9\n${'x'.repeat(400)}`);
    expect(e.description).toMatch(/^say \?hi\? \? caf\?\?x+$/);
    expect(e.description.length).toBe(300);
  });
});

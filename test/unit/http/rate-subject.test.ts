import { describe, expect, it } from 'vitest';
import { rateSubjectOf } from '../../../shared/http/middleware';
import type { ApiKeyPrincipal, UserPrincipal } from '../../../shared/http/principal';

const user: UserPrincipal = {
  kind: 'oauth',
  userId: 7,
  accountId: 'acct_1',
  grantId: 'g',
  tokenId: 't',
  clientId: 'c',
  scopes: ['mcp:read'],
};
const key: ApiKeyPrincipal = { kind: 'api-key', accountId: 'acct_1', keyId: 'k' };

describe('whom a request is counted as', () => {
  it('counts a signed-in person by user on the engine and MCP budgets', () => {
    expect(rateSubjectOf(user, 'list-engine-health-data')?.key).toBe('user#7');
    expect(rateSubjectOf({ ...user, kind: 'session' }, 'stream-engine-chat')?.key).toBe('user#7');
    expect(rateSubjectOf(user, 'call-mcp')).toEqual({ key: 'user#7', what: 'requests per minute for this user' });
  });

  it('counts an API key, and a person on any other route, by account', () => {
    expect(rateSubjectOf(key, 'call-mcp')).toEqual({ key: 'acct_1' });
    expect(rateSubjectOf(user, 'list-data')).toEqual({ key: 'acct_1' });
  });

  it('counts no one for an anonymous request', () => {
    expect(rateSubjectOf({ kind: 'anonymous' }, 'list-engine-files')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { OAuthError } from '../../../shared/domain/oauth/oauth-error';
import {
  assertDelegable,
  CONSOLE_SESSION_SCOPE,
  DEFAULT_CLIENT_SCOPE,
  DELEGABLE_SCOPES,
  formatScope,
  isScope,
  isSubset,
  parseScope,
  resolveRequestedScope,
  SCOPE_CATALOGUE,
  SCOPES,
} from '../../../shared/domain/oauth/scopes';

function errorOf(fn: () => unknown): OAuthError {
  try {
    fn();
  } catch (e) {
    if (e instanceof OAuthError) return e;
    throw e;
  }
  throw new Error('expected an OAuthError');
}

describe('the catalogue', () => {
  it('describes every scope in a sentence and marks console first-party', () => {
    for (const s of SCOPES) expect(SCOPE_CATALOGUE[s].description).toMatch(/^[A-Z].+\.$/);
    expect(SCOPE_CATALOGUE.console.firstPartyOnly).toBe(true);
    expect(DELEGABLE_SCOPES).toEqual(['mcp:read', 'mcp:write']);
    expect(DEFAULT_CLIENT_SCOPE).toEqual(['mcp:read', 'mcp:write']);
    expect(formatScope(CONSOLE_SESSION_SCOPE)).toBe('mcp:read mcp:write console');
  });

  it('isScope knows only the three', () => {
    expect(isScope('mcp:read')).toBe(true);
    expect(isScope('MCP:READ')).toBe(false);
    expect(isScope('openid')).toBe(false);
    expect(isScope(['mcp:read'])).toBe(false);
  });
});

describe('parseScope (RFC 6749 §3.3)', () => {
  it('parses space-delimited tokens into catalogue order, without duplicates', () => {
    expect(parseScope('mcp:write mcp:read')).toEqual(['mcp:read', 'mcp:write']);
    expect(parseScope('mcp:read mcp:read')).toEqual(['mcp:read']);
    expect(parseScope('console')).toEqual(['console']);
  });

  it.each([
    ['an unknown token', 'mcp:read openid', /unknown scope openid/],
    ['a different case', 'MCP:READ', /unknown scope/],
    ['an empty value', '', /must not be empty/],
    ['a double space', 'mcp:read  mcp:write', /single spaces/],
    ['a leading space', ' mcp:read', /single spaces/],
    ['a tab', 'mcp:read\tmcp:write', /single spaces/],
    ['a quote (not NQCHAR)', 'mcp:"read"', /single spaces/],
    ['a backslash', 'mcp:read\\', /single spaces/],
    ['unicode', 'mcp:réad', /single spaces/],
    ['an over-long value', 'mcp:read '.repeat(200).trim(), /exceeds/],
  ])('refuses %s with invalid_scope', (_, raw, why) => {
    const e = errorOf(() => parseScope(raw));
    expect(e.error).toBe('invalid_scope');
    expect(e.description).toMatch(why);
  });

  it('refuses non-strings', () => {
    expect(errorOf(() => parseScope(['mcp:read'])).error).toBe('invalid_scope');
    expect(errorOf(() => parseScope(undefined)).error).toBe('invalid_scope');
  });
});

describe('set helpers', () => {
  it('isSubset', () => {
    expect(isSubset(['mcp:read'], ['mcp:read', 'mcp:write'])).toBe(true);
    expect(isSubset([], ['mcp:read'])).toBe(true);
    expect(isSubset(['mcp:write'], ['mcp:read'])).toBe(false);
  });

  it('formatScope orders and deduplicates', () => {
    expect(formatScope(['mcp:write', 'mcp:read', 'mcp:write'])).toBe('mcp:read mcp:write');
    expect(formatScope([])).toBe('');
  });

  it('assertDelegable refuses console', () => {
    expect(() => assertDelegable(['mcp:read'])).not.toThrow();
    expect(errorOf(() => assertDelegable(['mcp:read', 'console'])).error).toBe('invalid_scope');
  });
});

describe('resolveRequestedScope (authorize)', () => {
  const client = ['mcp:read', 'mcp:write'] as const;

  it("defaults to the client's registered scope when absent or empty", () => {
    expect(resolveRequestedScope(undefined, client)).toEqual(['mcp:read', 'mcp:write']);
    expect(resolveRequestedScope('', ['mcp:read'])).toEqual(['mcp:read']);
  });

  it('accepts a subset', () => {
    expect(resolveRequestedScope('mcp:read', client)).toEqual(['mcp:read']);
  });

  it('refuses more than the client registered, console, and unknown tokens', () => {
    expect(errorOf(() => resolveRequestedScope('mcp:write', ['mcp:read'])).error).toBe('invalid_scope');
    expect(errorOf(() => resolveRequestedScope('console', client)).description).toMatch(/console/);
    expect(errorOf(() => resolveRequestedScope('mcp:read console', [...client, 'console'])).error).toBe(
      'invalid_scope',
    );
    expect(errorOf(() => resolveRequestedScope('admin', client)).error).toBe('invalid_scope');
  });

  it('never hands out console even if a stored client somehow holds it', () => {
    expect(errorOf(() => resolveRequestedScope(undefined, ['console'])).error).toBe('invalid_scope');
  });
});

import { describe, expect, it } from 'vitest';
import {
  AUTHZ_COOKIE_NAME,
  authzCookie,
  clearAuthzCookie,
  generateAreqId,
  issueBrowserBinding,
  originAllowed,
  parseAuthzCookie,
  verifyBrowserValue,
} from '../../../shared/domain/oauth/csrf';
import { sha256Base64url } from '../../../shared/domain/oauth/secrets';

describe('browser binding (design §7.3)', () => {
  it('issues random secrets with their SHA-256 hashes', () => {
    const a = issueBrowserBinding();
    const b = issueBrowserBinding();
    expect(a.secret).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(a.csrf).toMatch(/^[0-9A-Za-z]{43}$/);
    expect(a.secret).not.toBe(b.secret);
    expect(a.csrf).not.toBe(a.secret);
    expect(a.secretHash).toBe(sha256Base64url(a.secret));
    expect(a.csrfHash).toBe(sha256Base64url(a.csrf));
  });

  it('verifies only the exact value against its hash', () => {
    const { csrf, csrfHash, secret } = issueBrowserBinding();
    expect(verifyBrowserValue(csrf, csrfHash)).toBe(true);
    expect(verifyBrowserValue(secret, csrfHash)).toBe(false);
    expect(verifyBrowserValue(`${csrf} `, csrfHash)).toBe(false);
    expect(verifyBrowserValue('', csrfHash)).toBe(false);
    expect(verifyBrowserValue(undefined, csrfHash)).toBe(false);
    expect(verifyBrowserValue([csrf], csrfHash)).toBe(false);
    expect(verifyBrowserValue(csrf, '')).toBe(false);
    expect(verifyBrowserValue(csrf, 'garbage')).toBe(false);
    expect(verifyBrowserValue('x'.repeat(10_000), csrfHash)).toBe(false);
  });
});

describe('the __Host- cookie', () => {
  it('is set with the flags of design §7.3 and parses back', () => {
    const areqId = generateAreqId();
    const { secret } = issueBrowserBinding();
    const cookie = authzCookie(areqId, secret);
    expect(cookie).toBe(`__Host-hds_authz=${areqId}.${secret}; HttpOnly; Secure; SameSite=Lax; Path=/; Max-Age=600`);
    expect(cookie).not.toMatch(/Domain=/i);
    const pair = cookie.split(';')[0]!;
    expect(parseAuthzCookie(pair)).toEqual({ areqId, secret });
    expect(parseAuthzCookie(`theme=dark; ${pair}; other=1`)).toEqual({ areqId, secret });
    expect(clearAuthzCookie()).toMatch(/^__Host-hds_authz=; .*Max-Age=0$/);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['another cookie only', 'hds_authz=areq_0123456789abcdefghijkl.x'],
    ['no dot', `${AUTHZ_COOKIE_NAME}=areq_0123456789abcdefghijkl`],
    ['a malformed areq id', `${AUTHZ_COOKIE_NAME}=areq_short.${'a'.repeat(43)}`],
    ['a short secret', `${AUTHZ_COOKIE_NAME}=areq_0123456789abcdefghijkl.abc`],
    ['three parts', `${AUTHZ_COOKIE_NAME}=areq_0123456789abcdefghijkl.${'a'.repeat(43)}.x`],
    [
      'the cookie twice',
      `${AUTHZ_COOKIE_NAME}=areq_0123456789abcdefghijkl.${'a'.repeat(43)}; ${AUTHZ_COOKIE_NAME}=areq_0123456789abcdefghijkm.${'b'.repeat(43)}`,
    ],
    ['a huge header', `${AUTHZ_COOKIE_NAME}=${'a'.repeat(9000)}`],
  ])('refuses %s', (_, header) => {
    expect(parseAuthzCookie(header)).toBeNull();
  });

  it('generates areq ids of one shape', () => {
    expect(generateAreqId()).toMatch(/^areq_[0-9A-Za-z]{22}$/);
  });
});

describe('Origin check', () => {
  const issuer = 'https://api.hds.example/live';

  it('accepts an absent Origin and the issuer origin', () => {
    expect(originAllowed(undefined, issuer)).toBe(true);
    expect(originAllowed('https://api.hds.example', issuer)).toBe(true);
    expect(originAllowed('http://localhost:3000', 'http://localhost:3000')).toBe(true);
  });

  it('refuses any other origin', () => {
    expect(originAllowed('https://evil.com', issuer)).toBe(false);
    expect(originAllowed('https://api.hds.example:8443', issuer)).toBe(false);
    expect(originAllowed('http://api.hds.example', issuer)).toBe(false);
    expect(originAllowed('https://api.hds.example/live', issuer)).toBe(false);
    expect(originAllowed('', issuer)).toBe(false);
  });

  it('accepts Origin: null only from a same-origin post', () => {
    expect(originAllowed('null', issuer)).toBe(false);
    expect(originAllowed('null', issuer, 'cross-site')).toBe(false);
    expect(originAllowed('null', issuer, 'same-origin')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  appendQuery,
  findRedirectUri,
  formActionSource,
  MAX_REDIRECT_URI_CHARS,
  redirectDisplayHost,
  redirectUriKind,
  redirectUriProblem,
} from '../../../shared/domain/oauth/redirect-uris';

describe('redirect URI rules (design §7.1)', () => {
  it.each([
    'https://app.example.com/callback',
    'https://app.example.com:8443/cb?tenant=7&x=%20y',
    'https://203.0.113.9/cb',
    'http://localhost/cb',
    'http://localhost:8080/callback',
    'http://127.0.0.1:51234/',
    'http://[::1]:3000/cb',
    'com.example.app:/oauth2redirect',
    'com.example.app://callback',
    'https://xn--bcher-kva.example/cb',
  ])('accepts %s', (uri) => {
    expect(redirectUriProblem(uri)).toBeNull();
  });

  it.each([
    ['javascript: (no dot, not https)', 'javascript:alert(1)', /private-use scheme with a dot/],
    ['javascript: dressed as a comment', 'javascript://%0aalert(1)', /private-use scheme/],
    ['data:', 'data:text/html,hi', /private-use scheme/],
    ['file:', 'file:///etc/passwd', /private-use scheme/],
    ['vbscript:', 'vbscript:msgbox', /private-use scheme/],
    ['plain http to a remote host', 'http://evil.com/cb', /only on a loopback host/],
    ['http to a host that starts like loopback', 'http://localhost.evil.com/cb', /loopback/],
    ['http to 127.0.0.1 as a subdomain', 'http://127.0.0.1.evil.com/cb', /loopback/],
    ['http to an obfuscated loopback', 'http://0x7f000001/cb', /loopback/],
    ['http to 127.0.0.2', 'http://127.0.0.2/cb', /loopback/],
    ['a fragment', 'https://app.example.com/cb#x', /fragment/],
    ['an empty fragment', 'https://app.example.com/cb#', /fragment/],
    ['userinfo', 'https://a@b', /userinfo/],
    ['userinfo with password', 'https://app.example.com:pw@evil.com/cb', /userinfo/],
    ['userinfo on loopback', 'http://evil.com@localhost/cb', /userinfo/],
    ['empty userinfo', 'https://@evil.com/cb', /userinfo/],
    ['an uppercase scheme', 'HTTPS://app.example.com/cb', /lower case/],
    ['an uppercase http scheme to evil', 'HTTP://evil.com', /lower case/],
    ['a relative reference', '/callback', /absolute/],
    ['a scheme-relative reference', '//evil.com/cb', /absolute/],
    ['https without a host', 'https:///cb', /host/],
    ['https without slashes', 'https:app.example.com', /host/],
    ['a space', 'https://app.example.com/my cb', /ASCII/],
    ['unicode', 'https://bücher.example/cb', /ASCII/],
    ['a quote', 'https://app.example.com/"><script>', /ASCII/],
    ['a backslash', 'https:\\\\evil.com', /ASCII/],
    ['a newline', 'https://app.example.com/cb\n', /ASCII/],
    ['a stray percent', 'https://app.example.com/100%', /percent/],
    ['an empty string', '', /empty/],
    ['a bad port', 'https://app.example.com:99999/cb', /absolute/],
  ])('refuses %s', (_, uri, why) => {
    expect(redirectUriProblem(uri)).toMatch(why);
  });

  it('refuses anything longer than 2000 characters', () => {
    const base = 'https://app.example.com/';
    expect(redirectUriProblem(base + 'a'.repeat(MAX_REDIRECT_URI_CHARS - base.length))).toBeNull();
    expect(redirectUriProblem(base + 'a'.repeat(MAX_REDIRECT_URI_CHARS - base.length + 1))).toMatch(/2000/);
  });

  it('refuses values that are not strings', () => {
    expect(redirectUriProblem(['https://app.example.com/cb'])).toMatch(/string/);
    expect(redirectUriProblem(null)).toMatch(/string/);
    expect(redirectUriProblem({ href: 'https://app.example.com' })).toMatch(/string/);
  });
});

describe('exact matching (RFC 6749 §3.1.2.3)', () => {
  const registered = ['https://app.example.com/cb', 'http://127.0.0.1:8080/cb'];

  it('matches the identical string only', () => {
    expect(findRedirectUri(registered, 'https://app.example.com/cb')).toBe('https://app.example.com/cb');
    expect(findRedirectUri(registered, 'https://app.example.com/cb/')).toBeUndefined();
    expect(findRedirectUri(registered, 'https://APP.example.com/cb')).toBeUndefined();
    expect(findRedirectUri(registered, 'https://app.example.com/cb?x=1')).toBeUndefined();
    expect(findRedirectUri(registered, 'https://app.example.com:443/cb')).toBeUndefined();
    expect(findRedirectUri(registered, 'https://app.example.com/%63b')).toBeUndefined();
  });

  it('holds loopback to its registered port as well (no RFC 8252 §7.3 latitude)', () => {
    expect(findRedirectUri(registered, 'http://127.0.0.1:8080/cb')).toBe('http://127.0.0.1:8080/cb');
    expect(findRedirectUri(registered, 'http://127.0.0.1:9090/cb')).toBeUndefined();
    expect(findRedirectUri(registered, 'http://127.0.0.1/cb')).toBeUndefined();
  });

  it('never matches a non-string', () => {
    expect(findRedirectUri(registered, ['https://app.example.com/cb'])).toBeUndefined();
    expect(findRedirectUri(registered, undefined)).toBeUndefined();
  });
});

describe('building on a redirect URI', () => {
  it('keeps the registered query byte for byte and appends encoded values', () => {
    expect(appendQuery('https://a.example/cb', { code: 'abc', state: 'x y&z' })).toBe(
      'https://a.example/cb?code=abc&state=x+y%26z',
    );
    expect(appendQuery('https://a.example/cb?t=%20a', { code: 'abc' })).toBe('https://a.example/cb?t=%20a&code=abc');
    expect(appendQuery('https://a.example/cb?', { code: 'abc' })).toBe('https://a.example/cb?code=abc');
    expect(appendQuery('https://a.example/cb?a=1&', { code: 'abc' })).toBe('https://a.example/cb?a=1&code=abc');
    expect(appendQuery('https://a.example/cb', { code: 'abc', state: undefined })).toBe(
      'https://a.example/cb?code=abc',
    );
    expect(appendQuery('com.example.app:/cb', { code: 'abc' })).toBe('com.example.app:/cb?code=abc');
  });

  it('names the kind, the CSP source and the host to show', () => {
    expect(redirectUriKind('https://a.example/cb')).toBe('https');
    expect(redirectUriKind('http://localhost:3000/cb')).toBe('loopback');
    expect(redirectUriKind('com.example.app:/cb')).toBe('private-use');
    expect(formActionSource('https://a.example:8443/cb?x=1')).toBe('https://a.example:8443');
    expect(formActionSource('https://a.example:443/cb')).toBe('https://a.example');
    expect(formActionSource('http://[::1]:3000/cb')).toBe('http://[::1]:3000');
    expect(formActionSource('com.example.app:/cb')).toBe('com.example.app:');
    expect(redirectDisplayHost('https://a.example:8443/cb')).toBe('a.example:8443');
    expect(redirectDisplayHost('com.example.app:/cb')).toBe('com.example.app');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isCodeChallenge,
  isCodeVerifier,
  parseCodeChallengeMethod,
  s256Challenge,
  verifierMatchesChallenge,
} from '../../../shared/domain/oauth/pkce';

const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';
const verifierArb = fc
  .array(fc.constantFrom(...UNRESERVED), { minLength: 43, maxLength: 128 })
  .map((chars) => chars.join(''));

describe('S256 (RFC 7636)', () => {
  it('matches the Appendix B test vector', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(s256Challenge(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(verifierMatchesChallenge(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
  });

  it('round-trips: every valid verifier yields a valid challenge that it alone matches', () => {
    fc.assert(
      fc.property(verifierArb, verifierArb, (v, other) => {
        expect(isCodeVerifier(v)).toBe(true);
        const challenge = s256Challenge(v);
        expect(isCodeChallenge(challenge)).toBe(true);
        expect(verifierMatchesChallenge(v, challenge)).toBe(true);
        if (other !== v) expect(verifierMatchesChallenge(other, challenge)).toBe(false);
      }),
    );
  });
});

describe('verifier syntax (RFC 7636 §4.1)', () => {
  it('accepts 43 to 128 unreserved characters', () => {
    expect(isCodeVerifier('a'.repeat(43))).toBe(true);
    expect(isCodeVerifier('~'.repeat(128))).toBe(true);
    expect(isCodeVerifier(`${'A'.repeat(40)}-._`)).toBe(true);
  });

  it.each([
    ['42 characters', 'a'.repeat(42)],
    ['129 characters', 'a'.repeat(129)],
    ['a space', `${'a'.repeat(42)} `],
    ['a plus', `${'a'.repeat(42)}+`],
    ['a slash', `${'a'.repeat(42)}/`],
    ['padding', `${'a'.repeat(42)}=`],
    ['non-ASCII', `${'a'.repeat(42)}é`],
    ['a newline', `${'a'.repeat(43)}\n`],
  ])('refuses %s', (_, value) => {
    expect(isCodeVerifier(value)).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(isCodeVerifier(['a'.repeat(43)])).toBe(false);
    expect(isCodeVerifier(undefined)).toBe(false);
    expect(isCodeVerifier(12345)).toBe(false);
  });

  it('a malformed verifier never matches, even one whose hash would', () => {
    const short = 'a'.repeat(42);
    expect(verifierMatchesChallenge(short, s256Challenge(short))).toBe(false);
    expect(verifierMatchesChallenge(undefined, s256Challenge('a'.repeat(43)))).toBe(false);
  });
});

describe('challenge syntax', () => {
  it('accepts exactly 43 base64url characters whose last one carries zero padding bits', () => {
    expect(isCodeChallenge('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
  });

  it.each([
    ['42 characters', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-c'],
    ['44 characters', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cMA'],
    ['standard base64', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw+cM'],
    ['padding', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-c='],
    ['non-zero trailing bits', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cN'],
    ['a plain verifier', 'a'.repeat(43).replace(/a$/, '~')],
  ])('refuses %s', (_, value) => {
    expect(isCodeChallenge(value)).toBe(false);
  });
});

describe('code_challenge_method', () => {
  it('accepts S256 only', () => {
    expect(parseCodeChallengeMethod('S256')).toBe('S256');
  });

  it.each([
    ['plain', /plain is not supported/],
    [undefined, /is required/],
    ['', /is required/],
    ['s256', /must be S256/],
    ['S512', /must be S256/],
  ])('refuses %j with invalid_request', (method, why) => {
    expect(() => parseCodeChallengeMethod(method)).toThrow(why);
    try {
      parseCodeChallengeMethod(method);
    } catch (e) {
      expect(e).toMatchObject({ error: 'invalid_request' });
    }
  });
});

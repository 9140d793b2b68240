import { describe, expect, it } from 'vitest';
import { displayPrefix, generateSecret, hashSecret, looksLikeKey } from '../../../shared/domain/api-keys';
import {
  canonicalRetention,
  expiryFor,
  isLive,
  isRetention,
  MAX_BOUNDED_RETENTION_MS,
} from '../../../shared/domain/retention';
import { parseTimestamp } from '../../../shared/domain/timestamps';
import { invalidField } from '../../../shared/errors';
import { openAiErrorBody } from '../../../shared/http/envelopes';
import { normalizeSubjectKey } from '../../../shared/http/tenancy';
import { formatPath } from '../../../shared/http/validation';

describe('retention', () => {
  const t = Date.parse('2026-01-01T00:00:00Z');
  it('knows the grains and the alias', () => {
    for (const r of ['permanent', 'persistent', '1d', '6h', '2h', '1h', 'session', 'none'])
      expect(isRetention(r)).toBe(true);
    expect(isRetention('7d')).toBe(false);
    expect(canonicalRetention('persistent')).toBe('permanent');
  });
  it('computes expiry and caps every bounded grain at 24 hours', () => {
    expect(expiryFor('permanent', t)).toBeNull();
    expect(expiryFor('session', t)).toBeNull();
    expect(expiryFor('1h', t)).toBe(t / 1000 + 3600);
    expect(expiryFor('2h', t)).toBe(t / 1000 + 7200);
    expect(expiryFor('6h', t)).toBe(t / 1000 + 21600);
    expect(expiryFor('1d', t)! * 1000 - t).toBeLessThanOrEqual(MAX_BOUNDED_RETENTION_MS);
  });
  it('treats an item as live strictly before its expiry', () => {
    expect(isLive(null, t)).toBe(true);
    expect(isLive(t / 1000 + 1, t)).toBe(true);
    expect(isLive(t / 1000, t)).toBe(false);
  });
});

describe('timestamps', () => {
  it.each([
    ['2026-06-16', '2026-06-16T00:00:00.000Z'],
    ['2026-06-16T07:30', '2026-06-16T07:30:00.000Z'],
    ['2026-06-16T07:30:00Z', '2026-06-16T07:30:00.000Z'],
    ['2026-06-16 07:30:00.250', '2026-06-16T07:30:00.250Z'],
    ['2026-06-16T07:30:00+02:00', '2026-06-16T05:30:00.000Z'],
    ['2026-06-16T07:30:00-0530', '2026-06-16T13:00:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
  ])('parses %s', (input, expected) => expect(parseTimestamp(input)).toBe(expected));

  it.each([
    'yesterday',
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-06-16T24:00:00Z',
    '2026-06-16T07:60',
    '1899-12-31',
    '2100-01-01',
    '2026-06-16T07:30:00+15:00',
    '16/06/2026',
    '',
  ])('refuses %s', (input) => expect(parseTimestamp(input)).toBeNull());
});

describe('API keys', () => {
  it('generates well-formed, distinct secrets and hashes them', () => {
    const a = generateSecret();
    const b = generateSecret();
    expect(a).toMatch(/^hds_live_[0-9A-Za-z]{40}$/);
    expect(a).not.toBe(b);
    expect(looksLikeKey(a)).toBe(true);
    expect(looksLikeKey('sk-abc')).toBe(false);
    expect(hashSecret(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecret(a)).not.toBe(hashSecret(b));
    expect(displayPrefix(a)).toBe(a.slice(0, 13));
  });
});

describe('request helpers', () => {
  it('names nested fields the way the spec does', () => {
    expect(formatPath(['records', 3, 'time'])).toBe('records[3].time');
    expect(openAiErrorBody(invalidField('records[3].time', 'bad'))).toEqual({
      error: { message: 'bad', type: 'invalid_request_error', code: 'invalid_time', param: 'records[3].time' },
    });
  });
  it('normalizes the Subject key', () => {
    expect(normalizeSubjectKey('  Alice ')).toBe('alice');
    expect(normalizeSubjectKey(undefined)).toBe('default');
    expect(() => normalizeSubjectKey('   ')).toThrow();
    expect(() => normalizeSubjectKey(7)).toThrow();
    expect(() => normalizeSubjectKey('x'.repeat(257))).toThrow();
  });
});

import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const compared = vi.hoisted(() => [] as [Buffer, Buffer][]);
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return {
    ...actual,
    timingSafeEqual: (a: Buffer, b: Buffer) => {
      compared.push([a, b]);
      return actual.timingSafeEqual(a, b);
    },
  };
});

const { hmacEquals } = await import('../../../shared/domain/pulse/signatures');

describe('hmacEquals', () => {
  const expected = createHmac('sha256', 'k').update('m').digest();
  beforeEach(() => {
    compared.length = 0;
  });

  it('compares equal-length values with timingSafeEqual', () => {
    expect(hmacEquals(expected, expected.toString('hex'), 'hex')).toBe(true);
    expect(compared).toHaveLength(1);
    expect(compared[0]?.[1]).toEqual(expected);
  });

  it('on a length mismatch still runs one comparison (expected with itself) and fails', () => {
    expect(hmacEquals(expected, expected.subarray(0, 31).toString('hex'), 'hex')).toBe(false);
    expect(compared).toEqual([[expected, expected]]);
  });

  it('on a value that does not decode runs the same comparison and fails', () => {
    expect(hmacEquals(expected, 'not base64!', 'base64')).toBe(false);
    expect(compared).toEqual([[expected, expected]]);
  });
});

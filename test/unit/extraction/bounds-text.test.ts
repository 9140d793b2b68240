import { describe, expect, it } from 'vitest';
import { boundsText } from '../../../shared/domain/extraction/bounds-text';

describe('boundsText (an interval as reports print it)', () => {
  it('writes both bounds as low-high, one bound as an open side, nothing as null', () => {
    expect(boundsText('3.5', '5.1')).toBe('3.5-5.1');
    expect(boundsText(null, '200')).toBe('<200');
    expect(boundsText('40', null)).toBe('>40');
    expect(boundsText(null, null)).toBeNull();
  });

  it('marks a bound stated inclusive with =', () => {
    expect(boundsText('40', null, { low: true, high: false })).toBe('>=40');
    expect(boundsText(null, '5.0', { low: false, high: true })).toBe('<=5.0');
    expect(boundsText('1', '2', { low: true, high: true })).toBe('1-2');
  });
});

import { describe, expect, it } from 'vitest';
import { parsePaceRules } from '../../../shared/services/pulse/pacer';

describe('HDS_PULSE_PACE_<SLUG> (parsePaceRules)', () => {
  it('reads one or several `<window s>:<limit>` rules', () => {
    expect(parsePaceRules('60:3')).toEqual([{ windowSeconds: 60, limit: 3 }]);
    expect(parsePaceRules(' 60:90, 86400:9500 ')).toEqual([
      { windowSeconds: 60, limit: 90 },
      { windowSeconds: 86400, limit: 9500 },
    ]);
  });

  it('is null when absent or malformed, so the module’s documented budget applies', () => {
    for (const raw of [undefined, '', '60', '60:', ':3', '60:0', '0:5', '60:3,x', '-60:3', '1e3:5']) {
      expect(parsePaceRules(raw), String(raw)).toBeNull();
    }
  });
});

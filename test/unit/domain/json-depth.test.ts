import { describe, expect, it } from 'vitest';
import { JsonTooDeepError, MAX_JSON_DEPTH, nestsDeeperThan, parseClientJson } from '../../../shared/json';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects alike, up to and past the limit', () => {
    expect(nestsDeeperThan(`${'['.repeat(3)}${']'.repeat(3)}`, 3)).toBe(false);
    expect(nestsDeeperThan(`${'['.repeat(4)}${']'.repeat(4)}`, 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{"c":1}]}}', 3)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[[[[[{{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'say \\"[[[[" then [[[[' }), 1)).toBe(false);
  });

  it('scans a million levels without recursion', () => {
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    expect(nestsDeeperThan(deep, MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('parseClientJson', () => {
  it('parses ordinary JSON and refuses nesting past the limit', () => {
    expect(parseClientJson('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    const tooDeep = `${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(() => parseClientJson(tooDeep)).toThrow(JsonTooDeepError);
  });
});

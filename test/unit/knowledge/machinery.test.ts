import { beforeEach, describe, expect, it } from 'vitest';
import {
  cachedResult,
  cacheKey,
  canonicalJson,
  clearKnowledgeCache,
  KnowledgeCache,
} from '../../../shared/services/agent/knowledge/cache';
import { isUnreachable, unreachable } from '../../../shared/services/agent/knowledge/failure';
import { type PacerClock, paceOf, TokenBucket } from '../../../shared/services/agent/knowledge/pacer';
import { cutAtSentence, stripTags } from '../../../shared/services/agent/knowledge/text';
import { retryAfterSeconds } from '../../../shared/services/agent/knowledge/upstream';
import { childrenNamed, parseXml, textOf } from '../../../shared/services/agent/knowledge/xml';

/** A clock whose sleeps advance time instantly, recording each wait. */
function fakeClock(): PacerClock & { t: number; slept: number[] } {
  const clock = {
    t: 0,
    slept: [] as number[],
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.slept.push(ms);
      clock.t += ms;
    },
  };
  return clock;
}

describe('pacer', () => {
  it('NCBI: 3/s without a key, 9/s with one; Europe PMC 10/s; ClinicalTrials.gov 40/min', () => {
    expect(paceOf('ncbi_eutils', false).ratePerSecond).toBe(3);
    expect(paceOf('ncbi_eutils', true).ratePerSecond).toBe(9);
    expect(paceOf('europe_pmc', false).ratePerSecond).toBe(10);
    expect(paceOf('clinical_trials', false).ratePerSecond * 60).toBeCloseTo(40);
  });

  it('lets a burst through, then spaces requests at the rate', async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket(3, 3, clock);
    for (let i = 0; i < 3; i++) expect(await bucket.take()).toBe(true);
    expect(clock.slept).toEqual([]);
    expect(await bucket.take()).toBe(true);
    expect(clock.slept).toEqual([334]);
  });

  it('refuses (without taking a token) when the wait would pass 2 s', async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket(40 / 60, 5, clock);
    for (let i = 0; i < 5; i++) await bucket.take();
    // Queue two waiters without letting time pass: 1.5 s, then 3 s.
    expect(bucket.waitFor()).toBe(1500);
    const paused = new TokenBucket(40 / 60, 1, { now: () => 0, sleep: async () => {} });
    expect(await paused.take()).toBe(true);
    expect(await paused.take()).toBe(true); // reserved, 1.5 s ahead
    expect(await paused.take()).toBe(false); // 3 s ahead: rate_limited
    expect(paused.waitFor()).toBe(3000);
  });

  it('refills over time', async () => {
    const clock = fakeClock();
    const bucket = new TokenBucket(10, 10, clock);
    for (let i = 0; i < 10; i++) await bucket.take();
    clock.t += 1000;
    expect(bucket.waitFor()).toBe(0);
  });
});

describe('cache', () => {
  beforeEach(() => clearKnowledgeCache());

  it('keys on tool + canonical JSON: key order and undefined do not matter', () => {
    expect(cacheKey('t', { b: 1, a: [{ y: 2, x: 1 }], c: undefined })).toBe(
      cacheKey('t', { a: [{ x: 1, y: 2 }], b: 1 }),
    );
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
    expect(cacheKey('t', { a: 1 })).not.toBe(cacheKey('u', { a: 1 }));
  });

  it('evicts the least recently used entry past its entry limit', () => {
    const cache = new KnowledgeCache(2);
    cache.set('a', 1, 1000);
    cache.set('b', 2, 1000);
    cache.get('a');
    cache.set('c', 3, 1000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('evicts by size and never holds an entry larger than the whole budget', () => {
    const cache = new KnowledgeCache(200, 100);
    cache.set('big', 'x'.repeat(200), 1000);
    expect(cache.size).toBe(0);
    cache.set('a', 'x'.repeat(40), 1000);
    cache.set('b', 'x'.repeat(40), 1000);
    cache.set('c', 'x'.repeat(40), 1000);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('expires entries after the TTL', () => {
    let now = 0;
    const cache = new KnowledgeCache(200, 1000, () => now);
    cache.set('a', 1, 600_000);
    now = 599_999;
    expect(cache.get('a')).toBe(1);
    now = 600_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('stores successes only, and hands out copies', async () => {
    let calls = 0;
    const fail = () => {
      calls++;
      return Promise.resolve(unreachable('pubmed', 'down'));
    };
    await cachedResult('k1', 1000, fail);
    await cachedResult('k1', 1000, fail);
    expect(calls).toBe(2);
    const first = await cachedResult('k2', 1000, async () => ({ list: [1] }));
    first.list.push(2);
    expect(await cachedResult('k2', 1000, async () => ({ list: [9] }))).toEqual({ list: [1] });
  });
});

describe('failure results', () => {
  it('has the documented shape, retry_after_s only when known', () => {
    expect(unreachable('clinicaltrials', 'it answered with a server error (HTTP 500)')).toEqual({
      error: expect.stringMatching(/^ClinicalTrials\.gov could not be reached: it answered with a server error/),
      source: 'clinicaltrials',
      reachable: false,
    });
    expect(unreachable('pubmed', 'busy', 7)).toMatchObject({ retry_after_s: 7 });
    expect(isUnreachable(unreachable('pmc', 'x'))).toBe(true);
    expect(isUnreachable({ trials: [] })).toBe(false);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterSeconds('12')).toBe(12);
    expect(retryAfterSeconds('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});

describe('text and XML helpers', () => {
  it('cuts at a sentence end, else at a word with an ellipsis', () => {
    expect(cutAtSentence('One two. Three four five six.', 14)).toBe('One two.');
    expect(cutAtSentence('One two. Three four five six.', 20)).toBe('One two. Three four…'); // sentence end too early
    expect(cutAtSentence('aaaa bbbb cccc dddd eeee', 12)).toBe('aaaa bbbb…');
    expect(cutAtSentence('short', 10)).toBe('short');
    expect(cutAtSentence('x'.repeat(50), 10)).toHaveLength(10);
  });

  it('strips markup from Europe PMC abstracts', () => {
    expect(stripTags('<h4>Aim</h4>To see <i>x</i> &amp; y.')).toBe('Aim To see x & y.');
  });

  it('parses XML case-sensitively with entities decoded', async () => {
    const [root] = await parseXml('<?xml version="1.0"?><A><B>x &lt; y</B><b>no</b></A>');
    expect(childrenNamed(root!, 'B').map(textOf)).toEqual(['x < y']);
  });
});

import { describe, expect, it } from 'vitest';
import { sseFrame, withKeepAlive } from '../../../shared/http/sse';
import { eventually } from '../../support/polling';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('server-sent events', () => {
  it('frames data with an optional event line', () => {
    expect(sseFrame({ a: 1 })).toBe('data: {"a":1}\n\n');
    expect(sseFrame({ type: 'x' }, 'x')).toBe('event: x\ndata: {"type":"x"}\n\n');
  });

  it('adds comment keep-alives while the source is idle, and only comments', async () => {
    const out: string[] = [];
    async function* slow() {
      yield 'data: 1\n\n';
      // Idle until two more frames have gone out (keep-alives, as the source sends nothing meanwhile).
      await eventually(() => out.length >= 3, { timeoutMs: 5_000, intervalMs: 5, what: 'two frames while idle' });
      yield 'data: 2\n\n';
    }
    for await (const f of withKeepAlive(slow(), { idleMs: 40 })) out.push(f);
    expect(out[0]).toBe('data: 1\n\n');
    expect(out.at(-1)).toBe('data: 2\n\n');
    const pings = out.slice(1, -1);
    expect(pings.length).toBeGreaterThanOrEqual(2);
    for (const p of pings) expect(p.startsWith(':')).toBe(true);
  });

  it('stops the work and closes the source when the consumer leaves', async () => {
    let closed = false;
    let stopped = false;
    async function* endless() {
      try {
        for (let i = 0; ; i++) {
          yield `data: ${i}\n\n`;
          await sleep(5);
        }
      } finally {
        closed = true;
      }
    }
    for await (const f of withKeepAlive(endless(), { onStop: () => (stopped = true) })) if (f.includes('3')) break;
    expect(stopped).toBe(true);
    expect(closed).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { sseFrame, withKeepAlive } from '../../../shared/http/sse';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('server-sent events', () => {
  it('frames data with an optional event line', () => {
    expect(sseFrame({ a: 1 })).toBe('data: {"a":1}\n\n');
    expect(sseFrame({ type: 'x' }, 'x')).toBe('event: x\ndata: {"type":"x"}\n\n');
  });

  it('adds comment keep-alives while the source is idle, and only comments', async () => {
    async function* slow() {
      yield 'data: 1\n\n';
      await sleep(120);
      yield 'data: 2\n\n';
    }
    const out: string[] = [];
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

import { describe, expect, it } from 'vitest';
import { chatStreamEvent, readChatStream, SseDataReader } from '../../../console/src/ask/sse';

const chunk = (delta: Record<string, unknown>) =>
  JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] });

describe('SseDataReader', () => {
  it('returns each event’s data once its blank line arrives, across arbitrary splits', () => {
    const text = `data: ${chunk({ content: 'Hel' })}\n\n: keep-alive\n\ndata: ${chunk({ content: 'lo' })}\r\n\r\ndata: [DONE]\n\n`;
    for (const size of [1, 3, 7, text.length]) {
      const reader = new SseDataReader();
      const events: string[] = [];
      for (let i = 0; i < text.length; i += size) events.push(...reader.push(text.slice(i, i + size)));
      expect(events, `pieces of ${size}`).toEqual([chunk({ content: 'Hel' }), chunk({ content: 'lo' }), '[DONE]']);
    }
  });

  it('joins multi-line data with newlines, ignores other fields and comments, drops an unterminated event', () => {
    const reader = new SseDataReader();
    expect(reader.push('event: x\nid: 3\ndata: a\ndata:b\nretry: 5\n\n:comment\n\ndata: half')).toEqual(['a\nb']);
    expect(reader.push('\r')).toEqual([]);
    expect(reader.push('\n')).toEqual(['half']);
  });
});

describe('chatStreamEvent', () => {
  it('reads content deltas, error frames and [DONE]; skips role, reasoning, tool steps and usage', () => {
    expect(chatStreamEvent(chunk({ content: 'x' }))).toEqual({ type: 'content', text: 'x' });
    expect(chatStreamEvent('[DONE]')).toEqual({ type: 'done' });
    expect(chatStreamEvent(JSON.stringify({ error: { message: 'model down', code: 'upstream_error' } }))).toEqual({
      type: 'error',
      message: 'model down',
      code: 'upstream_error',
    });
    for (const skipped of [
      chunk({ role: 'assistant', content: '' }),
      chunk({ reasoning_content: 'hmm' }),
      chunk({ tool_steps: [{ id: 't1', name: 'query_health_data', arguments: {} }] }),
      JSON.stringify({ choices: [], usage: { total_tokens: 3 } }),
      'not json',
      'null',
    ]) {
      expect(chatStreamEvent(skipped), skipped).toBeNull();
    }
  });
});

describe('readChatStream', () => {
  const body = (...parts: string[]) =>
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of parts) c.enqueue(new TextEncoder().encode(p));
        c.close();
      },
    });
  const all = async (stream: ReadableStream<Uint8Array>) => {
    const out = [];
    for await (const e of readChatStream(stream)) out.push(e);
    return out;
  };

  it('decodes a multi-byte character split between network chunks and stops at [DONE]', async () => {
    const bytes = new TextEncoder().encode(`data: ${chunk({ content: 'µmol/L' })}\n\n`);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        const cut = bytes.indexOf(0xc2) + 1; // inside the two bytes of 'µ'
        c.enqueue(bytes.slice(0, cut));
        c.enqueue(bytes.slice(cut));
        c.enqueue(new TextEncoder().encode(`data: [DONE]\n\ndata: ${chunk({ content: 'after' })}\n\n`));
        c.close();
      },
    });
    expect(await all(stream)).toEqual([{ type: 'content', text: 'µmol/L' }, { type: 'done' }]);
  });

  it('ends at an error frame, and at the body’s end without [DONE]', async () => {
    expect(await all(body(`data: ${chunk({ content: 'Your' })}\n\n`, 'data: {"error":{"message":"x"}}\n\n'))).toEqual([
      { type: 'content', text: 'Your' },
      { type: 'error', message: 'x', code: null },
    ]);
    expect(await all(body(`data: ${chunk({ content: 'cut' })}\n\ndata: ${chunk({ content: 'off' })}`))).toEqual([
      { type: 'content', text: 'cut' },
    ]);
  });
});

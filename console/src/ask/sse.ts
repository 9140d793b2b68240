/**
 * The Answers API's server-sent event stream as the Ask panel reads it from `fetch`'s body: pure text handling, so
 * it is unit-tested without a browser. Format per the SSE spec (WHATWG HTML §9.2): events end at a blank line, each
 * `data:` line adds one line to the event's data, lines starting with `:` are comments (the server's keep-alives).
 * @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation
 */

/** What one event of a chat stream tells the panel. */
export type ChatStreamEvent =
  | { type: 'content'; text: string }
  | { type: 'error'; message: string; code: string | null }
  | { type: 'done' };

/**
 * Splits streamed text into the data of whole events. Text arrives in arbitrary pieces (a network chunk may end
 * mid-line or mid-character; the caller decodes bytes with a streaming `TextDecoder`), so a partial line waits for
 * the next push.
 */
export class SseDataReader {
  private pending = '';
  private data: string[] = [];

  /** Feeds more text; returns the data of every event it completed. */
  push(text: string): string[] {
    this.pending += text;
    const done: string[] = [];
    for (;;) {
      const end = this.pending.search(/\r\n|\r|\n/);
      if (end < 0) break;
      const line = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + (this.pending.startsWith('\r\n', end) ? 2 : 1));
      const event = this.line(line);
      if (event !== null) done.push(event);
    }
    return done;
  }

  private line(line: string): string | null {
    if (line === '') {
      if (this.data.length === 0) return null;
      const event = this.data.join('\n');
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return null;
    const value = colon < 0 ? '' : line.slice(colon + 1);
    this.data.push(value.startsWith(' ') ? value.slice(1) : value);
    return null;
  }
}

/**
 * One event's data as the panel uses it: answer text (`choices[0].delta.content`), an error frame (a failure after
 * the answer began), or the end. Reasoning, tool steps and usage are not shown, so they read as null.
 */
export function chatStreamEvent(data: string): ChatStreamEvent | null {
  if (data === '[DONE]') return { type: 'done' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { error, choices } = parsed as { error?: unknown; choices?: unknown };
  if (typeof error === 'object' && error !== null) {
    const { message, code } = error as { message?: unknown; code?: unknown };
    return {
      type: 'error',
      message: typeof message === 'string' ? message : 'The answer failed.',
      code: typeof code === 'string' ? code : null,
    };
  }
  const content = Array.isArray(choices) ? (choices[0] as { delta?: { content?: unknown } })?.delta?.content : null;
  return typeof content === 'string' && content !== '' ? { type: 'content', text: content } : null;
}

/** The chat events of a streamed response body, in order, until `[DONE]`, an error frame, or the body's end. */
export async function* readChatStream(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatStreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const sse = new SseDataReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      for (const data of sse.push(text)) {
        const event = chatStreamEvent(data);
        if (!event) continue;
        yield event;
        if (event.type !== 'content') return;
      }
      // An event left without its closing blank line is dropped, as the spec says.
      if (done) return;
    }
  } finally {
    // Leaving early (done, an error frame, or the reader stopped): release the connection.
    await reader.cancel().catch(() => undefined);
  }
}

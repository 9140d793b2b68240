/** One `data:` event of the self-hosted engine's chat stream. */
export interface EngineFrame {
  type: string;
  content: any;
  tool_id?: string;
  session_id?: string;
}

/**
 * Posts to `POST /api/v1/chat/stream` and reads the answer as a plain SSE client does: the body's bytes split into
 * lines, each `data:` line parsed as JSON (comment lines such as `: keep-alive` skipped). No SDK.
 */
export async function engineChat(baseUrl: string, token: string | null, body: unknown, raw?: string) {
  const res = await fetch(`${baseUrl}/api/v1/chat/stream`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body: raw ?? JSON.stringify(body),
  });
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const json: any = await res.json();
    return { status: res.status, contentType: res.headers.get('content-type'), json, frames: [] as EngineFrame[] };
  }
  const frames: EngineFrame[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      const line = buffer.slice(0, end).replace(/\r$/, '');
      buffer = buffer.slice(end + 1);
      if (line.startsWith('data:')) frames.push(JSON.parse(line.slice(5).trim()));
    }
  }
  return { status: res.status, contentType: res.headers.get('content-type'), json: null as any, frames };
}

/** The answer a stream's `reply` frames spell. */
export function replyOf(frames: readonly EngineFrame[]): string {
  return frames
    .filter((f) => f.type === 'reply')
    .map((f) => f.content)
    .join('');
}

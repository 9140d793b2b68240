import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, client, type Harness, startHarness } from '../support/harness';
import { eventually } from '../support/polling';

/**
 * What an attacker with an ordinary key can send: bodies cut off mid-part, protocol-breaking WebSocket frames,
 * JSON nested thousands deep, identifiers longer than any storage key, bodies of the wrong media type or encoding.
 * Each gets its answer, and afterwards the service still serves everyone.
 */
let h: Harness;
let key: string;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  h = await startHarness();
  ({ key } = await h.newAccount('hostile'));
  api = client(h.url, key);
});
afterAll(() => h.stop());

/** Sends raw bytes as one HTTP exchange and returns whatever came back (empty when the server just closed). */
function rawExchange(port: number, head: string, body: Buffer, opts: { endAfter?: boolean } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const got: Buffer[] = [];
    socket.on('data', (d) => got.push(d));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Buffer.concat(got).toString('latin1')));
    socket.write(head);
    socket.write(body);
    if (opts.endAfter) socket.end();
  });
}

function multipartHead(path: string, contentLength: number): string {
  return [
    `POST ${path} HTTP/1.1`,
    'Host: localhost',
    `Authorization: Bearer ${key}`,
    'Content-Type: multipart/form-data; boundary=XYZ',
    `Content-Length: ${contentLength}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
}

/** A part that never reaches its closing boundary. */
function truncatedPart(payload: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n',
    ),
    payload,
  ]);
}

async function expectHealthy(): Promise<void> {
  expect((await fetch(`${h.url}/api/health`)).status).toBe(200);
  const listed = await api.get('/v1/files?user=hostile-check');
  expect(listed.status).toBe(200);
}

function statusOf(raw: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
}

function envelopeOf(raw: string): ApiResponse['body'] {
  return JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4));
}

describe('multipart bodies cut off mid-part', () => {
  for (const path of ['/v1/files', '/v1/standardize']) {
    it(`${path}: a 90-byte truncated part is a 400 in the envelope, and the runtime lives`, async () => {
      const body = truncatedPart(Buffer.from('hello'));
      const raw = await rawExchange(h.runtime.port, multipartHead(path, body.length), body);
      expect(statusOf(raw)).toBe(400);
      expect(envelopeOf(raw).error).toMatchObject({ code: 'invalid_body', param: 'body' });
      await expectHealthy();
    });
  }

  it('/v1/files above the Lambda body size (the streamed path): truncated part → 400, nothing stored', async () => {
    const body = truncatedPart(Buffer.alloc(7 * 1024 * 1024, 'glucose 97 mg/dL\n'));
    const raw = await rawExchange(h.runtime.port, multipartHead('/v1/files', body.length), body);
    expect(statusOf(raw)).toBe(400);
    await expectHealthy();
    expect((await api.get('/v1/files')).body.data).toEqual([]);
  });

  it('/v1/files: a client that hangs up half-way through a large body costs only its own connection', async () => {
    const body = truncatedPart(randomBytes(2 * 1024 * 1024));
    await rawExchange(h.runtime.port, multipartHead('/v1/files', 8 * 1024 * 1024), body, { endAfter: true });
    await expectHealthy();
  });
});

describe('WebSocket frames that break the protocol', () => {
  /** Completes a real upgrade on /v1/files/stream, then hands over the raw socket. */
  function upgraded(): Promise<{ socket: Socket; received: () => Buffer; closed: Promise<void> }> {
    return new Promise((resolve, reject) => {
      const socket = connect(h.runtime.port, '127.0.0.1');
      const chunks: Buffer[] = [];
      let upgradedYet = false;
      const closed = new Promise<void>((r) => socket.on('close', () => r()));
      socket.on('error', () => undefined);
      socket.on('data', (d) => {
        chunks.push(d);
        const all = Buffer.concat(chunks);
        const end = all.indexOf('\r\n\r\n');
        if (!upgradedYet && end >= 0) {
          upgradedYet = true;
          if (!all.subarray(0, end).toString().startsWith('HTTP/1.1 101')) return reject(new Error(all.toString()));
          chunks.splice(0, chunks.length, all.subarray(end + 4));
          resolve({ socket, received: () => Buffer.concat(chunks), closed });
        }
      });
      socket.write(
        [
          `GET /v1/files/stream?key=${key}&user=hostile HTTP/1.1`,
          'Host: localhost',
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
          'Sec-WebSocket-Version: 13',
          '',
          '',
        ].join('\r\n'),
      );
    });
  }

  /** The status code of the server's close frame among the frames received. */
  function closeCode(frames: Buffer): number | null {
    let at = 0;
    while (at + 2 <= frames.length) {
      const opcode = frames[at]! & 0x0f;
      let len = frames[at + 1]! & 0x7f;
      let offset = at + 2;
      if (len === 126) {
        len = frames.readUInt16BE(offset);
        offset += 2;
      } else if (len === 127) {
        len = Number(frames.readBigUInt64BE(offset));
        offset += 8;
      }
      if (opcode === 0x8) return len >= 2 ? frames.readUInt16BE(offset) : null;
      at = offset + len;
    }
    return null;
  }

  it('an unmasked client frame closes that socket with 1002, and the gateway lives', async () => {
    const { socket, received, closed } = await upgraded();
    const payload = Buffer.from('{"type":"upload_end","messageId":"m"}');
    socket.write(Buffer.concat([Buffer.from([0x81, payload.length]), payload]));
    await closed;
    expect(closeCode(received())).toBe(1002);
    await expectHealthy();
  });

  it('a frame announcing more than the payload limit closes that socket with 1009, and the gateway lives', async () => {
    const { socket, received, closed } = await upgraded();
    const header = Buffer.alloc(14);
    header[0] = 0x81;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(64 * 1024 * 1024), 2);
    randomBytes(4).copy(header, 10);
    socket.write(header);
    await closed;
    expect(closeCode(received())).toBe(1009);
    await expectHealthy();
  });

  it('a frame of JSON nested thousands deep is answered with an error frame, and the socket stays usable', async () => {
    const { socket, received } = await upgraded();
    const payload = Buffer.from(`{"type":"upload_end","messageId":${'['.repeat(20_000)}${']'.repeat(20_000)}}`);
    const mask = randomBytes(4);
    const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
    const header = Buffer.alloc(10);
    header[0] = 0x81;
    header[1] = 0x80 | 127;
    header.writeBigUInt64BE(BigInt(payload.length), 2);
    socket.write(Buffer.concat([header, mask, masked]));
    await eventually(() => received().toString().includes('nests deeper'), {
      timeoutMs: 5_000,
      what: 'the error frame',
    });
    expect(received().toString()).toContain('nests deeper than 64 levels');
    socket.destroy();
    await expectHealthy();
  });

  it('a client that resets mid-handshake costs only its own socket', async () => {
    const socket = connect(h.runtime.port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `GET /v1/files/stream?key=${key} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    socket.resetAndDestroy();
    await expectHealthy();
  });
});

describe('JSON nested past the depth limit', () => {
  const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
  const deepArray = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
  const tool = (parameters: string) => `{"type":"function","name":"f","parameters":${parameters}}`;
  const cases: Record<string, string> = {
    reasoning: `{"input":"hi","reasoning":${deepObject(5000)}}`,
    'input[].arguments': `{"input":[{"type":"function_call","call_id":"c","name":"f","arguments":${deepArray(5000)}}]}`,
    'function_call_output.output': `{"input":[{"type":"function_call_output","call_id":"c","output":${deepObject(5000)}}]}`,
    'tools[].parameters': `{"input":"hi","tools":[${tool(deepObject(5000))}]}`,
    'text.format.schema': `{"input":"hi","mode":"model","text":{"format":{"type":"json_schema","name":"x","schema":${deepObject(5000)}}}}`,
  };
  for (const [field, body] of Object.entries(cases)) {
    it(`/v1/responses with ${field} nested 5,000 deep → 400 before anything recurses`, async () => {
      const res = await api.post('/v1/responses', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_json', param: 'body' });
    });
  }

  it('the same on the other JSON routes (chat completions, data)', async () => {
    for (const path of ['/v1/chat/completions', '/v1/data']) {
      const res = await api.post(path, `{"messages":${deepArray(10_000)}}`);
      expect(res.status).toBe(400);
    }
  });

  it('a deep but legitimate JSON Schema (20 levels) is still accepted', async () => {
    let schema = '{"type":"string"}';
    for (let i = 0; i < 20; i++) schema = `{"type":"object","properties":{"x":${schema}}}`;
    const res = await api.post('/v1/responses', `{"input":"hi","tools":[${tool(schema)}]}`);
    expect(res.status).toBe(200);
  });
});

describe('identifiers longer than any storage key', () => {
  const long = 'x'.repeat(1500);
  it.each([
    ['GET', `/v1/files/${long}`],
    ['DELETE', `/v1/files/${long}`],
    ['GET', `/v1/responses/resp_${long}`],
    ['DELETE', `/v1/responses/resp_${long}`],
    ['DELETE', `/v1/sessions/${long}`],
    ['DELETE', `/v1/subjects/${long}`],
    ['DELETE', `/v1/family-members/${long}`],
  ])('%s a 1.5 KB identifier (%#) → 404 in the envelope', async (method, path) => {
    const res = await api.call(method, path);
    expect(res.status).toBe(404);
    expect(res.body.error.type).toBe('invalid_request_error');
  });

  it('previous_response_id (400, over its length) and file_key (404) in a body', async () => {
    const resumed = await api.post('/v1/responses', { input: 'hi', previous_response_id: `resp_${long}` });
    expect(resumed.body.error).toMatchObject({ param: 'previous_response_id', code: 'invalid_previous_response_id' });
    expect(resumed.status).toBe(400);
    const standardized = await api.post('/v1/standardize', { file_key: long });
    expect(standardized.body.error).toMatchObject({ param: 'file_key' });
    expect(standardized.status).toBe(404);
  });
});

describe('bodies of the wrong media type or encoding', () => {
  const records = { retention: 'permanent', user: 'encoding', records: [{ indicator: 'Glucose', value: 97 }] };

  it('text/plain is not read as JSON: 415 naming content-type, nothing stored', async () => {
    const res = await api.post('/v1/data', JSON.stringify(records), { 'content-type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(res.body.error).toMatchObject({ code: 'unsupported_media_type', param: 'content-type' });
    expect((await api.get('/v1/data?user=encoding')).body.data).toEqual([]);
  });

  it('invalid UTF-8 is refused, not stored as replacement characters', async () => {
    const text = JSON.stringify({ ...records, records: [{ indicator: 'Gluc@se', value: 97 }] });
    const bytes = Buffer.from(text);
    bytes[bytes.indexOf('@')] = 0xff;
    const res = await fetch(`${h.url}/v1/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: bytes,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: unknown }).error).toMatchObject({ code: 'invalid_encoding', param: 'body' });
    expect((await api.get('/v1/data?user=encoding')).body.data).toEqual([]);
  });

  it('JSON with a charset parameter or a +json type is read as usual', async () => {
    const res = await api.post('/v1/data', JSON.stringify(records), {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(res.status).toBe(200);
  });
});

describe('the local @connections endpoint', () => {
  it('is not served on the public port', async () => {
    const res = await fetch(`${h.url}/@connections/abc`, { method: 'POST', body: '{"type":"x"}' });
    expect(res.status).toBe(404);
    expect((await fetch(`${h.url}/@connections/abc`, { method: 'DELETE' })).status).toBe(404);
  });

  it('answers on its own loopback port, which the handlers are pointed at', async () => {
    const callback = process.env.HDS_WS_CALLBACK_URL!;
    expect(callback).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(callback).not.toBe(h.url);
    expect((await fetch(`${callback}/@connections/unknown`)).status).toBe(410);
  });
});

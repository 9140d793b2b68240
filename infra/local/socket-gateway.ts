import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { type WebSocketRoute, webSocketRoutes } from '../../functions/routes';
import type { SocketEvent } from '../../shared/http/socket-handler';
import { errorFields, log } from '../../shared/log';
import { loadHandler } from './handlers';
import { lambdaContext } from './lambda-context';

/** Frames received but not yet handled before the runtime stops reading from a client. */
const MAX_WAITING_FRAMES = 8;

export interface LocalSockets {
  /** Serves `POST|GET|DELETE /@connections/{id}` as API Gateway's management endpoint does. */
  handleManagement(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  closeAll(): Promise<void>;
}

/**
 * The WebSocket API on the runtime's own port: a handshake on a manifest WebSocket path runs the
 * `$connect` handler (a non-200 refuses it), each text frame runs `$default`, a close runs
 * `$disconnect`. Handlers answer through the @connections endpoint, served here too.
 */
export function attachWebSockets(server: Server, opts: { maxFrameBytes: number }): LocalSockets {
  // 1 MiB by default (headroom over a 256 KB chunk once base64'd and framed); 32 KB to behave as API Gateway.
  const wss = new WebSocketServer({ noServer: true, maxPayload: opts.maxFrameBytes });
  const open = new Map<string, WebSocket>();
  const routesByPath = new Map<string, Partial<Record<WebSocketRoute['routeKey'], WebSocketRoute>>>();
  for (const r of webSocketRoutes) routesByPath.set(r.path, { ...routesByPath.get(r.path), [r.routeKey]: r });

  const invoke = async (route: WebSocketRoute | undefined, event: SocketEvent) => {
    if (!route) return { statusCode: 200 };
    const handler = await loadHandler(route);
    return handler(event, lambdaContext(route.id, route.needs.timeoutSeconds ?? 10));
  };

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that resets during the handshake must cost only its own socket.
    socket.on('error', () => socket.destroy());
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const routes = routesByPath.get(url.pathname);
      if (!routes)
        return refuse(
          socket,
          404,
          JSON.stringify({
            error: { message: 'Unknown WebSocket path', type: 'invalid_request_error', code: null, param: null },
          }),
        );
      const connectionId = `${randomBytes(9).toString('base64url')}=`;
      const result = await invoke(routes.$connect, event('$connect', 'CONNECT', connectionId, req, url));
      if ((result?.statusCode ?? 200) !== 200) return refuse(socket, result.statusCode, result.body ?? '');
      if (socket.destroyed) return;
      wss.handleUpgrade(req, socket, head, (ws) => {
        open.set(connectionId, ws);
        // A frame breaking the protocol (unmasked, oversize, bad opcode or UTF-8) errors this socket only:
        // `ws` then closes it with the matching code (1002, 1009, 1007), and `close` below runs $disconnect.
        ws.on('error', (err) => log('info', 'socket protocol error', { code: (err as { code?: string }).code }));
        // API Gateway does not order invocations; running one frame at a time here keeps logs readable.
        let queue: Promise<unknown> = Promise.resolve();
        // Frames wait for their handler one at a time; past a few in waiting, reading from the client's
        // socket pauses (TCP backpressure), so a fast client cannot pile a whole upload up in memory.
        let waiting = 0;
        ws.on('message', (data, isBinary) => {
          const body = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
          if (++waiting >= MAX_WAITING_FRAMES) socket.pause();
          queue = queue.then(() =>
            invoke(routes.$default, {
              ...event('$default', 'MESSAGE', connectionId, req, url),
              body: isBinary ? body.toString('base64') : body.toString('utf8'),
              isBase64Encoded: isBinary,
            })
              .catch((err) => log('error', 'socket $default failed', errorFields(err)))
              .finally(() => {
                if (--waiting < MAX_WAITING_FRAMES / 2) socket.resume();
              }),
          );
        });
        ws.on('close', () => {
          open.delete(connectionId);
          void queue.then(() =>
            invoke(routes.$disconnect, event('$disconnect', 'DISCONNECT', connectionId, req, url)).catch((err) =>
              log('error', 'socket $disconnect failed', errorFields(err)),
            ),
          );
        });
      });
    })().catch((err) => {
      log('error', 'socket handshake failed', errorFields(err));
      refuse(socket, 500, '');
    });
  });

  return {
    handleManagement: async (req, res) => {
      const m = /^\/@connections\/([^/]+)$/.exec(new URL(req.url ?? '/', 'http://localhost').pathname);
      if (!m) return false;
      const ws = open.get(decodeURIComponent(m[1]!));
      if (!ws || ws.readyState !== WebSocket.OPEN) {
        res
          .writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' })
          .end('{"message":"Gone"}');
        return true;
      }
      if (req.method === 'POST') {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        await new Promise<void>((resolve, reject) =>
          ws.send(Buffer.concat(chunks).toString('utf8'), (e) => (e ? reject(e) : resolve())),
        );
        res.writeHead(200).end();
      } else if (req.method === 'DELETE') {
        ws.close(1000);
        res.writeHead(204).end();
      } else {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ connectedAt: new Date().toISOString() }));
      }
      return true;
    },
    closeAll: async () => {
      for (const ws of open.values()) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function event(
  routeKey: string,
  eventType: SocketEvent['requestContext']['eventType'],
  connectionId: string,
  req: IncomingMessage,
  url: URL,
): SocketEvent {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
  return {
    requestContext: {
      routeKey,
      eventType,
      connectionId,
      requestId: randomUUID(),
      domainName: headers.host ?? 'localhost',
      stage: 'local',
      identity: { sourceIp: req.socket.remoteAddress ?? '127.0.0.1' },
      ...(eventType === 'MESSAGE' ? { messageId: randomUUID() } : {}),
    },
    ...(eventType === 'CONNECT' ? { headers, queryStringParameters: Object.fromEntries(url.searchParams) } : {}),
    isBase64Encoded: false,
  };
}

function refuse(socket: Duplex, status: number, body: string): void {
  const text =
    { 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests' }[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

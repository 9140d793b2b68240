import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { AppError, UnauthorizedError } from '../errors';
import { errorFields, log } from '../log';
import { observed } from '../observability';
import type { SocketConnection } from '../ports/socket-gateway';
import { type ServiceOwner, type ServiceParts, type Services, servicesFor } from '../services/container';
import { asAppError, openAiEnvelope, openAiErrorBody } from './envelopes';
import { keyStillLive } from './middleware';

/** The WebSocket API's event, as API Gateway sends it to $connect, $default and $disconnect. */
export interface SocketEvent {
  requestContext: {
    routeKey: string;
    eventType: 'CONNECT' | 'MESSAGE' | 'DISCONNECT';
    connectionId: string;
    requestId: string;
    domainName?: string;
    stage?: string;
    messageId?: string;
    identity?: { sourceIp?: string };
  };
  headers?: Record<string, string | undefined>;
  queryStringParameters?: Record<string, string | undefined> | null;
  body?: string;
  isBase64Encoded?: boolean;
}

export interface ConnectContext {
  connectionId: string;
  requestId: string;
  sourceIp: string | undefined;
  query: Record<string, string>;
  headers: Record<string, string>;
  services: Services;
}

/**
 * $connect: the handshake succeeds only when `fn` returns; an application error refuses it with its `/v1` status
 * (the local runtime also sends the envelope as the HTTP response body).
 */
export function socketConnectRoute(
  route: ServiceOwner,
  parts: ServiceParts,
  fn: (ctx: ConnectContext) => Promise<void>,
) {
  const routeId = route.id;
  const services = servicesFor(route, parts);
  return observed(async (event: SocketEvent): Promise<APIGatewayProxyStructuredResultV2> => {
    const { connectionId, requestId } = event.requestContext;
    try {
      await fn({
        connectionId,
        requestId,
        sourceIp: event.requestContext.identity?.sourceIp,
        query: defined(event.queryStringParameters ?? {}),
        headers: Object.fromEntries(Object.entries(defined(event.headers ?? {})).map(([k, v]) => [k.toLowerCase(), v])),
        services: services(),
      });
      return { statusCode: 200 };
    } catch (err) {
      const answer = openAiEnvelope.failure(asAppError(err, requestId));
      if (answer.status >= 500)
        log('error', 'socket connect failed', { route: routeId, requestId, ...errorFields(err) });
      return {
        statusCode: answer.status,
        headers: { 'content-type': answer.contentType, 'x-request-id': requestId, ...answer.headers },
        body: JSON.stringify(answer.body),
      };
    }
  });
}

export interface MessageContext {
  connection: SocketConnection;
  /** The frame's text (binary frames arrive decoded). */
  body: string;
  requestId: string;
  services: Services;
  reply(frame: Record<string, unknown>): Promise<void>;
}

/**
 * $default: a frame from a known connection. Errors go back to the client as an `error` frame in the
 * spec's envelope, never as a failed invocation (which API Gateway would only log).
 */
export function socketMessageRoute(
  route: ServiceOwner,
  parts: ServiceParts,
  fn: (ctx: MessageContext) => Promise<void>,
) {
  const routeId = route.id;
  const services = servicesFor(route, parts);
  return observed(async (event: SocketEvent): Promise<APIGatewayProxyStructuredResultV2> => {
    const { connectionId, requestId } = event.requestContext;
    const svc = services();
    const reply = async (frame: Record<string, unknown>) => {
      await svc.sockets().send(connectionId, frame);
    };
    try {
      const connection = await svc.connections.get(connectionId);
      if (!connection) {
        await reply(errorFrame(new UnauthorizedError('Unknown or expired connection; connect again', null)));
        await svc.sockets().close(connectionId);
        return { statusCode: 200 };
      }
      if (!(await keyStillLive(connection, svc))) {
        await reply(
          errorFrame(
            connection.grantId
              ? new AppError('invalid_token', 'The access token this connection was opened with is revoked', {
                  code: 'invalid_token',
                })
              : new UnauthorizedError('The API key this connection was opened with is revoked', 'invalid_api_key'),
          ),
        );
        await svc.sockets().close(connectionId);
        return { statusCode: 200 };
      }
      const body = event.isBase64Encoded
        ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
        : (event.body ?? '');
      await fn({ connection, body, requestId, services: svc, reply });
    } catch (err) {
      const error = asAppError(err, requestId);
      if (openAiEnvelope.failure(error).status >= 500) {
        log('error', 'socket message failed', { route: routeId, requestId, ...errorFields(err) });
      }
      await reply(errorFrame(error)).catch(() => undefined);
    }
    return { statusCode: 200 };
  });
}

/** `{type: 'error', error: {message, type, code, param}}`: the envelope inside a frame. */
export function errorFrame(error: AppError, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'error',
    ...extra,
    status: openAiEnvelope.failure(error).status,
    ...(error.retryAfterSeconds !== undefined ? { retry_after: error.retryAfterSeconds } : {}),
    ...openAiErrorBody(error),
  };
}

function defined(values: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined) out[k] = v;
  return out;
}

import { isUtf8 } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { type HttpRoute, httpRoutes } from '../../functions/routes';
import { HttpError, MethodNotAllowedError, NotFoundError, PayloadTooLargeError } from '../../shared/http/errors';
import { errorFields, log } from '../../shared/log';
import { loadHandler } from './handlers';
import { lambdaContext } from './lambda-context';
import { handleLargeUpload, LAMBDA_BODY_BYTES } from './large-upload';
import { httpResponseStream } from './response-stream';

/** API Gateway's own request cap; bigger bodies never reach a function there either. */
export const GATEWAY_MAX_BODY_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  route: HttpRoute;
  pattern: RegExp;
  params: string[];
}

/** `/v1/files/{file_key+}` → a regex with a greedy group; `{name}` matches one segment. */
function compile(route: HttpRoute): CompiledRoute {
  const params: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const m = /^\{([a-zA-Z0-9_]+)(\+?)\}$/.exec(segment);
      if (!m) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(m[1]!);
      return m[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}/?$`), params };
}

const compiled = httpRoutes.map(compile);

/**
 * Serves the manifest's HTTP routes as API Gateway would: the request becomes a payload-format-2.0
 * event, the route's own handler runs on it, and its result becomes the response.
 */
export async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = randomUUID();
  try {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const { match, allowed } = findRoute(method, url.pathname);
    if (!match) {
      if (allowed.length > 0) throw new MethodNotAllowedError(method, url.pathname, allowed);
      throw new NotFoundError(`Unknown route: ${method} ${url.pathname}`);
    }
    // A body no Lambda event could carry: streamed into the bucket and finalized as the cloud's presigned path.
    if (match.route.id === 'create-file' && Number(req.headers['content-length'] ?? 0) > LAMBDA_BODY_BYTES) {
      return await handleLargeUpload(req, res);
    }
    const body = await readBody(req, GATEWAY_MAX_BODY_BYTES);
    if (match.route.streaming) return await streamResponse(req, res, url, method, match, body, requestId);
    const event = toEvent(req, url, method, match, body, requestId);
    const handler = await loadHandler(match.route);
    const result = (await handler(
      event,
      lambdaContext(match.route.id, match.route.needs.timeoutSeconds ?? 10),
    )) as APIGatewayProxyStructuredResultV2;
    writeResult(res, result, requestId);
  } catch (err) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const http = err instanceof HttpError ? err : null;
    if (!http) log('error', 'local gateway failure', { requestId, ...errorFields(err) });
    const status = http?.status ?? 500;
    const body = http
      ? http.toJSON()
      : { error: { message: 'Internal error', type: 'invalid_request_error', code: 'internal_error', param: null } };
    writeResult(
      res,
      {
        statusCode: status,
        headers: { 'content-type': 'application/json', ...http?.headers },
        body: JSON.stringify(body),
      },
      requestId,
    );
  }
}

/**
 * A streaming route, as the cloud's REST API in STREAM transfer mode serves it: a payload-format-1.0 event,
 * the handler writing to a response stream that reaches the socket chunk by chunk.
 */
async function streamResponse(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  method: string,
  match: CompiledRoute & { values: string[] },
  body: Buffer,
  requestId: string,
): Promise<void> {
  const handler = (await loadHandler(match.route)) as unknown as (
    event: APIGatewayProxyEvent,
    stream: ReturnType<typeof httpResponseStream>,
    context: unknown,
  ) => Promise<void>;
  const stream = httpResponseStream(res, { 'x-request-id': requestId });
  try {
    await handler(
      toRestEvent(toEvent(req, url, method, match, body, requestId), match.route),
      stream,
      lambdaContext(match.route.id, match.route.needs.timeoutSeconds ?? 10),
    );
  } catch (err) {
    // The client went away mid-stream: nothing is left to answer.
    if (res.headersSent || res.destroyed) return;
    throw err;
  }
}

/** The same request as a REST API (payload format 1.0) proxy event. */
function toRestEvent(v2: APIGatewayProxyEventV2, route: HttpRoute): APIGatewayProxyEvent {
  const context = v2.requestContext;
  return {
    resource: route.path,
    path: v2.rawPath,
    httpMethod: context.http.method,
    headers: v2.headers as Record<string, string>,
    multiValueHeaders: Object.fromEntries(Object.entries(v2.headers).map(([k, v]) => [k, [v ?? '']])),
    queryStringParameters: (v2.queryStringParameters as Record<string, string>) ?? null,
    multiValueQueryStringParameters: v2.queryStringParameters
      ? Object.fromEntries(Object.entries(v2.queryStringParameters).map(([k, v]) => [k, [v ?? '']]))
      : null,
    pathParameters: (v2.pathParameters as Record<string, string>) ?? null,
    stageVariables: null,
    requestContext: {
      accountId: context.accountId,
      apiId: context.apiId,
      authorizer: undefined,
      protocol: context.http.protocol,
      httpMethod: context.http.method,
      identity: {
        sourceIp: context.http.sourceIp,
        userAgent: context.http.userAgent,
      } as APIGatewayProxyEvent['requestContext']['identity'],
      path: `/v1${v2.rawPath}`,
      stage: 'v1',
      requestId: context.requestId,
      requestTimeEpoch: context.timeEpoch,
      resourceId: 'local',
      resourcePath: route.path,
    },
    body: v2.body ?? null,
    isBase64Encoded: v2.isBase64Encoded,
  };
}

function findRoute(method: string, path: string): { match?: CompiledRoute & { values: string[] }; allowed: string[] } {
  const allowed: string[] = [];
  for (const c of compiled) {
    const m = c.pattern.exec(path);
    if (!m) continue;
    if (c.route.method === method) return { match: { ...c, values: m.slice(1) }, allowed };
    allowed.push(c.route.method);
  }
  return { allowed };
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new PayloadTooLargeError(`Request body exceeds ${limit} bytes`, 'body');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new PayloadTooLargeError(`Request body exceeds ${limit} bytes`, 'body');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Content types API Gateway passes as text; everything else arrives base64-encoded. */
function isTextual(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return (
    type === '' ||
    type.startsWith('text/') ||
    ['application/json', 'application/xml', 'application/javascript', 'application/x-www-form-urlencoded'].includes(
      type,
    ) ||
    type.endsWith('+json')
  );
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  method: string,
  match: CompiledRoute & { values: string[] },
  body: Buffer,
  requestId: string,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const pathParameters = Object.fromEntries(match.params.map((p, i) => [p, safeDecode(match.values[i] ?? '')]));
  // Bytes that are not UTF-8 travel base64-encoded, so the handler sees them as sent and can refuse them.
  const textual = isTextual(headers['content-type']) && isUtf8(body);
  const now = Date.now();
  const routeKey = `${match.route.method} ${match.route.path}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(match.params.length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey,
      stage: '$default',
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    ...(body.length > 0 ? { body: textual ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !textual,
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2, requestId: string): void {
  const headers: Record<string, string | string[]> = { 'x-request-id': requestId };
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined;
  if (body) headers['content-length'] = String(body.length);
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(body);
}

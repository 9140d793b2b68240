import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { type HttpRoute, httpRoutes } from '../../functions/routes';
import { AppError, MethodNotAllowedError, NotFoundError, PayloadTooLargeError } from '../../shared/errors';
import { asAppError, envelopeOf, openAiEnvelope } from '../../shared/http/envelopes';
import { envelopedResponse } from '../../shared/http/middleware';
import { errorFields, log } from '../../shared/log';
import { API_STAGE_NAME } from '../naming';
import { loadHandler } from './handlers';
import { lambdaContext } from './lambda-context';
import { handleLargeUpload, LAMBDA_BODY_BYTES } from './large-upload';
import { handleLocal } from './local-routes';
import { responseChecksOn, responseProblem } from './response-check';
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
 * Serves the manifest's HTTP routes as the cloud's one REST API does: the request becomes a payload-format-1.0
 * proxy event, the route's own handler runs on it, and its result becomes the response.
 */
export async function handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = randomUUID();
  // Until a route matches, refusals are `/v1`'s, as the cloud's API-wide gateway responses are.
  let envelope = openAiEnvelope;
  try {
    // The local-only routes (the console's sign-in from the outbox): never in the manifest, never in the cloud.
    if (await handleLocal(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toUpperCase();
    const { match, allowed } = findRoute(method, url.pathname);
    if (!match) {
      if (allowed.length > 0) throw new MethodNotAllowedError(method, url.pathname, allowed);
      throw new NotFoundError(`Unknown route: ${method} ${url.pathname}`);
    }
    envelope = envelopeOf(match.route.envelope);
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
    writeResult(res, responseChecksOn() ? checkedResult(match.route, result, requestId) : result, requestId);
  } catch (err) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (!(err instanceof AppError)) log('error', 'local gateway failure', { requestId, ...errorFields(err) });
    writeResult(res, envelopedResponse(envelope.failure(asAppError(err, requestId)), requestId), requestId);
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
      toEvent(req, url, method, match, body, requestId),
      stream,
      lambdaContext(match.route.id, match.route.needs.timeoutSeconds ?? 10),
    );
  } catch (err) {
    // The client went away mid-stream: nothing is left to answer.
    if (res.headersSent || res.destroyed) return;
    throw err;
  }
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

/**
 * The request as the cloud's REST API hands it to a Lambda proxy integration (payload format 1.0). The API declares
 * every media type binary, so a body always arrives base64-encoded, byte for byte as sent; a repeated query
 * parameter or header keeps its last value in the single-value maps and all of them in the multi-value ones.
 */
function toEvent(
  req: IncomingMessage,
  url: URL,
  method: string,
  match: CompiledRoute & { values: string[] },
  body: Buffer,
  requestId: string,
): APIGatewayProxyEvent {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    const value = req.rawHeaders[i + 1]!;
    headers[name] = value;
    multiValueHeaders[name] = [...(multiValueHeaders[name] ?? []), value];
  }
  const query: Record<string, string> = {};
  const multiValueQuery: Record<string, string[]> = {};
  for (const [name, value] of url.searchParams) {
    query[name] = value;
    multiValueQuery[name] = [...(multiValueQuery[name] ?? []), value];
  }
  const hasQuery = Object.keys(query).length > 0;
  const pathParameters = Object.fromEntries(match.params.map((p, i) => [p, safeDecode(match.values[i] ?? '')]));
  const now = Date.now();
  return {
    resource: match.route.path,
    path: url.pathname,
    httpMethod: method,
    headers,
    multiValueHeaders,
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiValueQuery : null,
    pathParameters: match.params.length ? pathParameters : null,
    stageVariables: null,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      authorizer: undefined,
      protocol: `HTTP/${req.httpVersion}`,
      httpMethod: method,
      identity: {
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
      } as APIGatewayProxyEvent['requestContext']['identity'],
      path: `/${API_STAGE_NAME}${url.pathname}`,
      stage: API_STAGE_NAME,
      requestId,
      requestTimeEpoch: now,
      resourceId: 'local',
      resourcePath: match.route.path,
    },
    body: body.length > 0 ? body.toString('base64') : null,
    isBase64Encoded: body.length > 0,
  };
}

/**
 * Under `HDS_VALIDATE_RESPONSES=1` (the tests), an answer the OpenAPI document does not describe is a loud failure: a
 * 500 naming the route and what differs, and an error log line, so the test that met it fails where it happened.
 */
function checkedResult(
  route: HttpRoute,
  result: APIGatewayProxyStructuredResultV2,
  requestId: string,
): APIGatewayProxyStructuredResultV2 {
  const headers = Object.fromEntries(
    Object.entries(result.headers ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]),
  );
  const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8').toString('utf8') : '';
  const problem = responseProblem(route, result.statusCode ?? 200, headers['content-type'] ?? '', body);
  if (!problem) return result;
  const message = `Response of ${route.id} (${route.method} ${route.path}, status ${result.statusCode ?? 200}) does not match its OpenAPI schema: ${problem}`;
  log('error', 'undocumented response shape', { requestId, route: route.id, problem });
  console.error(message);
  return {
    statusCode: 500,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      error: { message, type: 'invalid_request_error', code: 'undocumented_response', param: null },
    }),
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

import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * One request shape for every handler, whichever event carried it: HTTP API (payload 2.0) or REST
 * API (payload 1.0, the streaming routes). Handlers never see the difference.
 */
export interface HttpRequest {
  requestId: string;
  method: string;
  path: string;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  query: Record<string, string>;
  /** Every value of each query parameter, repeats included (the OAuth pages refuse a repeated parameter). */
  queryAll?: Record<string, string[]>;
  pathParams: Record<string, string>;
  body: Buffer | undefined;
  sourceIp: string | undefined;
}

export type GatewayEvent = APIGatewayProxyEventV2 | APIGatewayProxyEvent;

export function fromGatewayEvent(event: GatewayEvent): HttpRequest {
  const headers = lowerCaseKeys(event.headers ?? {});
  const isV2 = 'requestContext' in event && 'http' in (event.requestContext ?? {});
  const method = isV2
    ? (event as APIGatewayProxyEventV2).requestContext.http.method
    : (event as APIGatewayProxyEvent).httpMethod;
  const path = isV2 ? (event as APIGatewayProxyEventV2).rawPath : (event as APIGatewayProxyEvent).path;
  const requestId = event.requestContext?.requestId || randomUUID();
  const sourceIp = isV2
    ? (event as APIGatewayProxyEventV2).requestContext.http.sourceIp
    : (event as APIGatewayProxyEvent).requestContext?.identity?.sourceIp;
  const rawBody = event.body;
  const body =
    rawBody == null || rawBody === '' ? undefined : Buffer.from(rawBody, event.isBase64Encoded ? 'base64' : 'utf8');
  return {
    requestId,
    method: method.toUpperCase(),
    path,
    headers,
    query: definedValues(event.queryStringParameters ?? {}),
    queryAll: isV2
      ? queryLists(new URLSearchParams((event as APIGatewayProxyEventV2).rawQueryString ?? ''))
      : definedLists((event as APIGatewayProxyEvent).multiValueQueryStringParameters ?? {}),
    pathParams: definedValues(event.pathParameters ?? {}),
    body,
    sourceIp,
  };
}

function lowerCaseKeys(headers: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
}

function definedValues(values: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined) out[k] = v;
  return out;
}

function queryLists(params: URLSearchParams): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of params) out[k] = [...(out[k] ?? []), v];
  return out;
}

function definedLists(values: Record<string, string[] | undefined>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined) out[k] = v;
  return out;
}

const FRAMING_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/**
 * The request as a web `Request` (for libraries written against the Fetch API, such as the MCP SDK's transport):
 * method, path and query, headers and body as received. `origin` only completes the URL.
 */
export function webRequestOf(req: HttpRequest, origin: string): Request {
  const url = new URL(req.path, origin);
  for (const [name, values] of Object.entries(req.queryAll ?? {})) {
    for (const value of values) url.searchParams.append(name, value);
  }
  if (!req.queryAll) for (const [name, value] of Object.entries(req.query)) url.searchParams.set(name, value);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined;
  // Framing headers described the bytes as they travelled; the body is handed over whole.
  const headers = Object.entries(req.headers).filter(([name]) => !FRAMING_HEADERS.has(name));
  return new Request(url, {
    method: req.method,
    headers,
    ...(hasBody ? { body: new Uint8Array(req.body!) } : {}),
  });
}

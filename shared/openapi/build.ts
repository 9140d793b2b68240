import type * as z from 'zod/mini';
import type { EnvelopeName } from '../http/envelopes';
import type { RouteAuth } from '../http/handler';
import { errorDocs, successSchemaOf } from './envelope-schemas';
import { type JsonSchema, SchemaRegistry } from './json-schema';
import type { MediaType, Operation, ResponseDoc, WebSocketDoc } from './operation';
import { securityOf, securitySchemes } from './security';

/** A manifest entry as far as the document reads it (`functions/routes.ts`; the manifest is data, passed in). */
export interface DocumentedRoute {
  kind: string;
  id: string;
  description: string;
  method?: string;
  path?: string;
  auth?: RouteAuth;
  envelope?: EnvelopeName;
  streaming?: boolean;
  scopes?: readonly string[];
}

export interface DocumentInput {
  routes: readonly DocumentedRoute[];
  operations: readonly Operation[];
  webSockets: readonly WebSocketDoc[];
  /** The base URL clients call: `HDS_ISSUER` (the stage path included in the cloud). */
  serverUrl: string;
  version: string;
}

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, JsonSchema> } & Record<string, unknown>;
};

const DESCRIPTION = [
  'HDS, the Health Data Service: a multi-tenant health data API. Partners write readings, files and reports for',
  'their Subjects (the `user` of each request); HDS standardizes them (LOINC, UCUM, FHIR) and answers questions',
  'grounded in them. `/v1` takes an API key; the console and `/user` routes a console session from email sign-in;',
  'OAuth 2.0 issues user tokens. Errors on `/v1` and `/api` are the OpenAI error object.',
].join(' ');

/** Path parameters written `{name+}` in the manifest (API Gateway's greedy segment) are `{name}` in OpenAPI. */
const GREEDY = /\{([a-zA-Z0-9_]+)\+\}/g;

/**
 * The OpenAPI 3.1 document of the manifest's HTTP routes, each joined with its operation by route id. Method, path,
 * auth, error envelope and streaming come from the manifest; summaries, schemas and examples from the operation.
 * Pure: the same input gives the same document.
 */
export function buildOpenApiDocument(input: DocumentInput): OpenApiDocument {
  const registry = new SchemaRegistry();
  const byId = new Map(input.operations.map((o) => [o.routeId, o]));
  const paths: OpenApiDocument['paths'] = {};
  const errorResponses = new Map<string, unknown>();
  for (const route of input.routes) {
    if (route.kind !== 'http' || !route.path || !route.method) continue;
    const path = route.path.replace(GREEDY, '{$1}');
    const operation = byId.get(route.id);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation
      ? operationObject(route, operation, registry, errorResponses)
      : { operationId: route.id, summary: route.description, 'x-hds-undocumented': true, responses: {} };
  }
  const webSockets = input.webSockets.map((ws) => webSocketObject(ws, input.routes, registry));
  return {
    openapi: '3.1.0',
    info: { title: 'HDS — Health Data Service API', version: input.version, description: DESCRIPTION },
    servers: [{ url: input.serverUrl }],
    tags: tagsOf(input.operations),
    paths,
    components: {
      schemas: registry.components(),
      responses: Object.fromEntries([...errorResponses].sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: securitySchemes(input.serverUrl),
    },
    ...(webSockets.length ? { 'x-hds-websocket': Object.fromEntries(webSockets) } : {}),
  };
}

function operationObject(
  route: DocumentedRoute,
  op: Operation,
  registry: SchemaRegistry,
  errorResponses: Map<string, unknown>,
): Record<string, unknown> {
  const envelope = route.envelope ?? 'openai';
  const parameters = [
    ...parametersOf(op.path, 'path', route.path ?? '', registry, []),
    ...parametersOf(op.query, 'query', route.path ?? '', registry, op.body ? [] : (op.examples ?? [])),
    ...(IDEMPOTENT_ROUTES.has(route.id) ? [IDEMPOTENCY_KEY_PARAMETER] : []),
  ];
  const greedyNames = [...(route.path ?? '').matchAll(GREEDY)].map((m) => m[1]);
  const declared = [...(route.path ?? '').matchAll(/\{([a-zA-Z0-9_]+)\+?\}/g)].map((m) => m[1]);
  const documented = parameters.filter((p) => p.in === 'path').map((p) => p.name);
  if (declared.join() !== documented.join()) {
    throw new Error(`Operation ${route.id}: path parameters ${documented.join()} do not match ${route.path}`);
  }
  for (const p of parameters) if (greedyNames.includes(p.name as string)) p['x-hds-greedy'] = true;
  const responses: Record<string, unknown> = {};
  for (const [status, doc] of Object.entries(op.responses)) {
    responses[status] = successResponse(doc, envelope, Number(status), route, registry);
  }
  for (const [status, doc] of Object.entries(errorDocs(envelope))) {
    if (!appliesTo(Number(status), route, op)) continue;
    const name = `${envelopeName(envelope)}${status}`;
    if (!errorResponses.has(name)) {
      errorResponses.set(name, {
        description: doc.description,
        ...(status === '429' ? { headers: rateLimitHeaders(envelope) } : {}),
        content: {
          [doc.mediaType]: { schema: doc.schema ? registry.convert(doc.schema, 'output') : { type: 'string' } },
        },
      });
    }
    responses[status] = { $ref: `#/components/responses/${name}` };
  }
  return {
    operationId: route.id,
    summary: op.summary,
    description: op.description ? `${route.description}. ${op.description}` : route.description,
    tags: [...op.tags],
    ...(op.deprecated ? { deprecated: true } : {}),
    security: securityOf(route.auth ?? 'none', route.scopes),
    ...(parameters.length ? { parameters } : {}),
    ...(op.body ? { requestBody: requestBodyOf(op, registry) } : {}),
    responses,
    ...(route.streaming ? { 'x-hds-streaming': true } : {}),
  };
}

/** Which of an envelope's error statuses a route can answer. */
function appliesTo(status: number, route: DocumentedRoute, op: Operation): boolean {
  const credentials = route.auth !== undefined && route.auth !== 'none';
  if (status === 401) return credentials || route.envelope === 'oauth';
  if (status === 403) return credentials;
  if (status === 413 || status === 415) return op.body !== undefined;
  if (status === 502) return route.streaming === true || /standardi|extract/.test(route.id);
  return true;
}

function envelopeName(envelope: EnvelopeName): string {
  const names: Record<EnvelopeName, string> = {
    openai: 'OpenAiError',
    account: 'AccountError',
    api: 'ApiError',
    jsonrpc: 'JsonRpcError',
    oauth: 'OAuthError',
    'oauth-page': 'OAuthPage',
  };
  return names[envelope];
}

/** The writes that take `Idempotency-Key` (shared/http/idempotency.ts; wired in each route's handler). */
const IDEMPOTENT_ROUTES: ReadonlySet<string> = new Set([
  'create-data',
  'create-file',
  'create-standardization',
  'create-response',
]);

const IDEMPOTENCY_KEY_PARAMETER: Record<string, unknown> = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the first answer is kept 24 h per account and key and replayed (with `Idempotent-Replayed: true`) ' +
    'to the same request; another request under the key is 422, a duplicate in flight 409. On `/v1/standardize` only ' +
    'with `store: true`; on `/v1/responses` not with `stream: true` (400).',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
};

/** The IETF httpapi draft's budget fields, on every answer of a rate-limited route. */
function budgetHeaders(): Record<string, unknown> {
  const header = (description: string) => ({ description, schema: { type: 'string' } });
  return {
    'RateLimit-Policy': header('The quota policy (draft-ietf-httpapi-ratelimit-headers): `"minute";q=<limit>;w=60`'),
    RateLimit: header('What is left of it: `"minute";r=<remaining>;t=<seconds until a request is freed>`'),
  };
}

function rateLimitHeaders(envelope: EnvelopeName): Record<string, unknown> {
  const header = (description: string) => ({ description, schema: { type: 'string' } });
  return {
    'Retry-After': header('Seconds to wait before retrying'),
    ...(envelope === 'openai'
      ? {
          'X-RateLimit-Limit': header('Requests allowed in the window'),
          'X-RateLimit-Remaining': header('Requests left in the window (0)'),
          'X-RateLimit-Reset': header('Epoch second the window resets'),
          ...budgetHeaders(),
        }
      : {}),
  };
}

function successResponse(
  doc: ResponseDoc,
  envelope: EnvelopeName,
  status: number,
  route: DocumentedRoute,
  registry: SchemaRegistry,
): Record<string, unknown> {
  const headers = {
    'X-Request-Id': { description: 'The request id, also in the logs', schema: { type: 'string' } },
    ...(envelope === 'openai' && route.auth === 'api-key' ? budgetHeaders() : {}),
    ...(IDEMPOTENT_ROUTES.has(route.id)
      ? {
          'Idempotent-Replayed': {
            description: '`true` when this is the kept answer of an earlier request with the same Idempotency-Key',
            schema: { type: 'string', enum: ['true'] },
          },
        }
      : {}),
    ...Object.fromEntries(
      Object.entries(doc.headers ?? {}).map(([name, description]) => [
        name,
        { description, schema: { type: 'string' } },
      ]),
    ),
  };
  const content: Record<string, unknown> = {};
  const mediaType: MediaType = doc.mediaType ?? 'application/json';
  if (doc.schema)
    content[mediaType] = { schema: registry.convert(successSchemaOf(envelope, doc.schema, status), 'output') };
  else if (doc.mediaType) content[mediaType] = { schema: { type: 'string' } };
  if (doc.stream && route.streaming) {
    content['text/event-stream'] = {
      schema: { type: 'string', description: 'Server-sent events: each `data:` line one event, then `data: [DONE]`' },
      'x-hds-event': registry.convert(doc.stream, 'output'),
    };
  }
  return {
    description: doc.description,
    headers,
    ...(Object.keys(content).length ? { content } : {}),
  };
}

function requestBodyOf(op: Operation, registry: SchemaRegistry): Record<string, unknown> {
  const examples = Object.fromEntries((op.examples ?? []).map((value, i) => [`example${i + 1}`, { value }]));
  return {
    required: true,
    content: {
      [op.bodyMediaType ?? 'application/json']: {
        schema: registry.convert(op.body!, 'input'),
        ...(op.examples?.length ? { examples } : {}),
      },
      ...(op.altBody ? { [op.altBody.mediaType]: { schema: registry.convert(op.altBody.schema, 'input') } } : {}),
    },
  };
}

/** One `in: query` (or `in: path`) parameter per property of the operation's object schema. */
function parametersOf(
  schema: z.ZodMiniType | undefined,
  where: 'query' | 'path',
  routePath: string,
  registry: SchemaRegistry,
  examples: readonly unknown[],
): Record<string, unknown>[] {
  if (!schema) return [];
  const json = registry.convert(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  const order = where === 'path' ? [...routePath.matchAll(/\{([a-zA-Z0-9_]+)\+?\}/g)].map((m) => m[1]!) : [];
  const names = Object.keys(properties).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return names.map((name) => {
    const { description, ...rest } = properties[name]!;
    const values = examples
      .map((e) => (e && typeof e === 'object' ? (e as Record<string, unknown>)[name] : undefined))
      .filter((v) => v !== undefined);
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
      ...(values.length
        ? { examples: Object.fromEntries(values.map((value, i) => [`example${i + 1}`, { value }])) }
        : {}),
    };
  });
}

function webSocketObject(
  ws: WebSocketDoc,
  routes: readonly DocumentedRoute[],
  registry: SchemaRegistry,
): [string, Record<string, unknown>] {
  const entries = routes.filter((r) => r.kind === 'websocket' && r.path === ws.path);
  return [
    ws.path,
    {
      summary: ws.summary,
      ...(ws.description ? { description: ws.description } : {}),
      routes: entries.map((r) => ({ id: r.id, description: r.description })),
      ...(ws.query ? { query: registry.convert(ws.query, 'input') } : {}),
      clientFrames: Object.fromEntries(
        Object.entries(ws.clientFrames).map(([type, schema]) => [type, registry.convert(schema, 'input')]),
      ),
      serverFrames: ws.serverFrames,
    },
  ];
}

function tagsOf(operations: readonly Operation[]): { name: string }[] {
  return [...new Set(operations.flatMap((o) => o.tags))].map((name) => ({ name }));
}

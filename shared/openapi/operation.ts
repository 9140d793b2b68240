/**
 * What the OpenAPI document says about one route, declared beside its handler (`functions/<dir>/<id>.schema.ts`)
 * with the very zod schemas the handler validates with. Method, path, auth, error envelope and streaming come from
 * the route manifest and are never repeated here; `shared/openapi/` joins the two by route id.
 */
import type * as z from 'zod/mini';

/** A media type a request body or a success answer is sent as. */
export type MediaType =
  | 'application/json'
  | 'application/x-www-form-urlencoded'
  | 'multipart/form-data'
  | 'text/event-stream'
  | 'text/html'
  | 'text/css'
  | 'application/javascript';

export interface ResponseDoc {
  description: string;
  /** Absent for an answer with no body (204) or one described by `mediaType` alone (a page, an asset). */
  schema?: z.ZodMiniType;
  /** `application/json` unless said. A streamed answer lists its JSON form here and `stream` beside it. */
  mediaType?: MediaType;
  /** For routes that stream when asked (`stream: true`): the schema of one `data:` event of the SSE answer. */
  stream?: z.ZodMiniType;
  /** Response headers worth documenting (name → description). */
  headers?: Record<string, string>;
}

export interface OperationDoc {
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Query parameters as one object schema; each key becomes one `in: query` parameter. */
  query?: z.ZodMiniType;
  /** Path parameters as one object schema, keys named as in the manifest path (`{file_key+}` → `file_key`). */
  path?: z.ZodMiniType;
  body?: z.ZodMiniType;
  /** `application/json` unless said. */
  bodyMediaType?: MediaType;
  /** A second form the same body may take (standardize takes JSON or a multipart file). */
  altBody?: { mediaType: MediaType; schema: z.ZodMiniType };
  /** Success answers by status; error answers are added from the manifest's envelope. */
  responses: Readonly<Record<number, ResponseDoc>>;
  /** Request bodies (or, with no body, query objects) a reader can send as they are; each is validated in tests. */
  examples?: readonly unknown[];
  deprecated?: boolean;
}

export interface Operation extends OperationDoc {
  /** The manifest id of the route this documents. */
  routeId: string;
}

/** Declares the OpenAPI operation of the route `routeId`; collected by `shared/openapi/operations.ts`. */
export function defineOperation(routeId: string, doc: OperationDoc): Operation {
  return { routeId, ...doc };
}

/**
 * A WebSocket API as far as OpenAPI 3.1 can carry it: not an operation (the format has no WebSocket), but an
 * `x-hds-websocket` extension naming the path, the handshake's query parameters and the client frames' schemas.
 */
export interface WebSocketDoc {
  /** The manifest path of its routes (`$connect`, `$default`, `$disconnect`). */
  path: string;
  summary: string;
  description?: string;
  /** The handshake's query parameters (credentials travel there: browsers cannot set WebSocket headers). */
  query?: z.ZodMiniType;
  /** Client frames by their `type`, with the very schemas the `$default` handler parses them with. */
  clientFrames: Readonly<Record<string, z.ZodMiniType>>;
  /** Frames the server sends, by `type`, in prose. */
  serverFrames: Readonly<Record<string, string>>;
}

import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../functions/openapi/document';
import { operations } from '../../../functions/operations';
import { httpRoutes, webSocketRoutes } from '../../../functions/routes';

const document = openApiDocument('http://localhost:8787', '0.0.0');

describe('every manifest route is documented', () => {
  it('has exactly one operation per HTTP route, and none without a route', () => {
    const ids = operations.map((o) => o.routeId);
    for (const route of httpRoutes) {
      expect(
        ids.filter((id) => id === route.id),
        `operations for ${route.id}`,
      ).toHaveLength(1);
    }
    for (const id of ids)
      expect(
        httpRoutes.map((r) => r.id),
        `route for operation ${id}`,
      ).toContain(id);
  });

  it('puts each route at its method and path, greedy parameters marked', () => {
    for (const route of httpRoutes) {
      const path = route.path.replace(/\{([a-zA-Z0-9_]+)\+\}/g, '{$1}');
      const op = document.paths[path]?.[route.method.toLowerCase()];
      expect(op?.operationId, `${route.method} ${route.path}`).toBe(route.id);
      expect(op?.['x-hds-undocumented']).toBeUndefined();
      if (route.path.includes('+}')) {
        const params = op!.parameters as { in: string; 'x-hds-greedy'?: boolean }[];
        expect(params.some((p) => p.in === 'path' && p['x-hds-greedy'] === true)).toBe(true);
      }
    }
  });

  it('names the security of each auth, and none for public routes', () => {
    const expected = { 'api-key': [{ apiKey: [] }], session: [{ consoleSession: [] }], none: [] };
    for (const route of httpRoutes) {
      const path = route.path.replace(/\+\}/g, '}');
      const security = document.paths[path]![route.method.toLowerCase()]!.security;
      if (route.auth in expected) expect(security, route.id).toEqual(expected[route.auth as keyof typeof expected]);
    }
  });

  it('carries the WebSocket API as x-hds-websocket with its client frames, and no queue or schedule', () => {
    const ws = (document['x-hds-websocket'] as Record<string, { routes: { id: string }[]; clientFrames: object }>)[
      '/v1/files/stream'
    ]!;
    expect(ws.routes.map((r) => r.id).sort()).toEqual(webSocketRoutes.map((r) => r.id).sort());
    expect(Object.keys(ws.clientFrames)).toEqual(['upload_start', 'upload_chunk', 'upload_end']);
    const operationIds = Object.values(document.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(operationIds).toHaveLength(httpRoutes.length);
  });

  it('documents errors from the envelope: 429 with Retry-After, the OpenAI error on /v1', () => {
    const listData = document.paths['/v1/data']!.get!.responses as Record<string, { $ref: string }>;
    expect(listData['400']!.$ref).toBe('#/components/responses/OpenAiError400');
    const responses = document.components.responses as Record<string, { headers?: object }>;
    expect(Object.keys(responses.OpenAiError429!.headers!)).toContain('Retry-After');
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['OpenAiError', 'OAuthError']));
  });

  it('takes its server URL from the base URL it is given', () => {
    expect((document.servers as { url: string }[])[0]!.url).toBe('http://localhost:8787');
  });
});

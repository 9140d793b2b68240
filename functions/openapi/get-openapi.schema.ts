import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';

export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export const operation = defineOperation('get-openapi', {
  summary: 'This OpenAPI 3.1 document (public)',
  tags: ['Meta'],
  responses: {
    200: {
      description: 'The document',
      schema: OpenApiDocumentSchema,
      headers: { ETag: 'Send it back as `If-None-Match` for a 304', 'Cache-Control': '`public, max-age=300`' },
    },
    304: { description: 'Not modified since the `ETag` sent' },
  },
});

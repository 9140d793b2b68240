import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';

/** The asset's name under `/console/`: a content-hashed script or style, or `reference` (the API reference page). */
export const ConsoleAssetPathSchema = z.object({ asset: z.string().check(z.minLength(1)) });

export const operation = defineOperation('get-console-asset', {
  summary: "The console's scripts and styles, and the API reference page (public)",
  description:
    'Hashed assets are cached a year (`immutable`) and sent brotli- or gzip-encoded as `Accept-Encoding` allows; ' +
    '`/console/reference` renders this document with Swagger UI. Any other name is a 404.',
  tags: ['Console'],
  path: ConsoleAssetPathSchema,
  responses: {
    200: { description: 'A script, a style sheet or the reference page', mediaType: 'application/javascript' },
  },
});

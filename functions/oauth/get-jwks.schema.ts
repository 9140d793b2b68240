import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';

export const JwksSchema = z.object({
  keys: z.array(
    z.object({
      kty: z.literal('RSA'),
      n: z.string(),
      e: z.string(),
      kid: z.string(),
      alg: z.literal('RS256'),
      use: z.literal('sig'),
    }),
  ),
});

export const operation = defineOperation('get-jwks', {
  summary: 'The public keys access tokens verify with (RFC 7517)',
  tags: ['OAuth'],
  responses: {
    200: { description: 'The JWK set', schema: JwksSchema, headers: { 'Cache-Control': '`public, max-age=300`' } },
  },
});

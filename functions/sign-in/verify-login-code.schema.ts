import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { TokenSetSchema, VerifyLoginCodeSchema } from './sign-in.schema';

export const operation = defineOperation('verify-login-code', {
  summary: 'Sign in with the emailed code: a console session',
  tags: ['Sign-in'],
  body: VerifyLoginCodeSchema,
  responses: {
    200: {
      description: 'The session tokens in `data`, or a numbered refusal',
      schema: z.object({ ...TokenSetSchema.shape, webauthn_registered: z.boolean() }),
    },
  },
  examples: [{ email: 'you@example.com', code: '123456' }],
});

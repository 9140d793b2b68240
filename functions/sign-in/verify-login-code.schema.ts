import { defineOperation } from '../../shared/openapi/operation';
import { VerifiedSessionSchema, VerifyLoginCodeSchema } from './sign-in.schema';

export const operation = defineOperation('verify-login-code', {
  summary: 'Sign in with the emailed code: a console session',
  tags: ['Sign-in'],
  body: VerifyLoginCodeSchema,
  responses: {
    200: {
      description: 'The session tokens in `data`, or a numbered refusal',
      schema: VerifiedSessionSchema,
    },
  },
  examples: [{ email: 'you@example.com', code: '123456' }],
});

import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { LoginCodeRequestSchema } from './sign-in.schema';

export const operation = defineOperation('create-login-code', {
  summary: 'Mail a 6-digit sign-in code',
  description: 'The same answer for every address: whether an account exists is never revealed.',
  tags: ['Sign-in'],
  body: LoginCodeRequestSchema,
  responses: {
    200: { description: 'Mailed (`data.email`), or a numbered refusal', schema: z.object({ email: z.string() }) },
  },
  examples: [{ email: 'you@example.com' }],
});

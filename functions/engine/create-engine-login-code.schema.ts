import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { LoginCodeRequestSchema } from '../sign-in/sign-in.schema';
import { ENGINE_TAG } from './engine.schema';

export const operation = defineOperation('create-engine-login-code', {
  summary: 'Mail a 6-digit sign-in code',
  description:
    '`POST /email/login` for engine clients: the same code, mail and limits (one code per address per 60 s), the same ' +
    'answer for every address; refusals carry their HTTP status (400 not an address, 429 asked again too soon).',
  tags: [ENGINE_TAG],
  body: LoginCodeRequestSchema,
  responses: { 200: { description: 'Mailed', schema: z.object({ email: z.string() }) } },
  examples: [{ email: 'you@example.com' }],
});

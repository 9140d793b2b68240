import { defineOperation } from '../../shared/openapi/operation';
import { VerifiedSessionSchema, VerifyLoginCodeSchema } from '../sign-in/sign-in.schema';
import { ENGINE_TAG } from './engine.schema';

export const operation = defineOperation('verify-engine-login-code', {
  summary: 'Sign in with the emailed code',
  description:
    'The session `POST /email/verify` starts (scopes `console mcp:read mcp:write`): its `access_token` is the JWT ' +
    'every signed-in `/api/v1` route takes as `Authorization: Bearer`. A wrong, expired or spent code is 400.',
  tags: [ENGINE_TAG],
  body: VerifyLoginCodeSchema,
  responses: { 200: { description: 'The session tokens', schema: VerifiedSessionSchema } },
  examples: [{ email: 'you@example.com', code: '123456' }],
});

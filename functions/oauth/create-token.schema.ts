import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { TokenSetSchema } from '../sign-in/sign-in.schema';
import { formField } from './oauth.schema';

/**
 * The token request (RFC 6749 §4.1.3, §4.4, §6), form-encoded. Every field is a string of the form; which are
 * required depends on `grant_type` and is checked by the endpoint with the RFC's error names.
 */
export const TokenRequestSchema = z.looseObject({
  grant_type: formField('`authorization_code`, `refresh_token` or `credentials` (a bound client); required'),
  code: formField('authorization_code: the code from the redirect'),
  redirect_uri: formField('authorization_code: the redirect URI the code was sent to'),
  code_verifier: formField('authorization_code: the PKCE verifier (S256)'),
  refresh_token: formField('refresh_token: the single-use refresh token'),
  client_id: formField('The client (or HTTP Basic authentication)'),
  client_secret: formField('A confidential client’s secret (or HTTP Basic authentication)'),
  scope: formField('Scopes asked for, space-separated (`mcp:read mcp:write`)'),
});

export const operation = defineOperation('create-token', {
  summary: 'Issue tokens (OAuth 2.0 token endpoint)',
  tags: ['OAuth'],
  body: TokenRequestSchema,
  bodyMediaType: 'application/x-www-form-urlencoded',
  responses: { 200: { description: 'A token set', schema: TokenSetSchema } },
  examples: [
    { grant_type: 'refresh_token', refresh_token: 'hdsr_…', client_id: 'hds-console' },
    {
      grant_type: 'authorization_code',
      code: 'hdsa_…',
      redirect_uri: 'https://app.example/cb',
      code_verifier: 'x'.repeat(43),
      client_id: 'hdsc_…',
    },
  ],
});

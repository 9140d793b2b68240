import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { formField } from './oauth.schema';

/** RFC 6749 §4.1.1 with PKCE (RFC 7636); every value is checked by the authorization request's own rules. */
export const AuthorizeQuerySchema = z.object({
  response_type: formField('`code`'),
  client_id: formField('The registered client'),
  redirect_uri: formField('One of the client’s registered redirect URIs'),
  scope: formField('Scopes, space-separated (`mcp:read mcp:write`)'),
  state: formField('Returned unchanged with the code'),
  code_challenge: formField('PKCE: base64url(SHA-256(verifier)), 43 characters'),
  code_challenge_method: formField('`S256`'),
  prompt: formField('`login`, `consent` or `select_account`'),
});

export const operation = defineOperation('get-authorize', {
  summary: 'Start an OAuth authorization: the sign-in page',
  description: 'A bad client or redirect URI is a 400 page, never a redirect; other errors go back to the client.',
  tags: ['OAuth'],
  query: AuthorizeQuerySchema,
  responses: {
    200: { description: 'The sign-in page', mediaType: 'text/html' },
    302: { description: 'Back to the client with an error', headers: { Location: 'The client’s redirect URI' } },
  },
  examples: [
    {
      response_type: 'code',
      client_id: 'hdsc_…',
      redirect_uri: 'https://app.example/callback',
      scope: 'mcp:read',
      state: 'xyz',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    },
  ],
});

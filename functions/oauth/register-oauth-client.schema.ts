import * as z from 'zod/mini';
import { ClientRegistrationRequestSchema } from '../../shared/domain/oauth/client-registration';
import { defineOperation } from '../../shared/openapi/operation';

export const ClientInformationSchema = z.object({
  client_id: z.string(),
  client_secret: z.optional(z.string().check(z.meta({ description: 'Shown once; absent for a public client' }))),
  client_id_issued_at: z.number(),
  client_secret_expires_at: z.number(),
  client_name: z.string(),
  redirect_uris: z.array(z.string()),
  grant_types: z.array(z.string()),
  token_endpoint_auth_method: z.string(),
  response_types: z.array(z.string()),
  scope: z.string(),
});

export const operation = defineOperation('register-oauth-client', {
  summary: 'Register an OAuth client (RFC 7591)',
  description: 'Open to anyone; a console session sent as `Authorization: Bearer` makes its account the owner.',
  tags: ['OAuth'],
  body: ClientRegistrationRequestSchema,
  responses: { 201: { description: 'The client; its secret is shown once', schema: ClientInformationSchema } },
  examples: [
    {
      client_name: 'My health app',
      redirect_uris: ['https://app.example/callback'],
      token_endpoint_auth_method: 'none',
    },
    {
      client_name: 'Nightly sync',
      redirect_uris: ['https://sync.example/cb'],
      grant_types: ['authorization_code', 'refresh_token', 'credentials'],
      token_endpoint_auth_method: 'client_secret_basic',
      scope: 'mcp:read',
    },
  ],
});

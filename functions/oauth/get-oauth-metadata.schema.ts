import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';

export const AuthorizationServerMetadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  registration_endpoint: z.string(),
  jwks_uri: z.string(),
  response_types_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  authorization_response_iss_parameter_supported: z.boolean(),
});

export const operation = defineOperation('get-oauth-metadata', {
  summary: 'Authorization server metadata (RFC 8414)',
  tags: ['OAuth'],
  responses: { 200: { description: 'The metadata', schema: AuthorizationServerMetadataSchema } },
});

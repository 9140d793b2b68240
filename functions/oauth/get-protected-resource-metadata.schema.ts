import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';

export const ProtectedResourceMetadataSchema = z.object({
  resource: z.string(),
  authorization_servers: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  bearer_methods_supported: z.array(z.string()),
  resource_name: z.string(),
  resource_documentation: z.string(),
});

const responses = {
  200: {
    description: 'The metadata of the MCP server at `/mcp`',
    schema: ProtectedResourceMetadataSchema,
    headers: { 'Cache-Control': '`public, max-age=3600`' },
  },
} as const;

export const operation = defineOperation('get-protected-resource-metadata', {
  summary: 'Protected-resource metadata (RFC 9728), root form',
  description: 'The same document as `/.well-known/oauth-protected-resource/mcp`, for clients that try the root',
  tags: ['OAuth', 'MCP'],
  responses,
});

export const mcpOperation = defineOperation('get-mcp-protected-resource-metadata', {
  summary: 'Protected-resource metadata of `/mcp` (RFC 9728 §3.1)',
  description: 'Names HDS as the authorization server of `/mcp` and the scopes `mcp:read`, `mcp:write`',
  tags: ['OAuth', 'MCP'],
  responses,
});

import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';

/**
 * One JSON-RPC 2.0 message of MCP (revision 2025-11-25). Its methods and params are the MCP SDK's schemas; this
 * documents only the frame.
 */
export const JsonRpcMessageSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.optional(z.union([z.string(), z.number()])),
  method: z
    .string()
    .check(
      z.describe(
        '`initialize`, `ping`, `tools/list`, `tools/call`, `resources/list`, `resources/templates/list`, ' +
          '`resources/read`, or a notification (`notifications/initialized`); others answer -32601',
      ),
    ),
  params: z.optional(z.record(z.string(), z.unknown())),
});

export const McpQuerySchema = z.object({
  user: z.optional(
    z
      .string()
      .check(
        z.describe(
          'With an API key: the Subject this endpoint reaches (normalized as on /v1; absent → the default Subject). ' +
            'Not with a user token, which reaches its own user’s data',
        ),
      ),
  ),
});

const JsonRpcResultSchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number()]),
  result: z.optional(z.record(z.string(), z.unknown())),
  error: z.optional(z.object({ code: z.number(), message: z.string(), data: z.optional(z.unknown()) })),
});

export const operation = defineOperation('call-mcp', {
  summary: 'MCP server (Streamable HTTP, stateless, JSON answers)',
  description:
    'Send `Accept: application/json, text/event-stream` and `Content-Type: application/json`; after `initialize`, ' +
    '`MCP-Protocol-Version`. Tools: the data tools (`write_fhir_observation` only with an API key or `mcp:write`). ' +
    'Resources: `hds://series/loinc/{code}`, `hds://files/{file_key}`; -32002 when a URI names nothing of the ' +
    'Subject, -32602 for bad params. A 401 or 403 carries `WWW-Authenticate` naming `resource_metadata`',
  tags: ['MCP'],
  query: McpQuerySchema,
  body: JsonRpcMessageSchema,
  responses: {
    200: { description: 'The JSON-RPC response (a result or a JSON-RPC error)', schema: JsonRpcResultSchema },
    202: { description: 'A notification or response was accepted (no body)' },
  },
  examples: [
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'example', version: '1.0.0' } },
    },
    { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'hds://series/loinc/2345-7' } },
  ],
});

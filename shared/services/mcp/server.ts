import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type ServerResult,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/mini';
import { parseHdsUri } from '../../domain/mcp/uris';
import { errorFields, log } from '../../log';
import type { Subject } from '../../ports/subject-directory';
import type { McpCaller } from './caller';
import { listResources, RESOURCE_TEMPLATES, readResource } from './resources';
import { callResultOf, mcpToolOf, mcpTools } from './tools';

/** MCP's "Resource not found" (resources spec): a well-formed URI naming nothing of this Subject. */
export const RESOURCE_NOT_FOUND = -32002;

const INSTRUCTIONS =
  "Tools and resources over one person's health data held by HDS (Health Data Service): lab results and other " +
  'readings standardized to LOINC and UCUM, and the files they were read from. Everything comes from their own ' +
  'records; nothing is inferred. Resources: hds://series/loinc/{code} (one measurement over time) and ' +
  'hds://files/{file_key} (a document’s text).';

/**
 * The MCP server of one request (stateless: built per request, closed after it), over the caller's one Subject. The
 * low-level `Server` takes the registry's JSON Schemas as they are, where `McpServer` would want a zod copy of each.
 */
export function hdsMcpServer(caller: McpCaller, requestId: string): Server {
  const server = new Server(
    { name: 'hds', version: caller.services.config.version },
    {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false, subscribe: false } },
      instructions: INSTRUCTIONS,
    },
  );
  let subject: Promise<Subject | null> | undefined;
  // Reads never mint a Subject; the write tool does, through the registry.
  const found = () => {
    subject ??= caller.tenancy.find(caller.subjectKey);
    return subject;
  };
  const handle = strictHandler(server, requestId);

  handle(ListToolsRequestSchema, 'tools/list', async () => ({
    tools: mcpTools(caller, await found()).map(mcpToolOf),
  }));
  handle(CallToolRequestSchema, 'tools/call', async ({ params }) => {
    const tool = mcpTools(caller, await found()).find((t) => t.name === params.name);
    if (tool?.kind !== 'server') throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    return callResultOf(await tool.run(JSON.stringify(params.arguments ?? {}), caller.signal));
  });
  handle(ListResourcesRequestSchema, 'resources/list', async () => ({
    resources: await listResources(caller, await found()),
  }));
  handle(ListResourceTemplatesRequestSchema, 'resources/templates/list', async () => ({
    resourceTemplates: RESOURCE_TEMPLATES,
  }));
  handle(ReadResourceRequestSchema, 'resources/read', async ({ params }) => {
    const resource = parseHdsUri(params.uri);
    if (!resource) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `uri: not an HDS resource URI (hds://series/loinc/{code} or hds://files/{file_key}): ${params.uri}`,
      );
    }
    const contents = await readResource(caller, await found(), params.uri, resource);
    if (!contents) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${params.uri}`, { uri: params.uri });
    return { contents: [contents] };
  });
  return server;
}

/**
 * Registers `run` for `method` with its params checked by the SDK's own request schema, a failure answered `-32602`
 * naming the field. (`Protocol.setRequestHandler` parses before the handler runs, and its zod failure carries no
 * JSON-RPC code, so the SDK would answer `-32603`; hence the handler is registered under a schema that checks only
 * the method.) A failure that is not a JSON-RPC error is logged and answered `-32603` naming only the request id.
 */
function strictHandler(server: Server, requestId: string) {
  return <S extends z.core.$ZodType>(
    schema: S,
    method: string,
    run: (request: z.output<S>) => Promise<ServerResult>,
  ) => {
    server.setRequestHandler(z.looseObject({ method: z.literal(method) }) as never, async (request: unknown) => {
      const parsed = z.safeParse(schema, request);
      if (!parsed.success) throw new McpError(ErrorCode.InvalidParams, `Invalid params: ${issueOf(parsed.error)}`);
      try {
        return await run(parsed.data);
      } catch (err) {
        if (err instanceof McpError) throw err;
        log('error', 'MCP request failed', { method, requestId, ...errorFields(err) });
        throw new McpError(ErrorCode.InternalError, `Internal error (request id ${requestId})`);
      }
    });
  };
}

/** The first problem of a zod failure, its path named (`params.uri: Invalid input`). */
function issueOf(error: unknown): string {
  const issue = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0];
  if (!issue) return 'malformed request';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

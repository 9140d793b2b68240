import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { bucket } from '../../shared/composition/bucket';
import { MCP_RESOURCE_METADATA_PATH } from '../../shared/domain/oauth/metadata';
import { AppError } from '../../shared/errors';
import { type McpContext, type RouteResult, streamingMcpRoute } from '../../shared/http/handler';
import { webRequestOf } from '../../shared/http/request';
import { mcpCallerOf } from '../../shared/services/mcp/caller';
import { hdsMcpServer } from '../../shared/services/mcp/server';
import { callsWriteTool } from '../../shared/services/mcp/tools';
import { scanDeadline } from '../../shared/services/reading-series';
import { httpRoute } from '../routes';

/**
 * POST /mcp: one JSON-RPC message through the MCP SDK's Streamable HTTP transport, stateless (no session: any instance
 * answers any request) and answering JSON rather than SSE (nothing is sent mid-request). The transport enforces
 * `Accept`, `Content-Type`, JSON-RPC shape and protocol version itself.
 */
export const handler = streamingMcpRoute(httpRoute('call-mcp'), { bucket }, async (ctx) => {
  refuseWriteWithoutScope(ctx);
  const caller = mcpCallerOf(ctx, ctx.remainingMs(), scanDeadline(ctx.remainingMs()));
  const server = hdsMcpServer(caller, ctx.req.requestId);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    const issuer = ctx.services.config.auth.issuer;
    return await routeResultOf(await transport.handleRequest(webRequestOf(ctx.req, issuer)));
  } finally {
    await server.close();
  }
});

/**
 * A write tool called without write access is refused with HTTP 403 `insufficient_scope` before the exchange: a
 * JSON-RPC error inside a 200 is one no MCP client can step up from, while this challenge makes it ask for
 * `mcp:write`.
 */
function refuseWriteWithoutScope(ctx: McpContext): void {
  if (ctx.canWrite) return;
  const message = lenientJson(ctx.req.body);
  if (!(Array.isArray(message) ? message.some(callsWriteTool) : callsWriteTool(message))) return;
  throw new AppError('insufficient_scope', 'Writing health data needs the scope mcp:write', {
    code: 'insufficient_scope',
    resourceMetadata: ctx.services.config.auth.issuer + MCP_RESOURCE_METADATA_PATH,
  });
}

/** The body as JSON, or undefined: a body that does not parse is the transport's to refuse (-32700). */
function lenientJson(body: Buffer | undefined): unknown {
  try {
    return body ? JSON.parse(body.toString('utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/** The transport's answer as the route's: status, its headers, the JSON text as it is (a 202 has none). */
async function routeResultOf(response: Response): Promise<RouteResult> {
  const text = await response.text();
  const headers = Object.fromEntries(response.headers.entries());
  return {
    status: response.status,
    headers,
    ...(text ? { body: text, contentType: headers['content-type'] ?? 'application/json' } : {}),
  };
}

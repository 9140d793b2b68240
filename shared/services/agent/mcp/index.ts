/**
 * Remote MCP tool servers for the agent: request parsing and server tools over Streamable HTTP. The SSRF guard they
 * connect through is the egress adapter's (`shared/adapters/egress/`).
 */
export {
  type ConnectMcpOptions,
  connectMcpServers,
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  MAX_TOOLS_PER_SERVER,
  type McpToolSet,
} from './connect-mcp-servers';
export { MAX_MCP_SERVERS, type McpServerSpec } from './mcp-server-spec';
export { parseChatMcpServers } from './parse-chat-servers';
export { parseMcpToolEntries, parseMcpToolEntry } from './parse-tool-entries';

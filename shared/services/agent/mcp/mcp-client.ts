/**
 * The MCP SDK's client and its Streamable HTTP transport as one module (`#mcp-client` in package.json `imports`):
 * loaded with the first request that names remote MCP servers, and bundled apart from the answering functions as a lazy
 * module (infra/bundling.ts), since most requests name none.
 */
export { Client } from '@modelcontextprotocol/sdk/client/index.js';
export { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

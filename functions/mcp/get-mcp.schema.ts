import { defineOperation } from '../../shared/openapi/operation';

export const operation = defineOperation('get-mcp', {
  summary: 'MCP server-to-client stream: not offered (405)',
  description: 'The server is stateless and answers every request in its POST; MCP clients read 405 as "no stream"',
  tags: ['MCP'],
  responses: {},
});

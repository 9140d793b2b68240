import { AppError } from '../../shared/errors';
import { publicRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';

/**
 * GET /mcp: 405. The server is stateless, so no later invocation could ever write to a server-to-client stream opened
 * here; the transport spec lets a server without one answer 405, which the MCP SDK client reads as "no stream".
 */
export const handler = publicRoute(httpRoute('get-mcp'), {}, async () => {
  throw new AppError(
    'method_not_allowed',
    'Method not allowed: this server is stateless and opens no server-to-client stream; POST JSON-RPC messages',
    { allow: ['POST'] },
  );
});

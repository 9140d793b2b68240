import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { SocketEvent } from '../../shared/http/socket-handler';
import { services } from '../../shared/services/container';

/** $disconnect of /v1/files/stream: the connection's record goes; API Gateway ignores the result. */
export async function handler(event: SocketEvent): Promise<APIGatewayProxyStructuredResultV2> {
  await services().connections.delete(event.requestContext.connectionId);
  return { statusCode: 200 };
}

import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { bucket } from '../../shared/composition/bucket';
import type { SocketEvent } from '../../shared/http/socket-handler';
import { observed } from '../../shared/observability';
import { servicesFor } from '../../shared/services/container';
import { abandonBatches } from '../../shared/services/staged-uploads';
import { manifestEntry } from '../routes';

const services = servicesFor(manifestEntry('disconnect-file-stream'), { bucket });

/**
 * $disconnect of /v1/files/stream: the connection's unfinished batches (chunks and entries) are removed, then its
 * record; API Gateway ignores the result.
 */
export const handler = observed(async (event: SocketEvent): Promise<APIGatewayProxyStructuredResultV2> => {
  const svc = services();
  const connection = await svc.connections.get(event.requestContext.connectionId);
  if (connection) await abandonBatches(svc, connection);
  await svc.connections.delete(event.requestContext.connectionId);
  return { statusCode: 200 };
});

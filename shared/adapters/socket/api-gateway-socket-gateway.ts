import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { traceAwsClient } from '../../observability';
import type { SocketGateway } from '../../ports/socket-gateway';

/**
 * Frames to clients through the WebSocket API's @connections endpoint. The local runtime serves the
 * same endpoint, so this one adapter runs on both hosts.
 */
export class ApiGatewaySocketGateway implements SocketGateway {
  private readonly client: ApiGatewayManagementApiClient;

  constructor(endpoint: string, region: string) {
    this.client = traceAwsClient(new ApiGatewayManagementApiClient({ endpoint, region }));
  }

  async send(connectionId: string, frame: Record<string, unknown>): Promise<boolean> {
    try {
      await this.client.send(
        new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(frame)) }),
      );
      return true;
    } catch (err) {
      if (err instanceof GoneException) return false;
      throw err;
    }
  }

  async close(connectionId: string): Promise<void> {
    await this.client.send(new DeleteConnectionCommand({ ConnectionId: connectionId })).catch((err) => {
      if (!(err instanceof GoneException)) throw err;
    });
  }
}

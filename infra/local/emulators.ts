import { mkdir } from 'node:fs/promises';
import type { AddressInfo, Server } from 'node:net';
import { join } from 'node:path';
import dynalite from 'dynalite';
import S3rver from 's3rver';

export interface Emulators {
  dynamoEndpoint: string;
  s3Endpoint: string;
  stop(): Promise<void>;
}

export interface EmulatorOptions {
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
  if (opts.dataDir) await mkdir(join(opts.dataDir, 'dynamodb'), { recursive: true });
  const dynamo: Server = dynalite({
    ...(opts.dataDir ? { path: join(opts.dataDir, 'dynamodb') } : {}),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  await new Promise<void>((resolve, reject) => {
    dynamo.once('error', reject);
    dynamo.listen(0, '127.0.0.1', () => resolve());
  });
  const s3Dir = opts.dataDir ? join(opts.dataDir, 's3') : opts.scratchDir;
  await mkdir(s3Dir, { recursive: true });
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: opts.bucket, configs: [] }],
  });
  const s3Address = (await s3.run()) as AddressInfo;
  const dynamoPort = (dynamo.address() as AddressInfo).port;
  return {
    dynamoEndpoint: `http://127.0.0.1:${dynamoPort}`,
    s3Endpoint: `http://127.0.0.1:${s3Address.port}`,
    stop: async () => {
      await s3.close().catch(() => undefined);
      await new Promise<void>((resolve) => dynamo.close(() => resolve()));
    },
  };
}

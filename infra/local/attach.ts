import { resolve } from 'node:path';
import { resetConfig } from '../../shared/config/config';
import { startRuntime } from './runtime';
import { readLiveState } from './state-file';

/**
 * For the local tools (invoke, keys): use the emulators of a running `npm start` on the same data
 * folder, or start the runtime's emulators on that folder for the length of the command.
 */
export async function attachToLocalStore(): Promise<{ release(): Promise<void> }> {
  const dataDir = resolve(process.env.HDS_DATA_DIR ?? '.hds');
  process.env.HDS_LOG_LEVEL ??= 'warn';
  if (process.env.HDS_DYNAMODB_ENDPOINT || process.env.AWS_ENDPOINT_URL_DYNAMODB) {
    return { release: async () => undefined };
  }
  const live = await readLiveState(dataDir);
  if (live) {
    Object.assign(process.env, {
      HDS_DYNAMODB_ENDPOINT: live.dynamoEndpoint,
      HDS_S3_ENDPOINT: live.s3Endpoint,
      HDS_LOCAL_QUEUE_DIR: live.queueDir,
      AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
      AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
      HDS_S3_ACCESS_KEY_ID: 'S3RVER',
      HDS_S3_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: process.env.AWS_REGION ?? process.env.HDS_REGION ?? 'us-east-1',
    });
    resetConfig();
    return { release: async () => undefined };
  }
  const runtime = await startRuntime({ dataDir, scheduleEveryMs: 24 * 3_600_000 });
  return { release: () => runtime.stop() };
}

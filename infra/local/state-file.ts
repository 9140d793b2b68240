import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a running `npm start` tells other local tools (invoke, keys) so they share its emulators. */
export interface RuntimeState {
  pid: number;
  url: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  queueDir: string;
}

const FILE = 'runtime.json';

export async function writeState(dataDir: string, state: RuntimeState): Promise<void> {
  await writeFile(join(dataDir, FILE), JSON.stringify(state, null, 2));
}

export async function clearState(dataDir: string): Promise<void> {
  await rm(join(dataDir, FILE), { force: true });
}

/** The state of a runtime still alive on this data folder, if any. */
export async function readLiveState(dataDir: string): Promise<RuntimeState | null> {
  const text = await readFile(join(dataDir, FILE), 'utf8').catch(() => null);
  if (!text) return null;
  const state = JSON.parse(text) as RuntimeState;
  try {
    process.kill(state.pid, 0);
    return state;
  } catch {
    return null;
  }
}

import { buildConsole } from '../../infra/console-build';

/**
 * Vitest globalSetup: builds the console page once before any test file runs, so the many runtimes the tests start
 * (each awaits `buildConsole()`) find it in the cache instead of racing to build it.
 */
export default async function setup(): Promise<void> {
  process.env.HDS_CONSOLE_DIR = await buildConsole();
}

import { resolve } from 'node:path';
import { log } from '../../shared/log';
import { bootstrapAccount } from './bootstrap';
import { localPorts } from './ports';
import { startRuntime } from './runtime';
import { clearState, writeState } from './state-file';

/** `npm start`: the whole service on one local port, state under HDS_DATA_DIR, until Ctrl-C. */
async function main(): Promise<void> {
  const dataDir = resolve(process.env.HDS_DATA_DIR ?? '.hds');
  const ports = localPorts(process.env);
  const host = process.env.HOST ?? '127.0.0.1';
  // Browsers keep the sign-in pages' `Secure` cookie from plain http on `localhost` only (a secure context by name),
  // not on 127.0.0.1: the service names itself by `localhost`, so the OAuth pages and metadata work in a browser.
  if (host === '127.0.0.1' && ports.api !== 0) process.env.HDS_ISSUER ??= `http://localhost:${ports.api}`;
  const runtime = await startRuntime({
    port: ports.api,
    host,
    dataDir,
    s3Port: ports.s3,
    dynamoPort: ports.dynamo,
    connectionsPort: ports.connections,
  });
  const cfg = runtime.services.config;
  await writeState(dataDir, {
    pid: process.pid,
    url: runtime.url,
    dynamoEndpoint: cfg.dynamoEndpoint ?? '',
    s3Endpoint: cfg.s3Endpoint ?? '',
    queueDir: cfg.localQueueDir ?? '',
  });
  const boot = await bootstrapAccount(runtime.services, process.env.HDS_BOOTSTRAP_API_KEY);
  if (boot.kind === 'first-start') {
    process.stdout.write(
      `\nFirst start: created account ${boot.accountId} and its API key (shown once, stored only as a hash):\n\n  ${boot.secret}\n\n`,
    );
  } else if (boot.kind === 'configured' && boot.created) {
    process.stdout.write(`Bootstrap key from HDS_BOOTSTRAP_API_KEY stored for account ${boot.accountId}.\n`);
  }
  process.stdout.write(`HDS listening on ${runtime.url} (data in ${dataDir}); Ctrl-C stops it.\n`);
  if (cfg.auth.issuer !== runtime.url) {
    process.stdout.write(`In a browser (sign-in and OAuth pages) open ${cfg.auth.issuer}.\n`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'shutting down', { signal });
    await runtime.stop();
    await clearState(dataDir);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(`HDS failed to start: ${err?.message ?? err}`);
  process.exit(1);
});

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type QueueName, queueConsumers, scheduledJobs } from '../../functions/routes';
import { LocalFileQueue } from '../../shared/adapters/queue/local-file-queue';
import { sqsClient } from '../../shared/adapters/queue/sqs-client';
import { processServices as services } from '../../shared/composition/all-parts';
import { stopDocumentReaders } from '../../shared/composition/documents';
import { config, resetConfig } from '../../shared/config/config';
import { errorFields, log } from '../../shared/log';
import type { Services } from '../../shared/services/container';
import { buildConsole } from '../console-build';
import { type Emulators, startEmulators } from './emulators';
import { loadHandler } from './handlers';
import { handleHttp } from './http-gateway';
import { lambdaContext } from './lambda-context';
import { portError } from './ports';
import { type QueueRunner, runLocalQueues, runSqsQueues } from './queue-runner';
import { attachWebSockets } from './socket-gateway';
import { ensureTables } from './tables';

export interface RuntimeOptions {
  port?: number;
  host?: string;
  /** Folder for all local state; omitted means in memory and a temporary folder, gone at stop. */
  dataDir?: string;
  /** Extra environment for the handlers (rate limits, region, …). */
  env?: Record<string, string>;
  /** Loopback port of the local @connections endpoint; an ephemeral one by default. */
  connectionsPort?: number;
  /** Ports of the embedded S3 and DynamoDB; ephemeral by default (`npm start` sets them, see `ports.ts`). */
  s3Port?: number;
  dynamoPort?: number;
  /** Interval of the scheduled jobs; defaults to each job's `everyMinutes`. */
  scheduleEveryMs?: number;
  queuePollMs?: number;
  /** Delay before a failed queue message is redelivered; defaults to the consumer's visibility timeout. */
  queueRetryDelayMs?: number;
  /**
   * Local queues whose messages wait for `drainQueues()` instead of being handled as they arrive: for tests whose
   * scripted model must not be called by a worker in between two of their own requests.
   */
  deferredQueues?: QueueName[];
}

export interface Runtime {
  url: string;
  port: number;
  services: Services;
  queue: LocalFileQueue | null;
  /** Handles every queued message now visible, deferred queues included (tests wait on workers with it). */
  drainQueues(): Promise<void>;
  /** Runs one scheduled job now, as its schedule would. */
  runScheduled(id: string): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * The local host: one Node process serving every route of the manifest on one port, over the same
 * handlers and AWS SDK clients as the cloud, pointed at embedded emulators unless AWS endpoints are
 * configured.
 */
export async function startRuntime(opts: RuntimeOptions = {}): Promise<Runtime> {
  // The runtime points the handlers' environment at its emulators; stop() gives the environment back.
  const envBefore = { ...process.env };
  const scratch = opts.dataDir ? undefined : await mkdtemp(join(tmpdir(), 'hds-'));
  const stateDir = opts.dataDir ?? scratch!;
  Object.assign(process.env, opts.env ?? {});
  process.env.AWS_REGION ??= process.env.HDS_REGION ?? 'us-east-1';
  resetConfig();
  const configured = config();
  const emulators: Emulators = await startEmulators({
    dynamo: !configured.dynamoEndpoint,
    s3: !configured.s3Endpoint,
    dataDir: opts.dataDir,
    bucket: configured.bucket,
    scratchDir: join(stateDir, 's3'),
    s3Port: opts.s3Port,
    dynamoPort: opts.dynamoPort,
    host: opts.host,
  });
  if (emulators.dynamoEndpoint) {
    process.env.HDS_DYNAMODB_ENDPOINT = emulators.dynamoEndpoint;
    // dynalite ignores credentials, but the SDK wants some.
    process.env.AWS_ACCESS_KEY_ID ??= 'local';
    process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  }
  if (emulators.s3Endpoint) {
    process.env.HDS_S3_ENDPOINT = emulators.s3Endpoint;
    // s3rver checks signatures against its own fixed credentials.
    process.env.HDS_S3_ACCESS_KEY_ID = 'S3RVER';
    process.env.HDS_S3_SECRET_ACCESS_KEY = 'S3RVER';
  }
  process.env.HDS_LOCAL_QUEUE_DIR ??= join(stateDir, 'queues');
  // Sign-in locally: a generated signing key and pepper in the data folder, and mail as `.eml` files in its outbox
  // (unless SMTP, SES or a KMS key is configured instead).
  if (!process.env.HDS_TOKEN_SIGNING_KMS_KEY) {
    process.env.HDS_TOKEN_SIGNING_KEY_FILE ??= join(stateDir, 'keys', 'token-signing.jwk.json');
  }
  if (!process.env.HDS_AUTH_PEPPER_SECRET) process.env.HDS_AUTH_PEPPER_FILE ??= join(stateDir, 'keys', 'auth-pepper');
  if (!process.env.HDS_PULSE_TOKEN_KMS_KEY) {
    process.env.HDS_PULSE_TOKEN_KEY_FILE ??= join(stateDir, 'keys', 'pulse-token.key');
  }
  if (!process.env.HDS_SMTP_URL && !process.env.HDS_MAIL_FROM) {
    process.env.HDS_MAIL_OUTBOX_DIR ??= join(stateDir, 'outbox');
  }
  // The console page is served from its build; building it (or finding it in the cache) comes before listening.
  process.env.HDS_CONSOLE_DIR ??= await buildConsole();
  resetConfig();
  const cfg = config();
  await ensureTables(new DynamoDBClient({ region: cfg.region, endpoint: cfg.dynamoEndpoint }), cfg);

  // A batch write the previous run was killed in the middle of is rolled back before anything is served: its rows
  // were never readable, and now they are gone too.
  const rolledBack = await services().records.rollBackOpenWrites();
  if (rolledBack > 0) log('warn', 'rolled back batch writes a previous run left open', { rows: rolledBack });
  const queue = Object.values(cfg.queueUrls).some(Boolean) ? null : new LocalFileQueue(cfg.localQueueDir!);
  // Bucket notifications: objects created under a consumer's prefix are announced on its queue, as S3 → SQS.
  emulators.onObjectCreated((notification) => {
    for (const consumer of queueConsumers) {
      const prefix = consumer.fedByBucketPrefix;
      if (!prefix || !queue) continue;
      const records = notification.Records.filter((r) => decodeURIComponent(r.s3.object.key).startsWith(prefix));
      if (records.length > 0) {
        queue
          .send(consumer.queue, { ...notification, Records: records })
          .catch((err) => log('error', 'bucket notification lost', errorFields(err)));
      }
    }
  });
  const runner: QueueRunner = queue
    ? runLocalQueues(queue, queueConsumers, {
        pollMs: opts.queuePollMs,
        deferred: opts.deferredQueues,
        ...(opts.queueRetryDelayMs !== undefined ? { retryDelayMs: () => opts.queueRetryDelayMs! } : {}),
      })
    : runSqsQueues(sqsClient(cfg.region, cfg.queueUrls), cfg.queueUrls, queueConsumers);

  const runScheduled = async (id: string) => {
    const job = scheduledJobs.find((j) => j.id === id);
    if (!job) throw new Error(`No scheduled job ${id}`);
    const handler = await loadHandler(job);
    return handler({ source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} }, lambdaContext(job.id, 120));
  };
  const timers = scheduledJobs.map((job) => {
    const timer = setInterval(
      () =>
        runScheduled(job.id).catch((err) => log('error', 'scheduled job failed', { job: job.id, ...errorFields(err) })),
      opts.scheduleEveryMs ?? job.everyMinutes * 60_000,
    );
    timer.unref();
    return timer;
  });

  const connections = new Set<Socket>();
  const track = (socket: Socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  };
  const server: Server = createServer((req, res) => serveSafely(req, res, handleHttp));
  const sockets = attachWebSockets(server, { maxFrameBytes: cfg.wsMaxFrameBytes });
  server.on('connection', track);
  // The @connections endpoint answers only on loopback and on a port of its own, as API Gateway's management API
  // is not the public API: a client of the public port cannot write to, or close, another client's socket.
  const management: Server = createServer((req, res) =>
    serveSafely(req, res, async (rq, rs) => {
      if (!(await sockets.handleManagement(rq, rs))) rs.writeHead(404).end();
    }),
  );
  management.on('connection', track);
  try {
    await listen(server, opts.port ?? 0, opts.host ?? '127.0.0.1').catch((err) => {
      throw portError(err, 'the API', opts.port ?? 0, 'PORT');
    });
    await listen(management, opts.connectionsPort ?? 0, '127.0.0.1').catch((err) => {
      throw portError(err, 'the WebSocket @connections endpoint', opts.connectionsPort ?? 0, 'HDS_CONNECTIONS_PORT');
    });
  } catch (err) {
    for (const t of timers) clearInterval(t);
    server.close();
    await runner.stop();
    await emulators.stop();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  process.env.HDS_WS_CALLBACK_URL ??= `http://127.0.0.1:${(management.address() as AddressInfo).port}`;
  const url = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  // Tokens name the URL clients reach the runtime at, unless a public one is configured (behind a proxy).
  process.env.HDS_ISSUER ??= url;
  resetConfig();

  return {
    url,
    port,
    services: services(),
    queue,
    drainQueues: () => runner.drain(),
    runScheduled,
    stop: async () => {
      for (const t of timers) clearInterval(t);
      await sockets.closeAll();
      const closed = [server, management].map((srv) => new Promise<void>((resolve) => srv.close(() => resolve())));
      for (const s of connections) s.destroy();
      await Promise.all(closed);
      await runner.stop();
      await stopDocumentReaders();
      await emulators.stop();
      if (scratch) await rm(scratch, { recursive: true, force: true });
      for (const k of Object.keys(process.env)) if (!(k in envBefore)) delete process.env[k];
      Object.assign(process.env, envBefore);
      resetConfig();
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

/**
 * Runs a request handler so that nothing a client does can throw out of it: a request or response stream error
 * (a reset, an aborted body) ends that exchange alone, and a failure after the headers went out closes the socket.
 */
function serveSafely(
  req: IncomingMessage,
  res: ServerResponse,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): void {
  req.on('error', () => req.destroy());
  res.on('error', () => res.destroy());
  handle(req, res).catch((err) => {
    log('error', 'local request failed', { error: (err as Error)?.name });
    if (res.headersSent) res.destroy();
    else res.writeHead(500, { 'content-type': 'application/json' }).end(INTERNAL_ERROR_BODY);
  });
}

const INTERNAL_ERROR_BODY = JSON.stringify({
  error: { message: 'Internal error', type: 'invalid_request_error', code: 'internal_error', param: null },
});

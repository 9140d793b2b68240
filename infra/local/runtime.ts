import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SQSClient } from '@aws-sdk/client-sqs';
import { type QueueName, queueConsumers, scheduledJobs } from '../../functions/routes';
import { LocalFileQueue } from '../../shared/adapters/queue/local-file-queue';
import { config, resetConfig } from '../../shared/config/config';
import { log } from '../../shared/log';
import { resetServices, type Services, services } from '../../shared/services/container';
import { stopDocumentReaders } from '../../shared/services/ocr-host';
import { type Emulators, startEmulators } from './emulators';
import { loadHandler } from './handlers';
import { handleHttp } from './http-gateway';
import { lambdaContext } from './lambda-context';
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
  resetConfig();
  resetServices();
  const cfg = config();
  await ensureTables(new DynamoDBClient({ region: cfg.region, endpoint: cfg.dynamoEndpoint }), cfg);

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
          .catch((err) => log('error', 'bucket notification lost', { error: err?.message }));
      }
    }
  });
  const runner: QueueRunner = queue
    ? runLocalQueues(queue, queueConsumers, {
        pollMs: opts.queuePollMs,
        deferred: opts.deferredQueues,
        ...(opts.queueRetryDelayMs !== undefined ? { retryDelayMs: () => opts.queueRetryDelayMs! } : {}),
      })
    : runSqsQueues(new SQSClient({ region: cfg.region }), cfg.queueUrls, queueConsumers);

  const runScheduled = async (id: string) => {
    const job = scheduledJobs.find((j) => j.id === id);
    if (!job) throw new Error(`No scheduled job ${id}`);
    const handler = await loadHandler(job);
    return handler({ source: 'aws.events', 'detail-type': 'Scheduled Event', detail: {} }, lambdaContext(job.id, 120));
  };
  const timers = scheduledJobs.map((job) => {
    const timer = setInterval(
      () =>
        runScheduled(job.id).catch((err) => log('error', 'scheduled job failed', { job: job.id, error: err?.message })),
      opts.scheduleEveryMs ?? job.everyMinutes * 60_000,
    );
    timer.unref();
    return timer;
  });

  const connections = new Set<Socket>();
  const server: Server = createServer(async (req, res) => {
    if (!(await sockets.handleManagement(req, res))) await handleHttp(req, res);
  });
  const sockets = attachWebSockets(server);
  server.on('connection', (socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  // Handlers reach WebSocket clients through this runtime's own @connections endpoint.
  process.env.HDS_WS_CALLBACK_URL ??= `http://127.0.0.1:${port}`;
  resetConfig();
  resetServices();

  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    port,
    services: services(),
    queue,
    drainQueues: () => runner.drain(),
    runScheduled,
    stop: async () => {
      for (const t of timers) clearInterval(t);
      await sockets.closeAll();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of connections) s.destroy();
      });
      await runner.stop();
      await stopDocumentReaders();
      await emulators.stop();
      if (scratch) await rm(scratch, { recursive: true, force: true });
      for (const k of Object.keys(process.env)) if (!(k in envBefore)) delete process.env[k];
      Object.assign(process.env, envBefore);
      resetConfig();
      resetServices();
    },
  };
}

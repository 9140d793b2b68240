import { DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { QueueConsumer, QueueName } from '../../functions/routes';
import { type LocalFileQueue, type LocalMessage, localQueueEvents } from '../../shared/adapters/queue/local-file-queue';
import { errorFields, log } from '../../shared/log';
import { loadHandler } from './handlers';
import { lambdaContext } from './lambda-context';

export interface QueueRunner {
  /** Resolves when every message now visible has been handled once (tests use it to wait for workers). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

interface RunnerOptions {
  pollMs?: number;
  /** How long a failed message stays invisible before its next delivery (SQS visibility timeout). */
  retryDelayMs?: (consumer: QueueConsumer) => number;
  /** Queues handled only by `drain()`, never as messages arrive or on the poll. */
  deferred?: readonly QueueName[];
}

/**
 * Delivers local-queue messages to the manifest's queue consumers as SQS events would: in batches of
 * the consumer's size, honouring partial batch failures, redelivering failures after their visibility
 * timeout, and moving a message to the dead-letter folder after `maxReceiveCount` deliveries.
 */
export function runLocalQueues(
  queue: LocalFileQueue,
  consumers: readonly QueueConsumer[],
  opts: RunnerOptions = {},
): QueueRunner {
  const invisibleUntil = new Map<string, number>();
  const retryDelay = opts.retryDelayMs ?? ((c) => c.visibilityTimeoutSeconds * 1000);
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const deferred = new Set(opts.deferred ?? []);
  const pass = async (draining: boolean) => {
    for (const consumer of consumers) {
      if (deferred.has(consumer.queue) && !draining) continue;
      const now = Date.now();
      const visible = (await queue.deliverable(consumer.queue, now)).filter(
        (m) => (invisibleUntil.get(m.messageId) ?? 0) <= now,
      );
      for (let i = 0; i < visible.length; i += consumer.batchSize) {
        await deliver(consumer, visible.slice(i, i + consumer.batchSize));
      }
    }
  };

  const deliver = async (consumer: QueueConsumer, batch: LocalMessage[]) => {
    const records = batch.map((m) => toSqsRecord(consumer, m));
    let failed = new Set(batch.map((m) => m.messageId));
    try {
      const handler = await loadHandler(consumer);
      const out = (await handler({ Records: records } satisfies SQSEvent, lambdaContext(consumer.id, 900))) as
        | SQSBatchResponse
        | undefined;
      failed = new Set((out?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
    } catch (err) {
      log('error', 'queue consumer threw', { consumer: consumer.id, ...errorFields(err) });
    }
    for (const message of batch) {
      if (failed.has(message.messageId)) {
        invisibleUntil.set(message.messageId, Date.now() + retryDelay(consumer));
        await queue.fail(consumer.queue, message, consumer.maxReceiveCount);
      } else {
        invisibleUntil.delete(message.messageId);
        await queue.acknowledge(consumer.queue, message.messageId);
      }
    }
  };

  const tick = (draining = false) => {
    running = running
      .then(() => pass(draining))
      .catch((err) => log('error', 'local queue pass failed', errorFields(err)));
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void tick();
  }, opts.pollMs ?? 250);
  timer.unref();
  const onSent = () => {
    if (!stopped && opts.pollMs === undefined) void tick();
  };
  localQueueEvents.on('sent', onSent);

  return {
    drain: () => tick(true),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      localQueueEvents.off('sent', onSent);
      await running;
    },
  };
}

/** Polls real SQS queues (AWS or LocalStack) when the runtime is configured with queue URLs. */
export function runSqsQueues(
  sqs: SQSClient,
  urls: Record<string, string | undefined>,
  consumers: readonly QueueConsumer[],
): QueueRunner {
  let stopped = false;
  const loops = consumers.map(async (consumer) => {
    const url = urls[consumer.queue];
    if (!url) return;
    while (!stopped) {
      const out = await sqs
        .send(
          new ReceiveMessageCommand({
            QueueUrl: url,
            MaxNumberOfMessages: Math.min(10, consumer.batchSize),
            WaitTimeSeconds: 1,
          }),
        )
        .catch(() => ({ Messages: [] }));
      const messages = out.Messages ?? [];
      if (messages.length === 0) continue;
      const records = messages.map(
        (m) =>
          ({
            ...toSqsRecord(consumer, {
              messageId: m.MessageId!,
              body: m.Body ?? '',
              sentAt: Date.now(),
              receiveCount: 1,
            }),
            receiptHandle: m.ReceiptHandle!,
          }) as SQSRecord,
      );
      const handler = await loadHandler(consumer);
      const result = (await handler({ Records: records }, lambdaContext(consumer.id, 900)).catch(() => ({
        batchItemFailures: records.map((r) => ({ itemIdentifier: r.messageId })),
      }))) as SQSBatchResponse | undefined;
      const failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
      for (const r of records) {
        if (!failed.has(r.messageId))
          await sqs.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: r.receiptHandle }));
      }
    }
  });
  return {
    drain: async () => undefined,
    stop: async () => {
      stopped = true;
      await Promise.allSettled(loops);
    },
  };
}

function toSqsRecord(consumer: QueueConsumer, m: LocalMessage): SQSRecord {
  return {
    messageId: m.messageId,
    receiptHandle: m.messageId,
    body: m.body,
    attributes: {
      ApproximateReceiveCount: String(m.receiveCount + 1),
      SentTimestamp: String(m.sentAt),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:local:000000000000:${consumer.queue}`,
    awsRegion: 'local',
  };
}

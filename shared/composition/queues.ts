import { LocalFileQueue } from '../adapters/queue/local-file-queue';
import { sqsClient } from '../adapters/queue/sqs-client';
import { SqsJobQueue } from '../adapters/queue/sqs-job-queue';
import type { JobQueue } from '../ports/job-queue';
import { perConfig } from './per-config';

/** Background jobs: SQS in the cloud, the durable file queue locally. The part of functions that name `sendsTo`. */
export const queues = perConfig((cfg): JobQueue => {
  if (Object.values(cfg.queueUrls).some(Boolean))
    return new SqsJobQueue(sqsClient(cfg.region, cfg.queueUrls), cfg.queueUrls);
  if (cfg.localQueueDir) return new LocalFileQueue(cfg.localQueueDir);
  throw new Error('No queue configured: set HDS_QUEUE_<NAME>_URL (SQS) or HDS_LOCAL_QUEUE_DIR (local runtime)');
});

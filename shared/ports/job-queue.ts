import type { QueueName } from '../config/resources';

/** A durable queue feeding a queue consumer of the manifest: SQS in the cloud, a local queue on disk. */
export interface JobQueue {
  send(queue: QueueName, body: Record<string, unknown>): Promise<void>;
}

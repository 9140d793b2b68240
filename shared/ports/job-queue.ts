import type { QueueName } from '../config/resources';

export interface SendOptions {
  /** Seconds before the message is first delivered: a whole number, 0–900 (SQS's `DelaySeconds` range). */
  delaySeconds?: number;
}

/** SQS's longest message delay; a longer wait is a chain of delayed sends. */
export const MAX_DELAY_SECONDS = 900;

/** A durable queue feeding a queue consumer of the manifest: SQS in the cloud, a local queue on disk. */
export interface JobQueue {
  send(queue: QueueName, body: Record<string, unknown>, options?: SendOptions): Promise<void>;
}

/** The delay of a send, checked as SQS would check it; 0 when none is asked for. */
export function delaySecondsOf(options: SendOptions | undefined): number {
  const delay = options?.delaySeconds ?? 0;
  if (!Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY_SECONDS) {
    throw new RangeError(`delaySeconds must be a whole number from 0 to ${MAX_DELAY_SECONDS}, got ${delay}`);
  }
  return delay;
}

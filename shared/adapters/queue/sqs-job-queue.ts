import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { QueueName } from '../../config/resources';
import { delaySecondsOf, type JobQueue, type SendOptions } from '../../ports/job-queue';

export class SqsJobQueue implements JobQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly urls: Partial<Record<QueueName, string>>,
  ) {}

  async send(queue: QueueName, body: Record<string, unknown>, options?: SendOptions): Promise<void> {
    const delay = delaySecondsOf(options);
    const url = this.urls[queue];
    if (!url) throw new Error(`No queue URL configured for ${queue}`);
    await this.sqs.send(
      new SendMessageCommand({
        QueueUrl: url,
        MessageBody: JSON.stringify(body),
        ...(delay > 0 ? { DelaySeconds: delay } : {}),
      }),
    );
  }
}

import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { QueueName } from '../../config/resources';
import type { JobQueue } from '../../ports/job-queue';

export class SqsJobQueue implements JobQueue {
  constructor(
    private readonly sqs: SQSClient,
    private readonly urls: Partial<Record<QueueName, string>>,
  ) {}

  async send(queue: QueueName, body: Record<string, unknown>): Promise<void> {
    const url = this.urls[queue];
    if (!url) throw new Error(`No queue URL configured for ${queue}`);
    await this.sqs.send(new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify(body) }));
  }
}

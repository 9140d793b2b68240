import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { QueueName } from '../../config/resources';
import { delaySecondsOf, type JobQueue, type SendOptions } from '../../ports/job-queue';

/** A message of the local queue as kept on disk. */
export interface LocalMessage {
  messageId: string;
  body: string;
  sentAt: number;
  receiveCount: number;
  /** Epoch ms before which the message is not delivered (a delayed send); absent in messages of older versions. */
  visibleAt?: number;
}

/** Tells a consumer in the same process that a message was sent, so it need not wait for its next poll. */
export const localQueueEvents = new EventEmitter();

/**
 * A durable queue on the local disk, for the local runtime: one JSON file per message, written to a
 * temporary name and renamed, so a message is either wholly there or not at all and survives a
 * restart. Messages that fail too often move to a dead-letter folder, as SQS redrive would.
 */
export class LocalFileQueue implements JobQueue {
  constructor(private readonly dir: string) {}

  async send(queue: QueueName, body: Record<string, unknown>, options?: SendOptions): Promise<void> {
    const sentAt = Date.now();
    const message: LocalMessage = {
      messageId: randomUUID(),
      body: JSON.stringify(body),
      sentAt,
      receiveCount: 0,
      visibleAt: sentAt + delaySecondsOf(options) * 1000,
    };
    await this.write(queue, 'pending', message);
    localQueueEvents.emit('sent', queue);
  }

  async pending(queue: QueueName): Promise<LocalMessage[]> {
    return this.readAll(queue, 'pending');
  }

  /** The pending messages whose delay has passed at `nowMs`: the ones a consumer may be handed. */
  async deliverable(queue: QueueName, nowMs: number): Promise<LocalMessage[]> {
    return (await this.pending(queue)).filter((m) => (m.visibleAt ?? 0) <= nowMs);
  }

  async deadLetters(queue: QueueName): Promise<LocalMessage[]> {
    return this.readAll(queue, 'dead');
  }

  async acknowledge(queue: QueueName, messageId: string): Promise<void> {
    await rm(this.path(queue, 'pending', messageId), { force: true });
  }

  /** Counts a failed delivery; after `maxReceiveCount` the message moves to the dead-letter folder. */
  async fail(queue: QueueName, message: LocalMessage, maxReceiveCount: number): Promise<void> {
    const updated = { ...message, receiveCount: message.receiveCount + 1 };
    if (updated.receiveCount >= maxReceiveCount) {
      await this.write(queue, 'dead', updated);
      await this.acknowledge(queue, message.messageId);
    } else {
      await this.write(queue, 'pending', updated);
    }
  }

  private async write(queue: QueueName, folder: 'pending' | 'dead', message: LocalMessage): Promise<void> {
    const dir = join(this.dir, queue, folder);
    await mkdir(dir, { recursive: true });
    const tmp = join(dir, `.${message.messageId}.${randomUUID()}.tmp`);
    await writeFile(tmp, JSON.stringify(message));
    await rename(tmp, this.path(queue, folder, message.messageId));
  }

  private async readAll(queue: QueueName, folder: 'pending' | 'dead'): Promise<LocalMessage[]> {
    const dir = join(this.dir, queue, folder);
    const names = await readdir(dir).catch(() => [] as string[]);
    const messages: LocalMessage[] = [];
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      const text = await readFile(join(dir, name), 'utf8').catch(() => undefined);
      if (text) messages.push(JSON.parse(text) as LocalMessage);
    }
    return messages.sort((a, b) => a.sentAt - b.sentAt);
  }

  private path(queue: QueueName, folder: string, messageId: string): string {
    return join(this.dir, queue, folder, `${messageId}.json`);
  }
}

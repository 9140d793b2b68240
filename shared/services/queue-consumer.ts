import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import * as z from 'zod/mini';
import { log } from '../log';

/**
 * Runs each message of an SQS batch on its own (partial batch response): a message `parse` cannot read is logged
 * and reported failed (it goes to the dead-letter queue after its last delivery); `run` returns `true` when the
 * message is done and `false` to have it delivered again. An error `run` throws is left to it to catch, so each
 * consumer decides what a failure means for its data.
 */
export async function eachMessage<T>(
  event: SQSEvent,
  what: string,
  parse: (body: string) => T | null,
  run: (message: T, record: SQSRecord) => Promise<boolean>,
): Promise<SQSBatchResponse> {
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    const message = parse(record.body);
    if (message === null) {
      log('error', `malformed ${what}`, { messageId: record.messageId });
      failures.push({ itemIdentifier: record.messageId });
      continue;
    }
    if (!(await run(message, record))) failures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures: failures };
}

/** A message body checked against its schema, or null (for `eachMessage`'s `parse`). */
export function parsedOrNull<S extends z.ZodMiniType>(schema: S, value: unknown): z.infer<S> | null {
  const parsed = z.safeParse(schema, value);
  return parsed.success ? parsed.data : null;
}

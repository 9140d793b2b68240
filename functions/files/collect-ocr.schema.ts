import * as z from 'zod/mini';
import { parseJsonOrNull } from '../../shared/json';

/** Textract's completion message (async-notification-payload): what it published on the OCR topic. */
export const TextractCompletionSchema = z.object({
  JobId: z.string().check(z.minLength(1)),
  Status: z.string(),
  API: z.optional(z.string()),
  JobTag: z.optional(z.string()),
  Timestamp: z.optional(z.number()),
  DocumentLocation: z.object({ S3ObjectName: z.string(), S3Bucket: z.string() }),
});
export type TextractCompletionMessage = z.infer<typeof TextractCompletionSchema>;

/** How SNS wraps a message for an SQS subscriber without raw message delivery. */
const SnsEnvelopeSchema = z.object({ Type: z.literal('Notification'), Message: z.string() });

/**
 * The completion carried by an SQS body: the message itself (raw message delivery, as the stack subscribes the
 * queue) or inside SNS's envelope (a subscription made without it). Null when it is neither.
 */
export function parseTextractCompletion(body: string): TextractCompletionMessage | null {
  let message = parseJsonOrNull(body);
  const envelope = z.safeParse(SnsEnvelopeSchema, message);
  if (envelope.success) message = parseJsonOrNull(envelope.data.Message);
  const completion = z.safeParse(TextractCompletionSchema, message);
  return completion.success ? completion.data : null;
}

import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { sockets } from '../../shared/composition/sockets';
import { streamLimits } from '../../shared/domain/stream-limits';
import { log } from '../../shared/log';
import { observed } from '../../shared/observability';
import { servicesFor } from '../../shared/services/container';
import { manifestEntry } from '../routes';

const services = servicesFor(manifestEntry('greet-socket'), { sockets });

const GreetSchema = z.object({ type: z.literal('greet'), connectionId: z.string() });

/**
 * Sends `connection_established`, the first frame of every streamed upload, announcing the chunk
 * size this host accepts. A client that already left is skipped.
 */
export const handler = observed(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const svc = services();
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const { connectionId } = GreetSchema.parse(JSON.parse(record.body));
      const connection = await svc.connections.get(connectionId);
      if (!connection) continue;
      await svc.sockets().send(connectionId, {
        type: 'connection_established',
        connectionId,
        subject: connection.subjectKey,
        retention: connection.retention,
        ...(connection.sessionId ? { session_id: connection.sessionId } : {}),
        limits: streamLimits(svc.config),
      });
    } catch (err) {
      log('error', 'socket greeting failed', { messageId: record.messageId, error: (err as Error).name });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
});

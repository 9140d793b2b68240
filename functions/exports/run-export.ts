import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { bucket } from '../../shared/composition/bucket';
import { parseJsonOrNull } from '../../shared/json';
import { errorFields, log } from '../../shared/log';
import { observed } from '../../shared/observability';
import { servicesFor } from '../../shared/services/container';
import { failExport, runExport } from '../../shared/services/exports';
import { isLastDelivery } from '../../shared/services/processing-failures';
import { eachMessage, parsedOrNull } from '../../shared/services/queue-consumer';
import { manifestEntry, queueConsumer } from '../routes';

const services = servicesFor(manifestEntry('run-export'), { bucket });

const ExportMessageSchema = z.object({
  type: z.literal('run-export'),
  subjectId: z.string().check(z.minLength(1)),
  exportId: z.string().check(z.minLength(1)),
});

const MAX_RECEIVES = queueConsumer('run-export').maxReceiveCount;

/**
 * Writes export files, one job per message. A failed run is delivered again; on its last delivery the export is
 * marked `failed` with its error (shown on `GET /v1/exports/{id}`) and the message goes to the dead-letter queue.
 */
export const handler = observed((event: SQSEvent): Promise<SQSBatchResponse> => {
  const svc = services();
  return eachMessage(
    event,
    'export job',
    (body) => parsedOrNull(ExportMessageSchema, parseJsonOrNull(body)),
    async (job, record) => {
      try {
        await runExport(svc, job.subjectId, job.exportId);
        return true;
      } catch (err) {
        log('error', 'export failed', { messageId: record.messageId, exportId: job.exportId, ...errorFields(err) });
        if (isLastDelivery(record, MAX_RECEIVES)) await failExport(svc, job.subjectId, job.exportId, err);
        return false;
      }
    },
  );
});

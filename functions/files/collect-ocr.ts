import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { bucket } from '../../shared/composition/bucket';
import { documents } from '../../shared/composition/documents';
import { model } from '../../shared/composition/model';
import { queues } from '../../shared/composition/queues';
import { sockets } from '../../shared/composition/sockets';
import { fileOfObjectKey } from '../../shared/domain/files';
import { observed } from '../../shared/observability';
import { servicesFor } from '../../shared/services/container';
import { isLastDelivery, settleFailedFile } from '../../shared/services/processing-failures';
import { eachMessage } from '../../shared/services/queue-consumer';
import { completeScannedPdfOcr } from '../../shared/services/scanned-pdf-ocr';
import { answerHeldReply } from '../../shared/services/upload-replies';
import { publishFileOutcome } from '../../shared/services/webhooks';
import { manifestEntry, queueConsumer } from '../routes';
import { parseTextractCompletion } from './collect-ocr.schema';

const services = servicesFor(manifestEntry('collect-ocr'), { bucket, documents, model, sockets, queues });

const MAX_RECEIVES = queueConsumer('collect-ocr').maxReceiveCount;

/**
 * Textract announced the end of a scanned PDF's analysis: the file gets its text and readings, as the extraction
 * job gives other files. A failed analysis marks the file `failed`; one not yet readable is retried, and on the
 * last delivery the file is marked `failed` and the message goes on to the dead-letter queue. Completions for files
 * gone, files no longer processing or jobs no file waits for change nothing.
 */
export const handler = observed((event: SQSEvent): Promise<SQSBatchResponse> => {
  const svc = services();
  return eachMessage(event, 'OCR completion', parseTextractCompletion, async (completion, record) => {
    const file = fileOfObjectKey(completion.DocumentLocation.S3ObjectName);
    let settled: boolean;
    try {
      await completeScannedPdfOcr(svc, completion);
      settled = true;
    } catch (err) {
      const delivery = {
        messageId: record.messageId,
        last: isLastDelivery(record, MAX_RECEIVES),
        attempt: Number(record.attributes?.ApproximateReceiveCount ?? 1),
        maxAttempts: MAX_RECEIVES,
      };
      settled = file ? !(await settleFailedFile(svc, file, err, delivery)) : false;
    }
    // A WebSocket upload waiting for this file gets its answer now, if no other file still holds it.
    if (settled && file) await answerHeldReply(svc, file);
    // A file that now has its outcome is announced (named by the file, so a redelivery announces nothing new).
    if (file) await publishFileOutcome(svc, file.subjectId, file.fileKey);
    return settled;
  });
});

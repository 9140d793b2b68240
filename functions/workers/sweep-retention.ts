import type { ScheduledEvent } from 'aws-lambda';
import { nowMs } from '../../shared/clock';
import { bucket } from '../../shared/composition/bucket';
import { queues } from '../../shared/composition/queues';
import { objectKey, subjectPrefix, textKey } from '../../shared/domain/files';
import { log } from '../../shared/log';
import { observed } from '../../shared/observability';
import { servicesFor } from '../../shared/services/container';
import { expireEvaluationSubjects } from '../../shared/services/evaluation-expiry';
import { settleWatchedFile } from '../../shared/services/processing-failures';
import { sweepStagedUploads } from '../../shared/services/staged-uploads';
import { publishExpiry } from '../../shared/services/webhooks';
import { manifestEntry } from '../routes';

const services = servicesFor(manifestEntry('sweep-retention'), { bucket, queues });

/** Items one run deletes at most; the next run, minutes later, takes the rest. */
const MAX_ITEMS_PER_RUN = 20_000;

/**
 * Deletes expired rows (with their FHIR mirrors, which live in the same item) and expired and deleted files within
 * minutes of expiry; DynamoDB TTL is only the backstop. It also removes stored responses (bucket objects first), abandoned partial
 * writes and unpurged erased Subjects (their bucket objects first). It is also the files' watchdog: a file still
 * `processing` past its deadline (its job or Textract's completion was lost) is marked `failed` and its rows deleted.
 * Then staged uploads: objects older than a day and due connection, ticket and batch entries. Last, evaluation
 * accounts' Subjects a day old are erased, which caps their data at 24 h.
 */
export const handler = observed(async (_event?: ScheduledEvent): Promise<{ deleted: number }> => {
  const svc = services();
  const deleted = await svc.records.sweepExpired(nowMs(), MAX_ITEMS_PER_RUN, {
    onExpiredFile: (subjectId, fileKey) =>
      svc.blobs.delete([objectKey(subjectId, fileKey), textKey(subjectId, fileKey)]),
    onDueWatch: (subjectId, fileKey, maxItems) => settleWatchedFile(svc, subjectId, fileKey, maxItems),
    onExpiredObjects: (keys) => svc.blobs.delete(keys),
    onErasedSubject: async (subjectId) => {
      await svc.blobs.deletePrefix(subjectPrefix(subjectId));
    },
    onExpiring: (subjectId, counts, batch) => publishExpiry(svc, subjectId, counts, batch),
  });
  const staged = await sweepStagedUploads(svc, nowMs(), MAX_ITEMS_PER_RUN);
  const evaluation = await expireEvaluationSubjects(svc);
  if (deleted + staged + evaluation > 0) log('info', 'retention sweep', { deleted, staged, evaluation });
  return { deleted: deleted + staged + evaluation };
});

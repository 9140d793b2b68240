import { nowMs } from '../clock';
import { uploadEndResponse } from '../domain/stream-upload';
import { log } from '../log';
import type { HeldReply } from '../ports/upload-staging';
import type { Services } from './container';

/**
 * Answers an `upload_end` once every file of its batch is stored and parsed. A file still `processing` (a scanned
 * PDF whose Textract analysis runs on) holds the answer back; the OCR completion that settles the last such file sends
 * it. A client already gone is not an error: the answer is simply dropped.
 */
export async function answerUploadEnd(services: Services, owner: string, reply: HeldReply): Promise<void> {
  const files = await Promise.all(reply.fileKeys.map((k) => services.files.get(reply.subjectId, k, nowMs())));
  if (files.some((f) => f?.status === 'processing')) {
    await services.staging.holdReply(owner, reply);
    return;
  }
  await services
    .sockets()
    .send(
      reply.connectionId,
      uploadEndResponse(
        reply.messageId,
        files.filter((f) => f !== null),
        reply.failed,
      ),
    )
    .catch((err) => log('warn', 'could not answer upload_end', { error: (err as Error)?.name }));
  await services.staging.releaseReply(owner, reply);
}

/** A file settled (processed or failed): the answer held for its batch goes out if nothing else holds it back. */
export async function answerHeldReply(services: Services, file: { subjectId: string; fileKey: string }): Promise<void> {
  const held = await services.staging.heldReplyFor(file.subjectId, file.fileKey);
  if (held) await answerUploadEnd(services, held.owner, held);
}

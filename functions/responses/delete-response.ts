import { nowMs } from '../../shared/clock';
import { bucket } from '../../shared/composition/bucket';
import { NotFoundError } from '../../shared/errors';
import { subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { log } from '../../shared/log';
import { httpRoute } from '../routes';
import { ResponsePathSchema } from './responses.schema';

/**
 * DELETE /v1/responses/{response_id}: gone from every read at once. When it was the last live response of its
 * conversation, the conversation goes with it (its history lives only in its responses) and so do the memories
 * consolidated from it; readings consolidated from it stay until deleted through `/v1/data`.
 */
export const handler = apiKeyRoute(httpRoute('delete-response'), { bucket }, async ({ req, services, tenancy }) => {
  const id = parseWith(ResponsePathSchema, req.pathParams).response_id;
  const subject = await tenancy.find(subjectOfQuery(req));
  const deleted = subject ? await services.conversations.delete(subject.subjectId, id, nowMs()) : null;
  if (!deleted) throw new NotFoundError(`Response with id '${id}' not found.`, 'response_id');
  if (deleted.lastOfConversation && subject) {
    // The conversation is over: what was remembered from it goes too (its readings stay, as rows of the data plane).
    const retracted = await services.memories.retractConversation(subject.subjectId, deleted.conversationId);
    log('info', 'conversation ended', { conversationId: deleted.conversationId, retracted });
  }
  return { body: { id, object: 'response.deleted', deleted: true } };
});

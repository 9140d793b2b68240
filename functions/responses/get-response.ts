import { nowMs } from '../../shared/clock';
import { bucket } from '../../shared/composition/bucket';
import { NotFoundError } from '../../shared/errors';
import { subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { ResponsePathSchema } from './responses.schema';

/** GET /v1/responses/{response_id}: a stored response of the Subject, as it was returned; 404 once gone. */
export const handler = apiKeyRoute(httpRoute('get-response'), { bucket }, async ({ req, services, tenancy }) => {
  const id = parseWith(ResponsePathSchema, req.pathParams).response_id;
  const subject = await tenancy.find(subjectOfQuery(req));
  const stored = subject ? await services.conversations.get(subject.subjectId, id, nowMs()) : null;
  if (!stored) throw new NotFoundError(`Response with id '${id}' not found.`, 'response_id');
  return { body: stored.response };
});

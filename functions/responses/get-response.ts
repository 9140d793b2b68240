import { nowMs } from '../../shared/clock';
import { bucket } from '../../shared/composition/bucket';
import { NotFoundError } from '../../shared/errors';
import { apiKeyRoute } from '../../shared/http/handler';
import { subjectKeyOf } from '../../shared/http/tenancy';
import { httpRoute } from '../routes';

/** GET /v1/responses/{response_id}: a stored response of the Subject, as it was returned; 404 once gone. */
export const handler = apiKeyRoute(httpRoute('get-response'), { bucket }, async ({ req, services, tenancy }) => {
  const id = req.pathParams.response_id ?? '';
  const subject = await tenancy.find(subjectKeyOf(req, undefined));
  const stored = subject ? await services.conversations.get(subject.subjectId, id, nowMs()) : null;
  if (!stored) throw new NotFoundError(`Response with id '${id}' not found.`, 'response_id');
  return { body: stored.response };
});

import { subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { toFamilyMemberWire } from '../../shared/services/care-circle';
import { httpRoute } from '../routes';

/** GET /v1/family-members: the Subject's care circle, oldest entry first. */
export const handler = apiKeyRoute(httpRoute('list-family-members'), {}, async ({ req, services, tenancy }) => {
  const subjectKey = subjectOfQuery(req);
  const subject = await tenancy.find(subjectKey);
  const members = subject ? await services.careCircle.list(subject.subjectId) : [];
  return { body: { object: 'list', data: members.map(toFamilyMemberWire), subject: subjectKey } };
});

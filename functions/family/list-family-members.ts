import { apiKeyRoute } from '../../shared/http/handler';
import { userOf } from '../../shared/http/tenancy';
import { toFamilyMemberWire } from '../../shared/services/care-circle';
import { httpRoute } from '../routes';

/** GET /v1/family-members: the Subject's care circle, oldest entry first. */
export const handler = apiKeyRoute(httpRoute('list-family-members'), {}, async ({ req, services, tenancy }) => {
  const user = userOf(req, undefined);
  const subject = await tenancy.find(user);
  const members = subject ? await services.careCircle.list(subject.subjectId) : [];
  return { body: { object: 'list', data: members.map(toFamilyMemberWire), subject: user } };
});

import { NotFoundError } from '../../shared/errors';
import { apiKeyRoute } from '../../shared/http/handler';
import { subjectKeyOf } from '../../shared/http/tenancy';
import { httpRoute } from '../routes';

/** DELETE /v1/family-members/{member_id}: removes one member; 404 when it is not this Subject's. */
export const handler = apiKeyRoute(httpRoute('delete-family-member'), {}, async ({ req, services, tenancy }) => {
  const subjectKey = subjectKeyOf(req, undefined);
  const memberId = req.pathParams.member_id ?? '';
  const subject = await tenancy.find(subjectKey);
  if (!subject || !(await services.careCircle.remove(subject.subjectId, memberId))) {
    throw new NotFoundError(`No family member '${memberId}' for this Subject`, 'member_id');
  }
  return { body: { object: 'family_member', id: memberId, deleted: true, subject: subjectKey } };
});

import { NotFoundError } from '../../shared/errors';
import { subjectOfQuery } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { MemberPathSchema } from './family.schema';

/** DELETE /v1/family-members/{member_id}: removes one member; 404 when it is not this Subject's. */
export const handler = apiKeyRoute(httpRoute('delete-family-member'), {}, async ({ req, services, tenancy }) => {
  const subjectKey = subjectOfQuery(req);
  const memberId = parseWith(MemberPathSchema, req.pathParams).member_id;
  const subject = await tenancy.find(subjectKey);
  if (!subject || !(await services.careCircle.remove(subject.subjectId, memberId))) {
    throw new NotFoundError(`No family member '${memberId}' for this Subject`, 'member_id');
  }
  return { body: { object: 'family_member', id: memberId, deleted: true, subject: subjectKey } };
});

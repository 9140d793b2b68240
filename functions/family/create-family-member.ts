import { invalidField } from '../../shared/errors';
import { apiKeyRoute } from '../../shared/http/handler';
import { normalizeSubjectKey, subjectKeyOf } from '../../shared/http/tenancy';
import { parseWith, requireObject } from '../../shared/http/validation';
import { addFamilyMember, toFamilyMemberWire } from '../../shared/services/care-circle';
import { httpRoute } from '../routes';
import { CreateFamilyMemberSchema } from './create-family-member.schema';

/** POST /v1/family-members: records a member of the Subject's care circle (minting the Subject on first use). */
export const handler = apiKeyRoute(httpRoute('create-family-member'), {}, async ({ req, json, services, tenancy }) => {
  const body = requireObject(json());
  const subjectKey = subjectKeyOf(req, body);
  const input = parseWith(CreateFamilyMemberSchema, body);
  const memberSubjectKey = input.member_user == null ? null : normalizeSubjectKey(input.member_user, 'member_user');
  if (memberSubjectKey === subjectKey)
    throw invalidField('member_user', "member_user must name another user than the Subject's own");
  const { member, subjectKey: subject } = await addFamilyMember(services, tenancy, subjectKey, {
    name: input.name,
    relationship: input.relationship,
    memberSubjectKey,
    notes: input.notes ?? '',
  });
  return { status: 201, body: { ...toFamilyMemberWire(member), subject } };
});

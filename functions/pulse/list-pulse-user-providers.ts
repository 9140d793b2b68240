import { userRoute } from '../../shared/http/handler';
import { DEFAULT_SUBJECT_KEY } from '../../shared/http/tenancy';
import { userLinks } from '../../shared/services/pulse/provider-lists';
import { httpRoute } from '../routes';

/** GET /api/v1/pulse/user/providers: the caller's links with their backfill progress. */
export const handler = userRoute(httpRoute('list-pulse-user-providers'), {}, async ({ services, tenancy }) => {
  const subject = await tenancy.find(DEFAULT_SUBJECT_KEY);
  const links = subject ? await services.pulseLinks.list(subject.subjectId) : [];
  return { body: { providers: userLinks(links) } };
});

import { userRoute } from '../../shared/http/handler';
import { DEFAULT_SUBJECT_KEY } from '../../shared/http/tenancy';
import { providerCatalog } from '../../shared/services/pulse/provider-lists';
import { httpRoute } from '../routes';

/** GET /api/v1/pulse/providers: every provider, `supported` on this deployment, and the caller's link status. */
export const handler = userRoute(httpRoute('list-pulse-providers'), {}, async ({ services, tenancy }) => {
  const subject = await tenancy.find(DEFAULT_SUBJECT_KEY);
  const links = subject ? await services.pulseLinks.list(subject.subjectId) : [];
  return { body: { providers: providerCatalog(services.config.pulse, links) } };
});

import { tierEntries } from '../../shared/domain/models';
import { apiKeyRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';

/** GET /v1/models: the capability tiers of this deployment. */
export const handler = apiKeyRoute(httpRoute('list-models'), {}, async () => ({
  body: { object: 'list', data: tierEntries(process.env) },
}));

import { userRoute } from '../../shared/http/handler';
import { listConsoleKeys } from '../../shared/services/console-keys';
import { httpRoute } from '../routes';

/** GET /api/console/keys: the account's live API keys, oldest first; never a secret. */
export const handler = userRoute(httpRoute('list-console-keys'), {}, async ({ services, tenancy }) => ({
  body: { object: 'list', data: await listConsoleKeys(services, tenancy.accountId) },
}));

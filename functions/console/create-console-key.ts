import { userRoute } from '../../shared/http/handler';
import { parseWith, requireObject } from '../../shared/http/validation';
import { createConsoleKey } from '../../shared/services/console-keys';
import { httpRoute } from '../routes';
import { CreateConsoleKeySchema } from './create-console-key.schema';

/** POST /api/console/keys: a new API key of the account; its whole secret is in this answer and nowhere else. */
export const handler = userRoute(httpRoute('create-console-key'), {}, async ({ json, services, tenancy }) => {
  const { name } = parseWith(CreateConsoleKeySchema, requireObject(json()));
  return { status: 201, body: await createConsoleKey(services, tenancy.accountId, name) };
});

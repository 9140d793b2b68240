import { userRoute } from '../../shared/http/handler';
import { parseWith } from '../../shared/http/validation';
import { deleteConsoleKey } from '../../shared/services/console-keys';
import { httpRoute } from '../routes';
import { KeyPathSchema } from './console-keys.schema';

/** DELETE /api/console/keys/{key_id}: revoked at once; another account's key is 404. */
export const handler = userRoute(httpRoute('delete-console-key'), {}, async ({ req, services, tenancy }) => {
  const keyId = parseWith(KeyPathSchema, req.pathParams).key_id;
  await deleteConsoleKey(services, tenancy.accountId, keyId);
  return { body: { id: keyId, deleted: true } };
});

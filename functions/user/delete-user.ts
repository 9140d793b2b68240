import { queues } from '../../shared/composition/queues';
import { userRoute } from '../../shared/http/handler';
import { beginAccountDeletion } from '../../shared/services/account-deletion';
import { httpRoute } from '../routes';

/**
 * POST /user/del: deletes the signed-in person and their account. Every key and token is refused from the answer on;
 * Subjects, clients and the rest are removed by the `delete-account` worker.
 */
export const handler = userRoute(httpRoute('delete-user'), { queues }, async ({ principal, services }) => {
  await beginAccountDeletion(services, principal);
  return { body: null };
});

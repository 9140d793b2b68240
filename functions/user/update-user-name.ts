import { NotFoundError } from '../../shared/errors';
import { userRoute } from '../../shared/http/handler';
import { parseWith, requireObject } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { UpdateUserNameSchema } from './update-user-name.schema';

/** POST /user/update_name: the signed-in person's display name → `data: {user_id, name}`. */
export const handler = userRoute(httpRoute('update-user-name'), {}, async ({ json, principal, services }) => {
  const { name } = parseWith(UpdateUserNameSchema, requireObject(json()));
  if (!(await services.users.updateName(principal.userId, name))) throw new NotFoundError('No such user');
  return { body: { user_id: principal.userId, name } };
});

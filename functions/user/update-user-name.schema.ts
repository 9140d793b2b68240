import * as z from 'zod/mini';
import { displayNameSchema } from '../../shared/domain/display-name';

/** Body of `POST /user/update_name`. */
export const UpdateUserNameSchema = z.object({ name: displayNameSchema });

export type UpdateUserName = z.infer<typeof UpdateUserNameSchema>;

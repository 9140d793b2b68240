import * as z from 'zod/mini';
import { displayNameSchema } from '../../shared/domain/display-name';
import { defineOperation } from '../../shared/openapi/operation';

/** Body of `POST /user/update_name`. */
export const UpdateUserNameSchema = z.object({ name: displayNameSchema });

export type UpdateUserName = z.infer<typeof UpdateUserNameSchema>;

export const operation = defineOperation('update-user-name', {
  summary: 'Update the display name',
  tags: ['Account'],
  body: UpdateUserNameSchema,
  responses: {
    200: { description: '`data: {user_id, name}`', schema: z.object({ user_id: z.number(), name: z.string() }) },
  },
  examples: [{ name: 'Ada Lovelace' }],
});

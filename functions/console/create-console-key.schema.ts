import * as z from 'zod/mini';
import { displayNameSchema } from '../../shared/domain/display-name';
import { defineOperation } from '../../shared/openapi/operation';
import { ConsoleKeySchema } from './console-keys.schema';

/** Body of `POST /api/console/keys` (gaps item 11). */
export const CreateConsoleKeySchema = z.object({ name: displayNameSchema });

export type CreateConsoleKey = z.infer<typeof CreateConsoleKeySchema>;

export const CreatedConsoleKeySchema = z.object({
  ...ConsoleKeySchema.shape,
  secret: z.string().check(z.meta({ description: 'The whole key, shown in this answer only' })),
});

export const operation = defineOperation('create-console-key', {
  summary: 'Create an API key (its secret is shown once)',
  tags: ['Console'],
  body: CreateConsoleKeySchema,
  responses: { 201: { description: 'The new key and its secret', schema: CreatedConsoleKeySchema } },
  examples: [{ name: 'production' }],
});

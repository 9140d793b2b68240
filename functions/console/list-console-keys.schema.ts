import { defineOperation } from '../../shared/openapi/operation';
import { listOf } from '../../shared/openapi/wire/common';
import { ConsoleKeySchema } from './console-keys.schema';

export const operation = defineOperation('list-console-keys', {
  summary: "List the account's live API keys, oldest first",
  tags: ['Console'],
  responses: { 200: { description: 'The keys, never a secret', schema: listOf(ConsoleKeySchema, {}) } },
});

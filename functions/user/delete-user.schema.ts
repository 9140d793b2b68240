import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';

export const operation = defineOperation('delete-user', {
  summary: 'Delete the signed-in person and their account',
  description: 'Every key and token is refused from this answer on; the rest is removed in the background.',
  tags: ['Account'],
  responses: { 200: { description: '`data: null` once deletion began', schema: z.null() } },
});

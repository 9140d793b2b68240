import { defineOperation } from '../../shared/openapi/operation';
import { SubjectQuerySchema } from '../../shared/openapi/wire/common';
import { ResponseObjectSchema, ResponsePathSchema } from './responses.schema';

export const operation = defineOperation('get-response', {
  summary: 'Read a stored response, as it was returned',
  tags: ['Agent'],
  path: ResponsePathSchema,
  query: SubjectQuerySchema,
  responses: { 200: { description: 'The response', schema: ResponseObjectSchema } },
});

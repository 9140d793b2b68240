import { defineOperation } from '../../shared/openapi/operation';
import { listOf, ModelTierSchema } from '../../shared/openapi/wire/common';

export const operation = defineOperation('list-models', {
  summary: 'List the capability tiers and their prices',
  tags: ['Models'],
  responses: { 200: { description: 'The tiers', schema: listOf(ModelTierSchema, {}) } },
});

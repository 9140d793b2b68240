import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';

export const ClientBindingRequestSchema = z.object({
  client_id: z.string().check(z.minLength(1)),
  client_secret: z.string().check(z.minLength(1)),
});

export const ClientBindingSchema = z.object({
  object: z.literal('oauth.binding'),
  client_id: z.string(),
  client_name: z.string(),
  user_id: z.number(),
  scope: z.string(),
  bound_at: z.number(),
});

export const operation = defineOperation('create-client-binding', {
  summary: 'Bind an OAuth client to the signed-in user (credentials grant)',
  description: 'Neither side alone can bind: the user signs in and presents the client’s secret.',
  tags: ['Console'],
  body: ClientBindingRequestSchema,
  responses: { 201: { description: 'The binding', schema: ClientBindingSchema } },
  examples: [{ client_id: 'hdsc_0123456789abcdefghijkl', client_secret: 'hdss_…' }],
});

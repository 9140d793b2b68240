import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { formField } from './oauth.schema';

/** The authorize pages' forms: one `step` each, with the page's `csrf` token (and its cookie). */
export const AuthorizeFormSchema = z.looseObject({
  step: formField('`email`, `code` or `consent`'),
  csrf: formField('The form’s anti-forgery token'),
  email: formField('step email and code: the address'),
  code: formField('step code: the 6-digit code from the email'),
  decision: formField('step consent: `allow` or `deny`'),
});

export const operation = defineOperation('post-authorize', {
  summary: 'The authorize pages’ steps: email, code, consent',
  tags: ['OAuth'],
  body: AuthorizeFormSchema,
  bodyMediaType: 'application/x-www-form-urlencoded',
  responses: {
    200: { description: 'The next page', mediaType: 'text/html' },
    302: { description: 'Back to the client with the code (or an error)', headers: { Location: 'The redirect URI' } },
  },
  examples: [{ step: 'email', csrf: 'c2VjcmV0', email: 'you@example.com' }],
});

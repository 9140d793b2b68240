import { defineOperation } from '../../shared/openapi/operation';

export const operation = defineOperation('get-console', {
  summary: 'The developer console page (public; it signs in from the browser)',
  description:
    'A Preact page that signs in with the email code and then calls `/api/console/*` with the session. Served ' +
    'with a strict Content-Security-Policy and `Cache-Control: no-cache`.',
  tags: ['Console'],
  responses: { 200: { description: 'The page', mediaType: 'text/html' } },
});

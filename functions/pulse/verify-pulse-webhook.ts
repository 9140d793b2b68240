import { AppError } from '../../shared/errors';
import { publicRoute } from '../../shared/http/handler';
import { webhookHandshake } from '../../shared/services/pulse/webhooks';
import { httpRoute } from '../routes';

/**
 * GET /api/v1/pulse/{platform}/webhook?provider=<slug>: the provider's subscription handshake, answered in the
 * provider's own shape (Oura: `{"challenge": …}` when the verification token matches), not the engine's envelope.
 */
export const handler = publicRoute(httpRoute('verify-pulse-webhook'), {}, async ({ req, services }) => {
  const answer = await webhookHandshake(services, req);
  if (answer.status === 401) {
    throw new AppError('missing_credentials', 'verification token does not match', { code: 'invalid_verification' });
  }
  return answer.json === undefined
    ? { status: answer.status, bytes: Buffer.alloc(0), contentType: 'text/plain' }
    : { status: answer.status, bytes: Buffer.from(JSON.stringify(answer.json)), contentType: 'application/json' };
});

import { publicRoute } from '../../shared/http/handler';
import { httpRoute } from '../routes';

/** HEAD /api/v1/pulse/{platform}/webhook: 200 with no body, as Withings checks a callback URL before subscribing it. */
export const handler = publicRoute(httpRoute('probe-pulse-webhook'), {}, async () => ({
  status: 200,
  bytes: Buffer.alloc(0),
  contentType: 'text/plain',
}));

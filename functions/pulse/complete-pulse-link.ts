import { queues } from '../../shared/composition/queues';
import { vault } from '../../shared/composition/vault';
import { publicRoute } from '../../shared/http/handler';
import { pageAnswer } from '../../shared/services/pulse/link-pages';
import { completeLink } from '../../shared/services/pulse/links';
import { httpRoute } from '../routes';

/** GET /api/v1/pulse/{platform}/{provider}/callback: the consent's code exchanged, the link stored, backfill queued. */
export const handler = publicRoute(httpRoute('complete-pulse-link'), { vault, queues }, async ({ req, services }) => {
  if (req.pathParams.platform !== 'hds') return pageAnswer(404, 'Not found', 'There is no such wearable platform.');
  return completeLink(services, req.pathParams.provider ?? '', new URLSearchParams(req.query), req.sourceIp);
});

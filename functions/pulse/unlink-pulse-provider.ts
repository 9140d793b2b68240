import { queues } from '../../shared/composition/queues';
import { userRoute } from '../../shared/http/handler';
import { parseWith, requireObject } from '../../shared/http/validation';
import { unlinkProvider } from '../../shared/services/pulse/links';
import { requireOwnUser } from '../engine/engine-user';
import { httpRoute } from '../routes';
import { UnlinkPulseProviderRequestSchema } from './unlink-pulse-provider.schema';

/** POST /api/v1/pulse/user/providers/unlink: the revoke queued with the sealed tokens, the link and its map deleted. */
export const handler = userRoute(httpRoute('unlink-pulse-provider'), { queues }, async (ctx) => {
  const body = parseWith(UnlinkPulseProviderRequestSchema, requireObject(ctx.json()));
  requireOwnUser(ctx.principal, body.user_id, 'user_id');
  return { body: await unlinkProvider(ctx.services, ctx.principal, ctx.tenancy, body) };
});

import { vault } from '../../shared/composition/vault';
import { userRoute } from '../../shared/http/handler';
import { parseWith, requireObject } from '../../shared/http/validation';
import { beginLink } from '../../shared/services/pulse/links';
import { httpRoute } from '../routes';
import { LinkPulseProviderRequestSchema } from './link-pulse-provider.schema';

/** POST /api/v1/pulse/user/providers/link: a link attempt, answered with the provider's consent URL. */
export const handler = userRoute(httpRoute('link-pulse-provider'), { vault }, async (ctx) => {
  const body = parseWith(LinkPulseProviderRequestSchema, requireObject(ctx.json()));
  const started = await beginLink(ctx.services, ctx.principal, ctx.tenancy, {
    provider: body.provider,
    platform: body.platform,
    returnUrl: body.return_url,
  });
  return { body: started };
});

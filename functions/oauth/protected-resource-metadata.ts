import { protectedResourceMetadata } from '../../shared/domain/oauth/metadata';
import type { PublicContext, RouteResult } from '../../shared/http/handler';

/** RFC 9728 metadata for the configured issuer: configuration only, so caches may keep it an hour. */
export async function protectedResourceAnswer({ services }: PublicContext): Promise<RouteResult> {
  return {
    headers: { 'cache-control': 'public, max-age=3600' },
    body: protectedResourceMetadata(services.config.auth.issuer),
  };
}

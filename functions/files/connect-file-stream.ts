import { nowMs } from '../../shared/clock';
import { queues } from '../../shared/composition/queues';
import { looksLikeKey } from '../../shared/domain/api-keys';
import { UnauthorizedError } from '../../shared/errors';
import { type Caller, enforceRateLimit, verifyApiKey } from '../../shared/http/middleware';
import { retentionParams } from '../../shared/http/retention-params';
import { socketConnectRoute } from '../../shared/http/socket-handler';
import { normalizeSubjectKey, ownSubjectKey } from '../../shared/http/tenancy';
import { requireScopes, verifyUserToken } from '../../shared/http/user-token';
import type { Services } from '../../shared/services/container';
import { manifestEntry } from '../routes';

/**
 * $connect of /v1/files/stream. Browsers cannot set headers on a WebSocket, so the credential travels in the query
 * string: a partner's API key as `?key=hds_live_…`, or a signed-in person's access token as `?token=<access_token>`
 * (holding `mcp:write`; it uploads to that person's own data, the default Subject). An `Authorization: Bearer` header
 * works for either. `user`, `retention` (default `permanent`) and `session_id` fix where the upload's files belong.
 */
export const handler = socketConnectRoute(
  manifestEntry('connect-file-stream'),
  { queues },
  async ({ connectionId, query, headers, services, sourceIp }) => {
    const bearer = headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    const key = query.key ?? (bearer && looksLikeKey(bearer) ? bearer : undefined);
    const token = key ? undefined : (query.token ?? bearer);
    if (!key && !token) {
      throw new UnauthorizedError('Missing credentials: connect with ?key=<API_KEY> or ?token=<ACCESS_TOKEN>', null);
    }
    const caller: Caller & { grantId?: string } = key
      ? await verifyApiKey(key, services, sourceIp)
      : await userCaller(token!, services, sourceIp);
    await enforceRateLimit(caller, 'connect-file-stream', services);
    const subjectKey = caller.grantId ? ownSubjectKey(query.user) : normalizeSubjectKey(query.user);
    const { retention, sessionId } = retentionParams(query, { required: false, fallback: 'permanent' });
    await services.connections.put({
      connectionId,
      accountId: caller.accountId,
      keyId: caller.keyId,
      ...(caller.grantId ? { grantId: caller.grantId } : {}),
      subjectKey,
      retention,
      sessionId,
      connectedAt: new Date(nowMs()).toISOString(),
    });
    await services.queue.send('socket-events', { type: 'greet', connectionId });
  },
);

/** A person's access token as the connection's owner: their account, the grant to recheck, upload scope required. */
async function userCaller(token: string, services: Services, sourceIp: string | undefined) {
  const principal = await verifyUserToken(token, services, sourceIp);
  requireScopes(principal, ['mcp:write']);
  return { accountId: principal.accountId, keyId: '', grantId: principal.grantId };
}

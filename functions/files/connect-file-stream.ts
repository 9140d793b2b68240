import { nowMs } from '../../shared/clock';
import { queues } from '../../shared/composition/queues';
import { UnauthorizedError } from '../../shared/errors';
import { enforceRateLimit, verifyApiKey } from '../../shared/http/middleware';
import { retentionParams } from '../../shared/http/retention-params';
import { socketConnectRoute } from '../../shared/http/socket-handler';
import { normalizeSubjectKey } from '../../shared/http/tenancy';
import { manifestEntry } from '../routes';

/**
 * $connect of /v1/files/stream. Browsers cannot set headers on a WebSocket, so the key travels in the
 * query string (`?key=hds_live_…`; an `Authorization: Bearer` header works too), with `user`,
 * `retention` (default `permanent`) and `session_id` fixing where the upload's files will belong.
 */
export const handler = socketConnectRoute(
  manifestEntry('connect-file-stream'),
  { queues },
  async ({ connectionId, query, headers, services, sourceIp }) => {
    const token = query.key ?? headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (!token) throw new UnauthorizedError('Missing API key: connect with ?key=<API_KEY>', null);
    const caller = await verifyApiKey(token, services, sourceIp);
    await enforceRateLimit(caller, 'connect-file-stream', services);
    const subjectKey = normalizeSubjectKey(query.user);
    const { retention, sessionId } = retentionParams(query, { required: false, fallback: 'permanent' });
    await services.connections.put({
      connectionId,
      accountId: caller.accountId,
      keyId: caller.keyId,
      subjectKey,
      retention,
      sessionId,
      connectedAt: new Date(nowMs()).toISOString(),
    });
    await services.queue.send('socket-events', { type: 'greet', connectionId });
  },
);

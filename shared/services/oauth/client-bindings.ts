import { nowMs } from '../../clock';
import { authenticateClient } from '../../domain/oauth/client-authentication';
import { formatScope } from '../../domain/oauth/scopes';
import { ConflictError, invalidField, NotFoundError } from '../../errors';
import type { UserPrincipal } from '../../http/principal';
import { newGrantId } from '../../ports/grant-store';
import type { Services } from '../container';
import { findClient } from './clients';

/** What the console shows for a binding. */
export interface BindingView {
  object: 'oauth.binding';
  client_id: string;
  client_name: string;
  user_id: number;
  scope: string;
  bound_at: number;
}

/** The client's id and secret are both required, in that order, before anything is looked up. */
export function checkBindingRequest(raw: {
  client_id: unknown;
  client_secret: unknown;
}): asserts raw is { client_id: string; client_secret: string } {
  if (typeof raw.client_id !== 'string' || raw.client_id === '') {
    throw invalidField('client_id', 'client_id is required');
  }
  if (typeof raw.client_secret !== 'string' || raw.client_secret === '') {
    throw invalidField('client_secret', 'client_secret is required');
  }
}

/**
 * `POST /api/console/oauth/bindings`: a signed-in user who also presents the client's secret binds the client to
 * themselves for the `credentials` grant (design §9: neither side alone can bind). The binding names a new
 * `credentials` grant with no refresh token; its tokens carry the client's registered scope.
 */
export async function bindClient(
  svc: Services,
  principal: UserPrincipal,
  raw: { client_id: unknown; client_secret: unknown },
): Promise<BindingView> {
  checkBindingRequest(raw);
  const found = await findClient(svc, raw.client_id);
  // Unknown client and wrong secret read the same (as at the token endpoint).
  const client = (() => {
    try {
      if (!found || found.authMethod === 'none') throw new Error('no');
      return authenticateClient(
        { method: found.authMethod, clientId: raw.client_id as string, secret: raw.client_secret as string },
        found,
      );
    } catch {
      throw invalidField('client_secret', 'client_id and client_secret do not name a confidential client');
    }
  })();
  if (!client.grantTypes.includes('credentials')) {
    throw invalidField('client_id', 'this client is not registered for the credentials grant');
  }
  const scope = formatScope(client.scope);
  const grantId = newGrantId();
  const now = nowMs();
  if (!(await svc.clientBindings.bind({ clientId: client.clientId, userId: principal.userId, scope, grantId }, now))) {
    throw new ConflictError('This client is already bound to a user; unbind it first', 'client_id');
  }
  const grant = await svc.grants.create(
    {
      grantId,
      userId: principal.userId,
      accountId: principal.accountId,
      clientId: client.clientId,
      scope,
      kind: 'credentials',
      withRefresh: false,
      ...(principal.retentionCapSeconds ? { retentionCapSeconds: principal.retentionCapSeconds } : {}),
    },
    now,
  );
  if (!grant) {
    await svc.clientBindings.unbind(client.clientId, principal.userId);
    throw new ConflictError('The binding could not be made; try again', 'client_id');
  }
  return {
    object: 'oauth.binding',
    client_id: client.clientId,
    client_name: client.clientName,
    user_id: principal.userId,
    scope,
    bound_at: Math.floor(now / 1000),
  };
}

/** `DELETE /api/console/oauth/bindings/{client_id}`: removes the user's binding and revokes its grant at once. */
export async function unbindClient(
  svc: Services,
  principal: UserPrincipal,
  clientId: string,
): Promise<{ object: 'oauth.binding'; client_id: string; deleted: true }> {
  const removed = await svc.clientBindings.unbind(clientId, principal.userId);
  if (!removed) throw new NotFoundError(`No binding of client ${clientId.slice(0, 64)} to you`, 'client_id');
  await svc.grants.revoke(removed.grantId, 'unbound', nowMs());
  return { object: 'oauth.binding', client_id: clientId, deleted: true };
}

import { nowMs } from '../../clock';
import { authenticateClient, parseClientCredentials } from '../../domain/oauth/client-authentication';
import { GRANT_TYPES, type GrantType, type RegisteredClient } from '../../domain/oauth/client-registration';
import { OAuthError } from '../../domain/oauth/oauth-error';
import { SCOPES, type Scope } from '../../domain/oauth/scopes';
import type { OAuthClient } from '../../ports/oauth-clients';
import type { Services } from '../container';

/**
 * A stored client (design 3.4) as the domain rules read it. Grant types and scopes HDS does not know (an item written
 * by a later version) are dropped rather than trusted.
 */
export function registeredClientOf(client: OAuthClient | null): RegisteredClient | null {
  if (!client) return null;
  const scopes = new Set(client.scope.split(' '));
  return {
    clientId: client.clientId,
    clientName: client.clientName,
    redirectUris: client.redirectUris,
    grantTypes: GRANT_TYPES.filter((g) => client.grantTypes.includes(g)),
    authMethod: client.authMethod,
    scope: SCOPES.filter((s): s is Scope => scopes.has(s)),
    ...(client.secretHash !== undefined ? { secretHash: client.secretHash } : {}),
  };
}

/** The registered client a lookup by id finds (null for unknown or revoked). */
export async function findClient(svc: Services, clientId: string): Promise<RegisteredClient | null> {
  return registeredClientOf(await svc.oauthClients.get(clientId));
}

/**
 * The token request's client, authenticated (design §7.2): Basic xor body credentials, the registered method, the
 * secret compared in constant time; then the grant type must be one the client registered (`unauthorized_client`).
 */
export async function authenticatedClient(
  svc: Services,
  request: { form: URLSearchParams; authorization?: string | undefined },
  grantType: GrantType,
): Promise<RegisteredClient> {
  const credentials = parseClientCredentials({ form: request.form, authorization: request.authorization });
  const client = authenticateClient(credentials, await findClient(svc, credentials.clientId));
  if (!client.grantTypes.includes(grantType)) {
    throw new OAuthError('unauthorized_client', `this client is not registered for the ${grantType} grant`);
  }
  return client;
}

/** Epoch seconds now, as the stores write them. */
export const nowSeconds = () => Math.floor(nowMs() / 1000);

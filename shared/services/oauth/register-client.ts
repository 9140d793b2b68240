import { nowMs } from '../../clock';
import {
  type ClientInformationResponse,
  clientInformationResponse,
  generateClientSecret,
  hashClientSecret,
  parseClientRegistration,
} from '../../domain/oauth/client-registration';
import { formatScope } from '../../domain/oauth/scopes';
import { addressKey, enforceKeyedLimit } from '../../http/rate-keys';
import type { Services } from '../container';
import { registeredClientOf } from './clients';

/** Registrations one client address may make per minute (design §6): registration is open to anyone. */
const REGISTRATIONS_PER_ADDRESS_PER_MINUTE = 5;

/**
 * `POST /oauth/register` (RFC 7591): validates the metadata, stores the client with only the hash of its secret, and
 * answers the client information once with the secret (a public `none` client gets none). `ownerAccountId` is the
 * account of the console session that registered it, if any, so deleting that account revokes the client.
 */
export async function registerClient(
  svc: Services,
  body: unknown,
  opts: { sourceIp?: string | undefined; ownerAccountId?: string | undefined },
): Promise<ClientInformationResponse> {
  await enforceKeyedLimit(
    svc,
    addressKey(opts.sourceIp),
    'register-client',
    REGISTRATIONS_PER_ADDRESS_PER_MINUTE,
    'client registrations per minute from this address',
  );
  const registration = parseClientRegistration(body);
  const secret = registration.authMethod === 'none' ? undefined : generateClientSecret();
  const stored = await svc.oauthClients.create(
    {
      clientName: registration.clientName,
      redirectUris: registration.redirectUris,
      grantTypes: registration.grantTypes,
      authMethod: registration.authMethod,
      scope: formatScope(registration.scope),
      ...(secret !== undefined ? { secretHash: hashClientSecret(secret) } : {}),
      ...(opts.ownerAccountId !== undefined ? { ownerAccountId: opts.ownerAccountId } : {}),
    },
    nowMs(),
  );
  return clientInformationResponse(registeredClientOf(stored)!, stored.createdAt, secret);
}

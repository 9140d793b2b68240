import { OAuthError } from '../../domain/oauth/oauth-error';
import type { Services } from '../container';
import type { TokenSet } from '../sign-in/token-set';
import { refreshGrant } from './refresh-grant';

export interface TokenRequest {
  form: URLSearchParams;
  /** The `Authorization` header, for `client_secret_basic`. */
  authorization?: string;
}

/** `POST /oauth/token` (RFC 6749 §3.2): one form-encoded request, dispatched on `grant_type`. */
export async function exchangeToken(svc: Services, request: TokenRequest): Promise<TokenSet> {
  const grantType = request.form.get('grant_type');
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  switch (grantType) {
    case 'refresh_token':
      return refreshGrant(svc, request.form, async () => {
        throw new OAuthError('invalid_client', 'Client authentication failed');
      });
    default:
      throw new OAuthError('unsupported_grant_type', `grant_type ${grantType} is not supported`);
  }
}

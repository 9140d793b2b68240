import { s256Challenge } from '../../domain/oauth/pkce';
import type { LinkStart, ProviderConfig } from './registry';

export interface ConsentRequest {
  /** The authorization endpoint's path under the configured `authUrl`: `/oauth/authorize`. */
  path: string;
  /** Asked for when the operator configured none. */
  defaultScopes: readonly string[];
  /** RFC 6749 §3.3 says spaces; Withings wants commas. */
  scopeSeparator: ' ' | ',';
  /** The PKCE verifier (RFC 7636), for a provider that takes its S256 challenge; the caller stashes it. */
  codeVerifier?: string;
}

/** The OAuth 2 authorization-code consent URL (RFC 6749 §4.1.1) the user is sent to for a link attempt. */
export function consentUrl(cfg: ProviderConfig, start: LinkStart, request: ConsentRequest): string {
  const url = new URL(`${cfg.authUrl}${request.path}`);
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: cfg.clientId,
    redirect_uri: start.redirectUri,
    scope: (cfg.scopes ?? request.defaultScopes).join(request.scopeSeparator),
    state: start.state,
  });
  if (request.codeVerifier !== undefined) {
    params.set('code_challenge', s256Challenge(request.codeVerifier));
    params.set('code_challenge_method', 'S256');
  }
  url.search = params.toString();
  return url.toString();
}

import {
  GRANT_TYPES,
  type GrantType,
  TOKEN_ENDPOINT_AUTH_METHODS,
  type TokenEndpointAuthMethod,
} from './client-registration';
import { OAuthError } from './oauth-error';
import { DELEGABLE_SCOPES, type Scope } from './scopes';

/** RFC 8414 §2 authorization server metadata, the members design §7.1 lists. */
export interface AuthorizationServerMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint: string;
  jwks_uri: string;
  response_types_supported: ['code'];
  grant_types_supported: GrantType[];
  code_challenge_methods_supported: ['S256'];
  token_endpoint_auth_methods_supported: TokenEndpointAuthMethod[];
  scopes_supported: Scope[];
  authorization_response_iss_parameter_supported: true;
}

/** The paths under the issuer (design §7). */
export const OAUTH_PATHS = {
  authorize: '/oauth2/authorize',
  token: '/oauth/token',
  register: '/oauth/register',
  jwks: '/.well-known/jwks.json',
  metadata: '/.well-known/oauth-authorization-server',
} as const;

/**
 * Checks the configured issuer (`HDS_ISSUER`, design §4) is an identifier RFC 8414 §2 accepts: an absolute `https`
 * URL (or `http` for a local runtime), no query, no fragment, and no trailing slash so `issuer + path` is one URL and
 * `iss` compares equal everywhere. Throws a plain `Error`: a wrong issuer is a deployment fault, not a client's.
 */
export function assertIssuer(issuer: string): void {
  const url = URL.canParse(issuer) ? new URL(issuer) : null;
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.search !== '' ||
    url.hash !== '' ||
    issuer.includes('?') ||
    issuer.includes('#') ||
    issuer.endsWith('/') ||
    url.username !== '' ||
    url.password !== ''
  ) {
    throw new Error(`HDS_ISSUER must be an absolute http(s) URL without query, fragment or trailing slash: ${issuer}`);
  }
}

/**
 * The metadata document served at `/.well-known/oauth-authorization-server` (RFC 8414 §3), exactly the members of
 * design §7.1: the authorization, token and registration endpoints (no revocation endpoint, §9) and `jwks_uri`;
 * `scopes_supported` omits the first-party `console`.
 */
export function authorizationServerMetadata(issuer: string): AuthorizationServerMetadata {
  assertIssuer(issuer);
  return {
    issuer,
    authorization_endpoint: issuer + OAUTH_PATHS.authorize,
    token_endpoint: issuer + OAUTH_PATHS.token,
    registration_endpoint: issuer + OAUTH_PATHS.register,
    jwks_uri: issuer + OAUTH_PATHS.jwks,
    response_types_supported: ['code'],
    grant_types_supported: [...GRANT_TYPES],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
    scopes_supported: [...DELEGABLE_SCOPES],
    authorization_response_iss_parameter_supported: true,
  };
}

/** Where MCP is served under the issuer; the protected resource RFC 9728 describes. */
export const MCP_PATH = '/mcp';
/** The protected-resource metadata of `/mcp` (RFC 9728 §3.1: the well-known path with the resource path inserted). */
export const MCP_RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;

/** RFC 9728 §2 protected-resource metadata, the members design §2.4 lists. */
export interface ProtectedResourceMetadata {
  resource: string;
  authorization_servers: string[];
  scopes_supported: Scope[];
  bearer_methods_supported: ['header'];
  resource_name: string;
  resource_documentation: string;
}

/**
 * The document an MCP client reads to find HDS's authorization server. `resource` is `<issuer>/mcp`: the MCP SDK
 * accepts it for any server URL it is a path prefix of (origin and path only), so every Subject's `/mcp?user=…`
 * shares it; clients send it back as RFC 8707 `resource`.
 */
export function protectedResourceMetadata(issuer: string): ProtectedResourceMetadata {
  assertIssuer(issuer);
  return {
    resource: issuer + MCP_PATH,
    authorization_servers: [issuer],
    scopes_supported: [...DELEGABLE_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'HDS health data (MCP)',
    resource_documentation: `${issuer}/v1/openapi.json`,
  };
}

/**
 * RFC 8707 resource indicators: the resources HDS issues tokens for are its MCP server (`<issuer>/mcp`, what the
 * protected-resource metadata names and MCP clients send) and the issuer itself. All share one audience, the issuer,
 * so a token is never narrowed to one of them; any other `resource` is refused `invalid_target` (RFC 8707 §2).
 */
export function assertResource(resource: string | undefined, issuer: string): void {
  if (resource === undefined || resource === '') return;
  const allowed = [issuer + MCP_PATH, issuer, `${issuer}/`];
  if (!allowed.includes(resource)) {
    throw new OAuthError('invalid_target', `resource must be ${issuer + MCP_PATH} (the MCP server) or the issuer`);
  }
}

import type { RouteAuth } from '../http/handler';

/** The scopes a user's access token may hold (OAuth authorize and credentials grants). */
export const OAUTH_SCOPES = {
  'mcp:read': "Read the user's own health data (MCP tools, user-token routes)",
  'mcp:write': "Write the user's own health data (uploads, MCP tools)",
} as const;

/** `components.securitySchemes`, one per kind of credential a manifest `auth` names. */
export function securitySchemes(baseUrl: string): Record<string, unknown> {
  return {
    apiKey: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'hds_live_…',
      description: 'An API key of the account (`Authorization: Bearer hds_live_…`), made in the console.',
    },
    consoleSession: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'The access token of an email sign-in (`POST /email/verify`), scope `console`.',
    },
    mcpOAuth: {
      type: 'oauth2',
      description:
        'A user access token for `/mcp` (MCP authorization): authorization code with PKCE (S256) after dynamic ' +
        'client registration; the challenge names the protected-resource metadata.',
      flows: {
        authorizationCode: {
          authorizationUrl: `${baseUrl}/oauth2/authorize`,
          tokenUrl: `${baseUrl}/oauth/token`,
          refreshUrl: `${baseUrl}/oauth/token`,
          scopes: OAUTH_SCOPES,
        },
      },
    },
    oauth2: {
      type: 'oauth2',
      description: 'A user access token: authorization code with PKCE (S256), or a bound client’s credentials.',
      flows: {
        authorizationCode: {
          authorizationUrl: `${baseUrl}/oauth2/authorize`,
          tokenUrl: `${baseUrl}/oauth/token`,
          refreshUrl: `${baseUrl}/oauth/token`,
          scopes: OAUTH_SCOPES,
        },
        clientCredentials: { tokenUrl: `${baseUrl}/oauth/token`, scopes: OAUTH_SCOPES },
      },
    },
  };
}

/** An operation's `security`: the scheme its `auth` names; `[]` says a public route needs none. */
export function securityOf(auth: RouteAuth, scopes: readonly string[] = []): Record<string, string[]>[] {
  switch (auth) {
    case 'api-key':
      return [{ apiKey: [] }];
    case 'session':
      return [{ consoleSession: [] }];
    case 'user-token':
      return [{ oauth2: [...scopes] }];
    // Either: a partner's key (with `?user=`), or a user's token holding `mcp:read` (writes need `mcp:write`).
    case 'mcp':
      return [{ apiKey: [] }, { mcpOAuth: ['mcp:read'] }];
    case 'none':
      return [];
  }
}

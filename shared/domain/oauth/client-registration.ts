import * as z from 'zod/mini';
import { OAuthError } from './oauth-error';
import { MAX_REDIRECT_URIS, redirectUriProblem } from './redirect-uris';
import { DEFAULT_CLIENT_SCOPE, formatScope, parseScope, SCOPE_CATALOGUE, type Scope } from './scopes';
import { matchesHash, randomBase62, sha256Base64url } from './secrets';

/** Grant types a registered client may hold (design §7.1). */
export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'credentials'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/** Token endpoint authentication methods (design §7.1, RFC 7591 §2). */
export const TOKEN_ENDPOINT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;
export type TokenEndpointAuthMethod = (typeof TOKEN_ENDPOINT_AUTH_METHODS)[number];

export const CLIENT_ID_PREFIX = 'hdsc_';
export const CLIENT_SECRET_PREFIX = 'hdss_';
export const MAX_CLIENT_NAME_CHARS = 100;

/** Controls and bidirectional overrides: a consent page must show the name the way it reads. */
const UNSHOWABLE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

const nullishArray = <T extends z.ZodMiniType>(item: T, what: string) =>
  z.nullish(
    z
      .array(item, { error: `must be an array of ${what}` })
      .check(z.minLength(1, 'must not be empty'), z.maxLength(10, 'must hold at most 10 values')),
  );

/**
 * An RFC 7591 §2 registration request as HDS accepts it (design §7.1). Members HDS does not use are dropped, as
 * RFC 7591 §2 allows ("the authorization server MUST ignore any client metadata sent by the client that it does not
 * understand"); `null` counts as absent for the optional members. Cross-field rules:
 * - `none` (a public client) gets no secret and may not hold `credentials` (that grant is its secret);
 * - `refresh_token` needs `authorization_code`: HDS issues refresh tokens to registered clients only from a code (the
 *   credentials grant returns none, RFC 6749 §4.4.3), so alone it could never be used;
 * - `response_types`, when sent, may only be `["code"]`;
 * - `scope` parses as RFC 6749 §3.3 and may not name `console` (first-party only, design §1).
 * PKCE for `none` clients is enforced at authorization time, where the challenge is.
 */
export const ClientRegistrationRequestSchema = z
  .object(
    {
      client_name: z.string({ error: 'must be a string' }).check(
        z.normalize('NFC'),
        z.trim(),
        z.minLength(1, 'must not be empty'),
        z.maxLength(MAX_CLIENT_NAME_CHARS, `must be at most ${MAX_CLIENT_NAME_CHARS} characters`),
        z.refine((s) => !UNSHOWABLE.test(s), 'must not contain control or bidirectional-override characters'),
      ),
      redirect_uris: z.array(z.unknown(), { error: 'must be an array of URIs' }).check(
        z.minLength(1, 'must hold at least one URI'),
        z.maxLength(MAX_REDIRECT_URIS, `must hold at most ${MAX_REDIRECT_URIS} URIs`),
        z.superRefine((uris, ctx) => {
          uris.forEach((uri, i) => {
            const problem = redirectUriProblem(uri);
            if (problem) ctx.issues.push({ code: 'custom', path: [i], message: problem, input: uri });
          });
        }),
      ),
      grant_types: nullishArray(
        z.enum(GRANT_TYPES, { error: `must each be one of ${GRANT_TYPES.join(', ')}` }),
        'grant type names',
      ),
      token_endpoint_auth_method: z.nullish(
        z.enum(TOKEN_ENDPOINT_AUTH_METHODS, { error: `must be one of ${TOKEN_ENDPOINT_AUTH_METHODS.join(', ')}` }),
      ),
      response_types: nullishArray(z.literal('code', { error: 'may only be code' }), 'response type names'),
      scope: z.nullish(z.string({ error: 'must be a string of space-separated scopes' })),
    },
    { error: 'must be a JSON object' },
  )
  .check(
    z.superRefine((req, ctx) => {
      const grants = req.grant_types ?? ['authorization_code'];
      if (grants.includes('refresh_token') && !grants.includes('authorization_code')) {
        ctx.issues.push({
          code: 'custom',
          path: ['grant_types'],
          message: 'must include authorization_code when it includes refresh_token',
          input: req.grant_types,
        });
      }
      if (req.token_endpoint_auth_method === 'none' && grants.includes('credentials')) {
        ctx.issues.push({
          code: 'custom',
          path: ['grant_types'],
          message: 'must not include credentials when token_endpoint_auth_method is none',
          input: req.grant_types,
        });
      }
      if (req.scope !== undefined && req.scope !== null) {
        try {
          const scopes = parseScope(req.scope);
          const reserved = scopes.find((s) => SCOPE_CATALOGUE[s].firstPartyOnly);
          if (reserved) {
            ctx.issues.push({
              code: 'custom',
              path: ['scope'],
              message: `must not include ${reserved}`,
              input: req.scope,
            });
          }
        } catch (e) {
          const why = e instanceof OAuthError ? `is invalid: ${e.description}` : 'is invalid';
          ctx.issues.push({ code: 'custom', path: ['scope'], message: why, input: req.scope });
        }
      }
    }),
  );

export type ClientRegistrationRequest = z.infer<typeof ClientRegistrationRequestSchema>;

/** A registration request after validation and defaults: what the client item (design 3.4) is built from. */
export interface ClientRegistration {
  clientName: string;
  redirectUris: string[];
  grantTypes: GrantType[];
  authMethod: TokenEndpointAuthMethod;
  scope: Scope[];
}

/** A stored client as the authorize and token logic need it (design 3.4). */
export interface RegisteredClient {
  clientId: string;
  clientName: string;
  redirectUris: readonly string[];
  grantTypes: readonly GrantType[];
  authMethod: TokenEndpointAuthMethod;
  scope: readonly Scope[];
  /** SHA-256 (base64url) of the secret; absent for `none`. */
  secretHash?: string;
  /** Set once the client is revoked; such a client is treated as unknown. */
  revokedAt?: string | number;
}

/**
 * Validates a registration body and applies the defaults (`grant_types` `["authorization_code"]`,
 * `token_endpoint_auth_method` `client_secret_basic`, `scope` `mcp:read mcp:write`). Throws the RFC 7591 §3.2.2
 * error of the first violation (see {@link registrationErrorOf}).
 */
export function parseClientRegistration(body: unknown): ClientRegistration {
  const result = z.safeParse(ClientRegistrationRequestSchema, body);
  if (!result.success) throw registrationErrorOf(result.error.issues, body);
  const req = result.data;
  return {
    clientName: req.client_name,
    redirectUris: [...new Set(req.redirect_uris as string[])],
    grantTypes: GRANT_TYPES.filter((g) => (req.grant_types ?? ['authorization_code']).includes(g)),
    authMethod: req.token_endpoint_auth_method ?? 'client_secret_basic',
    scope: req.scope ? parseScope(req.scope) : [...DEFAULT_CLIENT_SCOPE],
  };
}

/**
 * The RFC 7591 §3.2.2 error for the first violation: `invalid_redirect_uri` when it lies under `redirect_uris`,
 * `invalid_client_metadata` otherwise, with a description naming the field (`redirect_uris[2] must not contain a
 * fragment`). `body` is the request as received, used to tell a missing member from a wrong one.
 */
export function registrationErrorOf(issues: readonly z.core.$ZodIssue[], body: unknown): OAuthError {
  const issue = issues[0];
  if (!issue) return new OAuthError('invalid_client_metadata', 'the registration request is invalid');
  const field = formatPath(issue.path);
  const code = issue.path[0] === 'redirect_uris' ? 'invalid_redirect_uri' : 'invalid_client_metadata';
  if (field === '') return new OAuthError(code, 'the registration request must be a JSON object');
  const missing = issue.code === 'invalid_type' && valueAt(body, issue.path) === undefined;
  const message = missing
    ? 'is required'
    : issue.message && issue.message !== 'Invalid input'
      ? issue.message
      : 'is invalid';
  return new OAuthError(code, `${field} ${message}`);
}

/** RFC 7591 §3.2.1 client information response (design §7.1), the 201 body of `/oauth/register`. */
export interface ClientInformationResponse {
  client_id: string;
  client_secret?: string;
  client_id_issued_at: number;
  client_secret_expires_at: 0;
  client_name: string;
  redirect_uris: string[];
  grant_types: GrantType[];
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  response_types: 'code'[];
  scope: string;
}

/**
 * The registration response. `secret` is shown here once and never again (only its hash is stored). `response_types`
 * is `["code"]` when the client may use the authorization endpoint and `[]` otherwise (RFC 7591 §2.1 keeps the two
 * lists consistent).
 */
export function clientInformationResponse(
  client: Pick<RegisteredClient, 'clientId' | 'clientName' | 'redirectUris' | 'grantTypes' | 'authMethod' | 'scope'>,
  issuedAtSeconds: number,
  secret?: string,
): ClientInformationResponse {
  return {
    client_id: client.clientId,
    ...(secret === undefined ? {} : { client_secret: secret }),
    client_id_issued_at: issuedAtSeconds,
    client_secret_expires_at: 0,
    client_name: client.clientName,
    redirect_uris: [...client.redirectUris],
    grant_types: [...client.grantTypes],
    token_endpoint_auth_method: client.authMethod,
    response_types: client.grantTypes.includes('authorization_code') ? ['code'] : [],
    scope: formatScope(client.scope),
  };
}

/** A new client id: `hdsc_` and 22 base62 characters (≈ 131 bits). */
export function generateClientId(): string {
  return CLIENT_ID_PREFIX + randomBase62(22);
}

/** Whether `value` has the form of a registered client id (the built-in `hds-console` has not). */
export function isRegisteredClientId(value: unknown): value is string {
  return typeof value === 'string' && /^hdsc_[0-9A-Za-z]{22}$/.test(value);
}

/** A new client secret: `hdss_` and 40 base62 characters (≈ 238 bits). */
export function generateClientSecret(): string {
  return CLIENT_SECRET_PREFIX + randomBase62(40);
}

/**
 * SHA-256 of a secret, base64url. Secrets are random and long, like API keys, so a fast hash is enough: a stolen table
 * cannot be turned back into a working secret (design §7.1).
 */
export function hashClientSecret(secret: string): string {
  return sha256Base64url(secret);
}

/** Whether `secret` is the one whose hash is stored, compared with `timingSafeEqual`. */
export function clientSecretMatches(secret: string | null | undefined, secretHash: string | undefined): boolean {
  return secretHash !== undefined && matchesHash(secret, secretHash);
}

/**
 * Id, and for a confidential client secret and hash, for a new registration. `none` gets no secret (design §7.1).
 */
export function newClientCredentials(authMethod: TokenEndpointAuthMethod): {
  clientId: string;
  secret?: string;
  secretHash?: string;
} {
  const clientId = generateClientId();
  if (authMethod === 'none') return { clientId };
  const secret = generateClientSecret();
  return { clientId, secret, secretHash: hashClientSecret(secret) };
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${String(part)}` : String(part);
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let at = root;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/** How a client authenticates at the token endpoint (RFC 7591 `token_endpoint_auth_method`). */
export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

/** A registered OAuth client (design 3.4). Times are epoch seconds. */
export interface OAuthClient {
  /** `hdsc_` and 22 base62 characters. */
  clientId: string;
  /** SHA-256 of the secret; absent for a public client (`none`). */
  secretHash?: string;
  clientName: string;
  redirectUris: string[];
  grantTypes: string[];
  authMethod: ClientAuthMethod;
  /** Space-separated scopes the client may ask for. */
  scope: string;
  /** The account of the session that registered it, so deleting that account revokes the client. */
  ownerAccountId?: string;
  createdAt: number;
}

/** A client as registered, before it has an id. */
export type NewOAuthClient = Omit<OAuthClient, 'clientId' | 'createdAt'>;

/** Registered OAuth clients, and which account owns which. */
export interface OAuthClients {
  /** Stores a client under a new random id. */
  create(client: NewOAuthClient, nowMs: number): Promise<OAuthClient>;
  /** The client, or null when unknown or revoked: a revoked client is no client at all. */
  get(clientId: string): Promise<OAuthClient | null>;
  /** Marks the client revoked (idempotent); false when there is no such client. */
  revoke(clientId: string, nowMs: number): Promise<boolean>;
  /** Ids of the clients an account registered, revoked ones included, for the account-deletion worker. */
  listOwnedBy(accountId: string): Promise<string[]>;
}

/**
 * A client bound to one user for the `credentials` grant (design 3.8b): the token's `sub` is that user. Made by a
 * signed-in user who also presents the client's secret, so neither side alone can bind.
 */
export interface ClientBinding {
  clientId: string;
  userId: number;
  scope: string;
  /** The `credentials` grant every token of this binding names; unbinding revokes it. */
  grantId: string;
  /** Epoch seconds. */
  boundAt: number;
}

/** Bindings of clients to users, at most one user per client. */
export interface ClientBindings {
  /** Binds the client to the user; false when the client is bound already (to anyone, this user included). */
  bind(binding: Omit<ClientBinding, 'boundAt'>, nowMs: number): Promise<boolean>;
  /** Null when the client is not bound or the id is malformed. */
  get(clientId: string): Promise<ClientBinding | null>;
  /** The clients bound to the user, for the account-deletion worker. */
  listForUser(userId: number): Promise<string[]>;
  /** Removes the binding if it is this user's and answers it (the caller revokes its grant); null otherwise. */
  unbind(clientId: string, userId: number): Promise<ClientBinding | null>;
}

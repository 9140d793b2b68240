import { OAuthError } from './oauth-error';

/** Every scope HDS knows, in the order it is written and shown (design §1). */
export const SCOPES = ['mcp:read', 'mcp:write', 'console'] as const;
export type Scope = (typeof SCOPES)[number];

export interface ScopeInfo {
  /** One full sentence for the consent page, readable on its own. */
  description: string;
  /** First-party only: no registered client may hold or ask for it (design §1). */
  firstPartyOnly: boolean;
}

/** The scope catalogue: what each scope lets its holder do, in the words the consent page shows. */
export const SCOPE_CATALOGUE: Readonly<Record<Scope, ScopeInfo>> = {
  'mcp:read': {
    description: 'Read your health data: records, files, conversations and what HDS has learned from them.',
    firstPartyOnly: false,
  },
  'mcp:write': {
    description: 'Add to your health data: write records and upload files on your behalf.',
    firstPartyOnly: false,
  },
  console: {
    description: 'Manage your HDS account: API keys, usage and account settings.',
    firstPartyOnly: true,
  },
};

/** The scopes a registered (third-party) client may hold: `scopes_supported` in the metadata. */
export const DELEGABLE_SCOPES: readonly Scope[] = SCOPES.filter((s) => !SCOPE_CATALOGUE[s].firstPartyOnly);

/** A client registered without `scope` gets this, and an authorize request without `scope` gets the client's (§9). */
export const DEFAULT_CLIENT_SCOPE: readonly Scope[] = ['mcp:read', 'mcp:write'];

/** The console's own client: email sign-in issues its tokens, and no registered client can be it. */
export const CONSOLE_CLIENT_ID = 'hds-console';

/** What an email-login (console) session carries (design §1). */
export const CONSOLE_SESSION_SCOPE: readonly Scope[] = ['console', 'mcp:read', 'mcp:write'];

/** RFC 6749 §3.3: scope-token = 1*NQCHAR, NQCHAR = %x21 / %x23-5B / %x5D-7E. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
/** Far above any honest request (three known tokens); bounds the work on hostile input. */
const MAX_SCOPE_CHARS = 1000;

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}

/**
 * Parses a `scope` value (RFC 6749 §3.3): scope tokens separated by single spaces. Duplicates collapse; the result is
 * in catalogue order. Throws `invalid_scope` for bad syntax, an empty value or an unknown token (the token is named
 * only when it is NQCHAR text, so the description stays safe to echo).
 */
export function parseScope(raw: unknown): Scope[] {
  if (typeof raw !== 'string') throw new OAuthError('invalid_scope', 'scope must be a string');
  if (raw.length === 0) throw new OAuthError('invalid_scope', 'scope must not be empty');
  if (raw.length > MAX_SCOPE_CHARS)
    throw new OAuthError('invalid_scope', `scope exceeds ${MAX_SCOPE_CHARS} characters`);
  const found = new Set<Scope>();
  for (const token of raw.split(' ')) {
    if (!SCOPE_TOKEN.test(token)) {
      throw new OAuthError('invalid_scope', 'scope must be scope tokens separated by single spaces (RFC 6749 3.3)');
    }
    if (!isScope(token)) throw new OAuthError('invalid_scope', `unknown scope ${token.slice(0, 40)}`);
    found.add(token);
  }
  return SCOPES.filter((s) => found.has(s));
}

/** The wire form: tokens in catalogue order, deduplicated, separated by one space. */
export function formatScope(scopes: Iterable<Scope>): string {
  const set = new Set(scopes);
  return SCOPES.filter((s) => set.has(s)).join(' ');
}

/** Whether every scope in `requested` is in `granted`. */
export function isSubset(requested: Iterable<Scope>, granted: Iterable<Scope>): boolean {
  const allowed = new Set(granted);
  for (const s of requested) if (!allowed.has(s)) return false;
  return true;
}

/** Throws `invalid_scope` when a first-party-only scope (`console`) is among `scopes`. */
export function assertDelegable(scopes: Iterable<Scope>): void {
  for (const s of scopes) {
    if (SCOPE_CATALOGUE[s].firstPartyOnly) {
      throw new OAuthError('invalid_scope', `scope ${s} is reserved for HDS's own console`);
    }
  }
}

/**
 * The scope a third-party client's authorization request asks for (RFC 6749 §3.3): absent or empty → the client's
 * registered scope (the documented default, design §9); otherwise it must parse, hold no first-party scope, and lie
 * within the client's scope. Throws `invalid_scope`.
 */
export function resolveRequestedScope(raw: string | undefined, clientScope: readonly Scope[]): Scope[] {
  if (raw === undefined || raw === '') {
    const scopes = SCOPES.filter((s) => clientScope.includes(s));
    assertDelegable(scopes);
    if (scopes.length === 0) throw new OAuthError('invalid_scope', 'the client has no scope to grant');
    return scopes;
  }
  const scopes = parseScope(raw);
  assertDelegable(scopes);
  if (!isSubset(scopes, clientScope)) {
    throw new OAuthError('invalid_scope', 'scope exceeds what the client registered');
  }
  return scopes;
}

import { invalidField } from '../errors';
import type { Subject } from '../ports/subject-directory';
import type { Services } from '../services/container';
import type { ApiKeyPrincipal, UserPrincipal } from './principal';
import type { HttpRequest } from './request';

/** The Subject key an account writes to when a request carries no `user`. */
export const DEFAULT_SUBJECT_KEY = 'default';
const MAX_SUBJECT_KEY_LENGTH = 256;

/**
 * The Subject key (the wire's `user`) is the tenant-isolation key: put in Unicode NFC, trimmed and lower-cased, so
 * differing letter case (and differing encodings of one accented letter) reach the same Subject; absent means the
 * account's default Subject. A character outside ASCII that NFC or lower-casing would turn into ASCII (the Kelvin
 * sign U+212A becomes `k`, the dotted capital I U+0130 becomes `i̇`) is refused: it must never reach another person's
 * ASCII key.
 */
export function normalizeSubjectKey(raw: unknown, param = 'user'): string {
  if (raw === undefined || raw === null) return DEFAULT_SUBJECT_KEY;
  if (typeof raw !== 'string') throw invalidField(param, `${param} must be a string`);
  const trimmed = raw.trim();
  for (const ch of trimmed) {
    if (!isAscii(ch) && [...ch.normalize('NFC').toLowerCase()].some(isAscii)) {
      throw invalidField(
        param,
        `${param} contains U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}, which would fold into an ASCII letter; send the ASCII letter itself`,
      );
    }
  }
  const key = trimmed.normalize('NFC').toLowerCase();
  if (key === '') throw invalidField(param, `${param} must not be empty; omit it to use the default Subject`);
  if (key.length > MAX_SUBJECT_KEY_LENGTH)
    throw invalidField(param, `${param} must be at most ${MAX_SUBJECT_KEY_LENGTH} characters`);
  return key;
}

function isAscii(ch: string): boolean {
  return ch.codePointAt(0)! < 0x80;
}

/**
 * The request's Subject key, from where the wire field `user` sits on each kind of request: the JSON body of a POST,
 * the query string of a GET or DELETE (multipart form fields are read by the upload routes and passed in as `body`).
 */
export function subjectKeyOf(req: HttpRequest, body: unknown): string {
  if (req.method === 'POST') {
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>).user : undefined;
    return normalizeSubjectKey(value);
  }
  return normalizeSubjectKey(req.query.user);
}

/**
 * The Subject a person's access token reaches: their own data, the account's default Subject. `user`, when sent, may
 * only name that one; another key is refused rather than ignored, so no client reads `default` believing it reads bob.
 */
export function ownSubjectKey(raw: unknown, param = 'user'): string {
  const key = normalizeSubjectKey(raw, param);
  if (key !== DEFAULT_SUBJECT_KEY) {
    throw invalidField(
      param,
      `An access token reaches its own user's data only: leave out \`${param}\` (or send \`default\`)`,
    );
  }
  return key;
}

/**
 * The Subject key of an `/mcp` request: a partner's API key reaches the Subject its `?user=` names (normalized as on
 * `/v1`; absent → the default Subject), so a partner hands each Subject its own endpoint. A user's access token reaches
 * only the user's own data: any other `user` is refused as a bad parameter, not a scope problem a client would try to
 * step up from.
 */
export function mcpSubjectKey(principal: ApiKeyPrincipal | UserPrincipal, user: string | undefined): string {
  return principal.kind === 'api-key' ? normalizeSubjectKey(user) : ownSubjectKey(user);
}

/**
 * Tenancy, enforced here and only here: a route reaches data solely through the Subject this returns,
 * and the account in it is always the authenticated caller's, never one named by the request.
 */
export class Tenancy {
  constructor(
    private readonly caller: { accountId: string },
    private readonly services: Services,
  ) {}

  get accountId(): string {
    return this.caller.accountId;
  }

  /** The caller's Subject for `subjectKey`, or null when none exists yet or its erase began (reads never mint one). */
  async find(subjectKey: string): Promise<Subject | null> {
    const subject = await this.services.subjects.find(this.caller.accountId, subjectKey);
    return subject?.erasing ? null : subject;
  }

  /** The same, including a Subject whose erase began and never finished: for the erase, so a retry completes it. */
  findToErase(subjectKey: string): Promise<Subject | null> {
    return this.services.subjects.find(this.caller.accountId, subjectKey);
  }

  /** The caller's Subject for `subjectKey`, minted on first use (writes). */
  findOrCreate(subjectKey: string): Promise<Subject> {
    return this.services.subjects.findOrCreate(this.caller.accountId, subjectKey);
  }
}

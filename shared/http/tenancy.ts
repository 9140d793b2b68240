import type { Subject } from '../ports/subject-directory';
import type { Services } from '../services/container';
import { invalidField } from './errors';
import type { Caller } from './middleware';
import type { HttpRequest } from './request';

/** The Subject an account writes to when a request carries no `user`. */
export const DEFAULT_USER = 'default';
const MAX_USER_LENGTH = 256;

/**
 * `user` is the tenant-isolation key: put in Unicode NFC, trimmed and lower-cased, so differing letter case (and
 * differing encodings of one accented letter) reach the same Subject; absent means the account's default Subject.
 * A character outside ASCII that NFC or lower-casing would turn into ASCII (the Kelvin sign U+212A becomes `k`,
 * the dotted capital I U+0130 becomes `i̇`) is refused: it must never reach another person's ASCII `user`.
 */
export function normalizeUser(raw: unknown, param = 'user'): string {
  if (raw === undefined || raw === null) return DEFAULT_USER;
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
  const user = trimmed.normalize('NFC').toLowerCase();
  if (user === '') throw invalidField(param, `${param} must not be empty; omit it to use the default Subject`);
  if (user.length > MAX_USER_LENGTH)
    throw invalidField(param, `${param} must be at most ${MAX_USER_LENGTH} characters`);
  return user;
}

function isAscii(ch: string): boolean {
  return ch.codePointAt(0)! < 0x80;
}

/**
 * Where `user` sits on each kind of request: the JSON body of a POST, the query string of a GET or
 * DELETE (multipart form fields are read by the upload routes and passed in as `body`).
 */
export function userOf(req: HttpRequest, body: unknown): string {
  if (req.method === 'POST') {
    const value = body && typeof body === 'object' ? (body as Record<string, unknown>).user : undefined;
    return normalizeUser(value);
  }
  return normalizeUser(req.query.user);
}

/**
 * Tenancy, enforced here and only here: a route reaches data solely through the Subject this returns,
 * and the account in it is always the authenticated caller's, never one named by the request.
 */
export class Tenancy {
  constructor(
    private readonly caller: Caller,
    private readonly services: Services,
  ) {}

  get accountId(): string {
    return this.caller.accountId;
  }

  /** The caller's Subject for `user`, or null when none exists yet or its erase began (reads never mint one). */
  async find(user: string): Promise<Subject | null> {
    const subject = await this.services.subjects.find(this.caller.accountId, user);
    return subject?.erasing ? null : subject;
  }

  /** The same, including a Subject whose erase began and never finished: for the erase, so a retry completes it. */
  findToErase(user: string): Promise<Subject | null> {
    return this.services.subjects.find(this.caller.accountId, user);
  }

  /** The caller's Subject for `user`, minted on first use (writes). */
  findOrCreate(user: string): Promise<Subject> {
    return this.services.subjects.findOrCreate(this.caller.accountId, user);
  }
}

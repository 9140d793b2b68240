import { nowMs } from '../clock';
import { toWire } from '../domain/records';
import { invalidField } from '../errors';
import type { Subject } from '../ports/subject-directory';
import type { Services } from './container';

/** Read page size (spec, Limits). */
export const MAX_READINGS_LIMIT = 1000;
export const DEFAULT_READINGS_LIMIT = 100;
/**
 * DynamoDB has no offset: every row before the page is read to skip it. Deeper than this, a page is asked for by
 * `cursor` (the previous page's `next_cursor`), which costs the same at any depth.
 */
export const MAX_READINGS_OFFSET = 10_000;

export interface ReadingsPageQuery {
  limit: number;
  offset: number;
  /** Where the page starts (`readingsPosition`), newest first; absent: at the newest reading. */
  after?: string;
  /** Case-insensitive substring of the indicator as written or of its canonical name. */
  indicator?: string;
}

/**
 * The position a page starts after, from the request's `offset` and `cursor` (a `next_cursor` this API returned):
 * 400 naming the one that is out of bounds or not ours.
 */
export function readingsPosition(query: { offset: number; cursor?: string }): string | undefined {
  if (query.offset > MAX_READINGS_OFFSET) {
    throw invalidField(
      'offset',
      `offset must be at most ${MAX_READINGS_OFFSET}; page deeper with cursor, the next_cursor of the page before`,
    );
  }
  if (query.cursor === undefined) return undefined;
  const after = decodeReadingsCursor(query.cursor);
  if (after === null) throw invalidField('cursor', 'cursor is not a next_cursor this API returned');
  return after;
}

/**
 * A page of a Subject's unexpired readings, newest first, as `GET /v1/data` and the console's readings table show it.
 * A Subject that does not exist has no readings.
 */
export async function readingsPage(
  services: Services,
  subject: Subject | null,
  subjectKey: string,
  query: ReadingsPageQuery,
) {
  const { limit, offset, after } = query;
  const indicator = query.indicator?.trim() || undefined;
  const page = subject
    ? await services.records.list(subject.subjectId, { indicator, limit, offset, after, nowMs: nowMs() })
    : { records: [], hasMore: false };
  return {
    object: 'list' as const,
    data: page.records.map(toWire),
    has_more: page.hasMore,
    ...(page.next ? { next_cursor: encodeReadingsCursor(page.next) } : {}),
    limit,
    offset,
    subject: subjectKey,
  };
}

/** A position in a Subject's time order (`<UTC ISO time>#<row id>`), opaque to the client. */
const POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z#\d{12}$/;

function encodeReadingsCursor(position: string): string {
  return Buffer.from(position).toString('base64url');
}

/** The position a `next_cursor` stands for, or null when it is not one this API made. */
export function decodeReadingsCursor(raw: string): string | null {
  const position = Buffer.from(raw, 'base64url').toString('utf8');
  return POSITION.test(position) ? position : null;
}

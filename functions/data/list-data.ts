import { nowMs } from '../../shared/clock';
import { toWire } from '../../shared/domain/records';
import { invalidField } from '../../shared/errors';
import { parseDocumented, presentParams } from '../../shared/http/documented';
import { apiKeyRoute } from '../../shared/http/handler';
import type { HttpRequest } from '../../shared/http/request';
import { subjectKeyOf } from '../../shared/http/tenancy';
import { intParam } from '../../shared/http/validation';
import { httpRoute } from '../routes';
import { DEFAULT_LIMIT, ListDataQuerySchema, MAX_LIMIT, MAX_OFFSET } from './list-data.schema';

/** GET /v1/data: a page of the Subject's unexpired readings, newest first. */
export const handler = apiKeyRoute(httpRoute('list-data'), {}, async ({ req, services, tenancy }) => {
  const { subjectKey, limit, offset, after, indicator } = parseDocumented(
    ListDataQuerySchema,
    presentParams(req.query),
    () => pageParams(req),
  );
  const subject = await tenancy.find(subjectKey);
  const page = subject
    ? await services.records.list(subject.subjectId, { indicator, limit, offset, after, nowMs: nowMs() })
    : { records: [], hasMore: false };
  return {
    body: {
      object: 'list',
      data: page.records.map(toWire),
      has_more: page.hasMore,
      ...(page.next ? { next_cursor: encodeCursor(page.next) } : {}),
      limit,
      offset,
      subject: subjectKey,
    },
  };
});

function pageParams(req: HttpRequest) {
  const subjectKey = subjectKeyOf(req, undefined);
  const limit = intParam(req.query.limit, 'limit', 1, MAX_LIMIT, DEFAULT_LIMIT);
  const offset = intParam(req.query.offset, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
  if (offset > MAX_OFFSET) {
    throw invalidField(
      'offset',
      `offset must be at most ${MAX_OFFSET}; page deeper with cursor, the next_cursor of the page before`,
    );
  }
  const after = req.query.cursor === undefined ? undefined : decodeCursor(req.query.cursor);
  return { subjectKey, limit, offset, after, indicator: req.query.indicator?.trim() || undefined };
}

/** A position in a Subject's time order (`<UTC ISO time>#<row id>`), opaque to the client. */
const POSITION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z#\d{12}$/;

function encodeCursor(position: string): string {
  return Buffer.from(position).toString('base64url');
}

function decodeCursor(raw: string): string {
  const position = Buffer.from(raw, 'base64url').toString('utf8');
  if (!POSITION.test(position)) throw invalidField('cursor', 'cursor is not a next_cursor this API returned');
  return position;
}

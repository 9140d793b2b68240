import { nowMs } from '../../shared/clock';
import { toWire } from '../../shared/domain/records';
import { apiKeyRoute } from '../../shared/http/handler';
import { userOf } from '../../shared/http/tenancy';
import { intParam } from '../../shared/http/validation';

/** Read page size (spec, Limits). */
const MAX_LIMIT = 1000;
const DEFAULT_LIMIT = 100;
const MAX_OFFSET = 1_000_000;

/** GET /v1/data: a page of the Subject's unexpired readings, newest first. */
export const handler = apiKeyRoute('list-data', async ({ req, services, tenancy }) => {
  const user = userOf(req, undefined);
  const limit = intParam(req.query.limit, 'limit', 1, MAX_LIMIT, DEFAULT_LIMIT);
  const offset = intParam(req.query.offset, 'offset', 0, MAX_OFFSET, 0);
  const indicator = req.query.indicator?.trim() || undefined;
  const subject = await tenancy.find(user);
  const page = subject
    ? await services.records.list(subject.subjectId, { indicator, limit, offset, nowMs: nowMs() })
    : { records: [], hasMore: false };
  return {
    body: {
      object: 'list',
      data: page.records.map(toWire),
      has_more: page.hasMore,
      limit,
      offset,
      subject: user,
    },
  };
});

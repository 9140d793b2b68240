import * as z from 'zod/mini';
import { parseTimestamp } from '../domain/timestamps';
import { invalidField } from '../errors';
import { decodeReadingsCursor, MAX_READINGS_LIMIT, MAX_READINGS_OFFSET } from '../services/readings';
import { sessionIdParam } from './retention-params';
import { normalizeSubjectKey } from './tenancy';

/**
 * zod schemas for query and path parameters, which arrive as strings. Each refuses with the house error (400
 * `invalid_<param>`, `param` naming it) through `parseWith`, and each converts to JSON Schema on its input side for the
 * OpenAPI document (a transform only shapes the parsed value).
 */

/** An integer from `min` to `max`, written in decimal digits. */
export function intQuery(min: number, max: number) {
  return z.pipe(
    z
      .string()
      .check(
        z.refine(
          (s) => /^-?\d+$/.test(s.trim()) && Number.isSafeInteger(Number(s)) && Number(s) >= min && Number(s) <= max,
          { message: `must be an integer from ${min} to ${max}` },
        ),
      ),
    z.transform((s) => Number(s)),
  );
}

/**
 * A Subject key that must be given (the console names a Subject explicitly, where `/v1` falls back to `default`), put
 * in the form tenancy looks it up by (`normalizeSubjectKey`).
 */
export function subjectKeyParam(param = 'user') {
  return z.pipe(
    z.string().check(z.maxLength(1024)),
    z.transform((raw) => {
      if (raw.trim() === '') throw invalidField(param, `${param} must name a Subject`);
      return normalizeSubjectKey(raw, param);
    }),
  );
}

/** A `session_id` as writes accept it (printable, at most 256 characters); refused as `invalid_session`. */
export const sessionIdPathParam = z.pipe(
  z.string(),
  z.transform((raw) => sessionIdParam(raw)!),
);

/** An instant in ISO 8601 (a bare date is its midnight UTC), as UTC. */
export const timestampQuery = z.pipe(
  z.string().check(
    z.refine((s) => parseTimestamp(s) !== null, {
      message: 'must be an ISO 8601 timestamp such as 2026-06-16T07:30:00Z (a real date between 1900 and 2099)',
    }),
  ),
  z.transform((s) => parseTimestamp(s)!),
);

/** A UTC calendar day, `YYYY-MM-DD`. */
export const utcDateQuery = z
  .string()
  .check(z.refine(isUtcDate, { message: 'must be a UTC date written YYYY-MM-DD, such as 2026-11-21' }));

/** `YYYY-MM-DD` naming a day that exists (not 2026-02-30). */
function isUtcDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().startsWith(s);
}

/**
 * `GET /v1/data`'s paging, for the routes born with a query schema that page readings the same way (the console's
 * readings table, the engine's `GET /api/v1/data/health/data`): `limit`, `offset`, `cursor`, `indicator`.
 */
export const readingsPageQueryShape = {
  limit: z.optional(intQuery(1, MAX_READINGS_LIMIT)),
  offset: z.optional(intQuery(0, MAX_READINGS_OFFSET)),
  cursor: z.optional(
    z
      .string()
      .check(z.refine((s) => decodeReadingsCursor(s) !== null, { message: 'is not a next_cursor this API returned' })),
  ),
  indicator: z.optional(z.string().check(z.maxLength(256))),
};

import * as z from 'zod/mini';
import { SubjectQuerySchema } from '../openapi/wire/common';
import type { HttpRequest } from './request';
import { subjectKeyOf } from './tenancy';
import { parseWith } from './validation';

/**
 * A request checked by the route's own checks and then by its documented schema (the one the OpenAPI document
 * shows). The route's checks run first, so every refusal they make keeps the `code`, `param` and wording clients
 * already rely on; the schema then refuses whatever they let through that the document does not allow, worded as
 * `parseWith` words it. What is served is therefore never more than what the document says.
 *
 * Used where a route parsed by hand before its request had a schema (chat, responses, standardize, query strings,
 * sign-in, OAuth forms, multipart fields); routes born with a schema call `parseWith` alone.
 */
export function parseDocumented<S extends z.ZodMiniType, T>(schema: S, value: unknown, checks: () => T): T {
  const checked = checks();
  if (!z.safeParse(schema, value).success) parseWith(schema, value);
  return checked;
}

/**
 * The query string as a query schema sees it: an empty value (`?limit=`) is absent, as `intParam` and the routes'
 * own checks have always read it.
 */
export function presentParams(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));
}

/** The Subject of a GET or DELETE (`?user=`), read with the documented query schema of such routes. */
export function subjectOfQuery(req: HttpRequest): string {
  return parseDocumented(SubjectQuerySchema, presentParams(req.query), () => subjectKeyOf(req, undefined));
}

/** A form body read with its documented schema (forms carry strings; the last of a repeated field is what it shows). */
export function documentedForm(schema: z.ZodMiniType, form: () => URLSearchParams): URLSearchParams {
  return parseDocumented(schema, Object.fromEntries(form()), form);
}

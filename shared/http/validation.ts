import type { z } from 'zod';
import { BadRequestError, invalidField, PayloadTooLargeError } from './errors';
import type { HttpRequest } from './request';

/** Parses the JSON body; a body over the documented limit is 413, malformed JSON 400. */
export function readJsonBody(req: HttpRequest, maxBytes: number): unknown {
  if (!req.body || req.body.length === 0) return {};
  if (req.body.length > maxBytes) {
    throw new PayloadTooLargeError(`Request body exceeds ${maxBytes} bytes`, 'body');
  }
  try {
    return JSON.parse(req.body.toString('utf8'));
  } catch {
    throw new BadRequestError('Request body is not valid JSON', 'invalid_json', 'body');
  }
}

/** Validates with a zod schema; the first problem becomes a 400 naming its field (`records[3].time`). */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, root?: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const param = formatPath(root ? [root, ...issue.path] : issue.path) || 'body';
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  throw invalidField(param, missing ? `${param} is required` : `${param}: ${issue.message}`);
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** A JSON request body must be an object. */
export function requireObject(value: unknown): Record<string, unknown> {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw new BadRequestError('Request body must be a JSON object', 'invalid_body', 'body');
}

/** An integer query parameter within bounds, or the fallback when absent. */
export function intParam(raw: string | undefined, param: string, min: number, max: number, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw invalidField(param, `${param} must be an integer from ${min} to ${max}`);
  }
  return n;
}

import * as z from 'zod/mini';
import { BadRequestError, invalidField, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../json';
import type { HttpRequest } from './request';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Parses the JSON body. A body over the documented limit is 413; one sent as another media type (`text/plain`, a
 * form) is 415 rather than read as JSON; bytes that are not UTF-8 are refused rather than stored as replacement
 * characters; nesting past {@link MAX_JSON_DEPTH} is refused before anything recurses into it; malformed JSON is 400.
 */
export function readJsonBody(req: HttpRequest, maxBytes: number): unknown {
  if (!req.body || req.body.length === 0) return {};
  if (req.body.length > maxBytes) {
    throw new PayloadTooLargeError(`Request body exceeds ${maxBytes} bytes`, 'body');
  }
  if (!isJsonMediaType(req.headers['content-type'])) {
    throw new UnsupportedMediaTypeError(
      'Send the request body as JSON with `Content-Type: application/json`',
      'content-type',
      'unsupported_media_type',
    );
  }
  let text: string;
  try {
    text = utf8.decode(req.body);
  } catch {
    throw new BadRequestError('Request body is not valid UTF-8', 'invalid_encoding', 'body');
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new BadRequestError(`Request body nests deeper than ${MAX_JSON_DEPTH} levels`, 'invalid_json', 'body');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError('Request body is not valid JSON', 'invalid_json', 'body');
  }
}

/**
 * Parses an `application/x-www-form-urlencoded` body (the OAuth token endpoint and the authorize pages' forms, RFC
 * 6749 §3.2). Another media type is refused rather than guessed at; bytes that are not UTF-8 are refused.
 */
export function readFormBody(req: HttpRequest, maxBytes: number): URLSearchParams {
  if (!req.body || req.body.length === 0) return new URLSearchParams();
  if (req.body.length > maxBytes) throw new PayloadTooLargeError(`Request body exceeds ${maxBytes} bytes`, 'body');
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new UnsupportedMediaTypeError(
      'Send the request body form-encoded with `Content-Type: application/x-www-form-urlencoded`',
      'content-type',
      'unsupported_media_type',
    );
  }
  try {
    return new URLSearchParams(utf8.decode(req.body));
  } catch {
    throw new BadRequestError('Request body is not valid UTF-8', 'invalid_encoding', 'body');
  }
}

/** `application/json`, any `+json` type, or none at all (what many clients send with a JSON body). */
function isJsonMediaType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === '' || type === 'application/json' || type.endsWith('+json');
}

/** Validates with a zod schema; the first problem becomes a 400 naming its field (`records[3].time`). */
export function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown, root?: string): z.infer<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const param = formatPath(root ? [root, ...issue.path] : issue.path) || 'body';
  throw invalidField(param, describe(issue, param, valueAt(value, issue.path)));
}

/** zod/mini carries no English messages, so the common issues are worded here. */
function describe(issue: z.core.$ZodIssue, param: string, input: unknown): string {
  if (issue.code === 'invalid_type' || issue.code === 'invalid_union') {
    if (input === undefined) return `${param} is required`;
    if (issue.message && issue.message !== 'Invalid input') return `${param} ${issue.message}`;
    const expected = issue.code === 'invalid_type' ? issue.expected : 'valid';
    return `${param} must be ${expected === 'array' ? 'an array' : `a ${expected}`}`;
  }
  if (issue.code === 'too_big')
    return `${param} must be at most ${issue.maximum}${issue.origin === 'string' ? ' characters' : ''}`;
  if (issue.code === 'too_small')
    return `${param} ${issue.message && issue.message !== 'Invalid input' ? issue.message : `must be at least ${issue.minimum}`}`;
  return `${param} ${issue.message && issue.message !== 'Invalid input' ? issue.message : 'is invalid'}`;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let at = root;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
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

/** A JSON boolean field, or the fallback when absent. */
export function booleanField(raw: unknown, param: string, fallback = false): boolean {
  if (raw === undefined || raw === null) return fallback;
  if (typeof raw !== 'boolean') throw invalidField(param, `${param} must be a boolean`);
  return raw;
}

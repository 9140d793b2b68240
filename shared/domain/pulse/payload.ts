/**
 * Typed reads of a provider's JSON. Providers' bodies are checked field by field as the mapping uses them: a field
 * of the wrong type is a clear error naming the provider, resource and field (never the value: it is health data);
 * an absent or null optional field is simply not mapped.
 */
import type { ProviderSlug } from './providers';
import { ProviderPayloadError } from './readings';

export type JsonObject = Record<string, unknown>;

export interface PayloadReader {
  object(value: unknown, where: string): JsonObject;
  /** The array under `field` (absent → empty). */
  list(o: JsonObject, field: string): unknown[];
  string(o: JsonObject, field: string): string;
  optionalString(o: JsonObject, field: string): string | null;
  number(o: JsonObject, field: string): number;
  optionalNumber(o: JsonObject, field: string): number | null;
  /** An id providers send as a number or a string; always used as a string. */
  id(o: JsonObject, field: string): string;
  fail(detail: string): never;
}

export function payloadReader(provider: ProviderSlug, resource: string): PayloadReader {
  const fail = (detail: string): never => {
    throw new ProviderPayloadError(provider, resource, detail);
  };
  const isObject = (value: unknown): value is JsonObject =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const optionalNumber = (o: JsonObject, field: string): number | null => {
    const value = o[field];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'number' || !Number.isFinite(value)) fail(`${field} is not a number`);
    return value as number;
  };
  const optionalString = (o: JsonObject, field: string): string | null => {
    const value = o[field];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') fail(`${field} is not a string`);
    return value as string;
  };
  return {
    fail,
    object(value, where) {
      if (!isObject(value)) fail(`${where} is not an object`);
      return value as JsonObject;
    },
    list(o, field) {
      const value = o[field];
      if (value === undefined || value === null) return [];
      if (!Array.isArray(value)) fail(`${field} is not an array`);
      return value as unknown[];
    },
    optionalString,
    string(o, field) {
      const value = optionalString(o, field);
      if (value === null || value === '') fail(`${field} is missing`);
      return value as string;
    },
    optionalNumber,
    number(o, field) {
      const value = optionalNumber(o, field);
      if (value === null) fail(`${field} is missing`);
      return value as number;
    },
    id(o, field) {
      const value = o[field];
      if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
      if (typeof value === 'string' && value !== '') return value;
      return fail(`${field} is missing or not an id`);
    },
  };
}

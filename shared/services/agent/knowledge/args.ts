import { ToolInputError } from '../tools/types';

/**
 * Argument checks shared by the knowledge tools. Small on purpose (this module loads lazily with them): the catalogue
 * validates the JSON Schema first; these repeat what matters so a runner is safe on its own. Models often send `null`
 * for "not given", so `null` reads as absent. Every message goes back to the model as a `ToolInputError`.
 */
export type Args = Record<string, unknown>;

export function onlyKnown(args: unknown, known: readonly string[]): Args {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new ToolInputError('Arguments must be a JSON object');
  }
  const unknown = Object.keys(args).filter((k) => !known.includes(k));
  if (unknown.length > 0) {
    throw new ToolInputError(`Unknown argument ${unknown.join(', ')}; allowed: ${known.join(', ')}`);
  }
  return args as Args;
}

export function optionalText(args: Args, name: string, maxLength: number): string | undefined {
  const v = args[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new ToolInputError(`${name} must be a string`);
  const text = v.replace(/\s+/g, ' ').trim();
  if (text.length === 0) return undefined;
  if (text.length > maxLength) throw new ToolInputError(`${name} must be at most ${maxLength} characters`);
  return text;
}

export function requiredText(args: Args, name: string, maxLength: number): string {
  const text = optionalText(args, name, maxLength);
  if (text === undefined) throw new ToolInputError(`${name} is required and must not be empty`);
  return text;
}

export function optionalInt(args: Args, name: string, min: number, max: number): number | undefined {
  const v = args[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new ToolInputError(`${name} must be an integer`);
  if (v < min || v > max) throw new ToolInputError(`${name} must be between ${min} and ${max}`);
  return v;
}

export function optionalEnum<T extends string>(args: Args, name: string, values: readonly T[]): T | undefined {
  const v = args[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !values.includes(v as T)) {
    throw new ToolInputError(`${name} must be one of ${values.join(', ')}`);
  }
  return v as T;
}

export function optionalStringList(
  args: Args,
  name: string,
  maxItems: number,
  maxLength: number,
): string[] | undefined {
  const v = args[name];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) {
    throw new ToolInputError(`${name} must be an array of strings`);
  }
  if (v.length > maxItems) throw new ToolInputError(`${name} may hold at most ${maxItems} items`);
  const items = (v as string[]).map((s) => s.trim()).filter(Boolean);
  if (items.some((s) => s.length > maxLength)) {
    throw new ToolInputError(`each ${name} item must be at most ${maxLength} characters`);
  }
  return items.length > 0 ? items : undefined;
}

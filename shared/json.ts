/** Parsed JSON, or null when the text is not JSON (a malformed queue message, a model's unreadable answer). */
export function parseJsonOrNull(text: string | null | undefined): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    return null;
  }
}

/**
 * How deep a client's JSON may nest. Every walker that meets the parsed value later (schema compilers, validators,
 * `JSON.stringify`, token counting) recurses, so depth is bounded before anything recurses; real request bodies,
 * JSON Schemas included, nest a dozen levels at most.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` nests arrays and objects deeper than `maxDepth`. One pass, no recursion and no allocation, so it
 * is safe on any input; brackets inside strings are not counted.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The text is JSON nested deeper than {@link MAX_JSON_DEPTH}. */
export class JsonTooDeepError extends Error {
  constructor() {
    super(`JSON nests deeper than ${MAX_JSON_DEPTH} levels`);
    this.name = 'JsonTooDeepError';
  }
}

/** `JSON.parse` for text a client wrote: refuses nesting past {@link MAX_JSON_DEPTH} before parsing. */
export function parseClientJson(text: string): unknown {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new JsonTooDeepError();
  return JSON.parse(text);
}

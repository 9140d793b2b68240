import type { ModelTool } from '../../../ports/model-provider';

/**
 * The caller's own function tools, as the offline engine uses them: whether a question plainly asks for what a tool
 * does (its name and description), and arguments for it built from the question and valid against its JSON Schema.
 * No value is invented beyond what the schema forces: a field the question does not fill gets the schema's
 * `default`, its first `enum` value, its minimum, or an empty value of its type — and only when it is required.
 */

type Schema = Record<string, unknown>;

/** Words that say how a tool acts, not what it is about (`get_weather` is about weather). */
const ACTION_WORDS = new Set([
  'get',
  'fetch',
  'find',
  'lookup',
  'look',
  'up',
  'search',
  'list',
  'read',
  'load',
  'show',
  'query',
  'retrieve',
  'create',
  'add',
  'make',
  'set',
  'update',
  'put',
  'post',
  'send',
  'save',
  'store',
  'delete',
  'remove',
  'run',
  'call',
  'check',
  'compute',
  'calculate',
  'do',
  'tool',
  'function',
  'current',
  'the',
  'a',
  'an',
  'of',
  'for',
  'by',
  'to',
  'in',
  'on',
  'with',
  'and',
  'or',
  'from',
  'my',
  'user',
  'users',
  'data',
  'info',
  'information',
  'value',
  'values',
]);

/** Words of a tool name: `get_weather` → get, weather; `lookupOrderStatus` → lookup, order, status. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

function stem(word: string): string {
  return word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

function questionWords(question: string): Set<string> {
  return new Set(
    question
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map(stem),
  );
}

/** Words of a description too common to say what a tool is about. */
const DESCRIPTION_NOISE = new Set([
  'this',
  'that',
  'with',
  'from',
  'into',
  'your',
  'their',
  'about',
  'which',
  'when',
  'where',
  'what',
  'returns',
  'return',
  'gets',
  'given',
  'using',
  'used',
  'uses',
  'will',
  'should',
  'able',
  'such',
  'some',
  'other',
  'each',
  'every',
  'only',
  'also',
  'more',
  'most',
  'than',
  'then',
  'them',
  'they',
  'have',
  'has',
  'been',
  'looks',
  'finds',
]);

/**
 * Whether the question plainly asks for what the tool does: every word of its name that is not an action word
 * (`weather` of `get_weather`, `order` and `status` of `lookup_order_status`) is in the question. A name of action
 * words alone (`lookup`) is read from its description instead: two of its content words in the question.
 */
export function asksForTool(tool: Pick<ModelTool, 'name' | 'description'>, question: string): boolean {
  const words = questionWords(question);
  const subject = nameWords(tool.name)
    .filter((w) => !ACTION_WORDS.has(w))
    .map(stem);
  if (subject.length > 0) return subject.every((w) => words.has(w));
  const described = [
    ...new Set(
      (tool.description ?? '')
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 4 && !ACTION_WORDS.has(w) && !DESCRIPTION_NOISE.has(w))
        .map(stem),
    ),
  ];
  if (described.length === 0) return false;
  return described.filter((w) => words.has(w)).length >= Math.min(2, described.length);
}

/** The client tool the question asks for, the one naming most of it first; null when none is plainly asked for. */
export function toolAskedFor(tools: readonly ModelTool[], question: string): ModelTool | null {
  const asked = tools.filter((t) => asksForTool(t, question));
  asked.sort((a, b) => nameWords(b.name).length - nameWords(a.name).length);
  return asked[0] ?? null;
}

const NUMBER = /-?\d+(?:[.,]\d+)?/g;
const ISO_DATE = /\b(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(?:Z|[+-]\d{2}:?\d{2})?)?\b/;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const URL_TEXT = /https?:\/\/[^\s"'<>]+/;
/** Capitalised words after a place preposition: "weather in New York" → New York. */
const PLACE = /\b(?:in|at|for|near|to|from)\s+((?:\p{Lu}[\p{L}'-]*)(?:\s+\p{Lu}[\p{L}'-]*)*)/u;
const QUOTED = /["“']([^"”']{1,200})["”']/;

/** Arguments for a client tool from the question, valid against the tool's `parameters` where the schema is plain. */
export function argumentsFor(tool: ModelTool, question: string, today: string): Record<string, unknown> {
  const value = valueFor(tool.parameters, '', question, today, true);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function valueFor(schema: unknown, name: string, question: string, today: string, required: boolean): unknown {
  if (!schema || typeof schema !== 'object') return required ? '' : undefined;
  const s = schema as Schema;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return enumValue(s.enum, question, required);
  const variants = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(variants) && variants.length > 0) {
    const concrete = variants.find((v) => (v as Schema)?.type !== 'null') ?? variants[0];
    return valueFor(concrete, name, question, today, required);
  }
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') as string | undefined) : (s.type as string);
  const hint = `${name} ${typeof s.description === 'string' ? s.description : ''}`.toLowerCase();
  switch (type ?? (s.properties ? 'object' : undefined)) {
    case 'object':
      return objectValue(s, question, today);
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      return Array.from({ length: min }, () => valueFor(s.items, name, question, today, true));
    }
    case 'integer':
    case 'number':
      return numberValue(s, type as string, question, required);
    case 'boolean':
      return 'default' in s ? s.default : required ? false : undefined;
    case 'string':
      return stringValue(s, hint, question, today, required);
    default:
      return 'default' in s ? s.default : required ? question.trim() : undefined;
  }
}

function objectValue(s: Schema, question: string, today: string): Record<string, unknown> {
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(properties)) {
    const value = valueFor(sub, key, question, today, required.has(key));
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function enumValue(options: unknown[], question: string, required: boolean): unknown {
  const words = questionWords(question);
  const mentioned = options.find((o) => typeof o === 'string' && words.has(stem(o.toLowerCase())));
  if (mentioned !== undefined) return mentioned;
  const phrase = options.find((o) => typeof o === 'string' && question.toLowerCase().includes(o.toLowerCase()));
  if (phrase !== undefined) return phrase;
  return required ? options[0] : undefined;
}

function numberValue(s: Schema, type: string, question: string, required: boolean): number | undefined {
  const min = typeof s.minimum === 'number' ? s.minimum : Number.NEGATIVE_INFINITY;
  const max = typeof s.maximum === 'number' ? s.maximum : Number.POSITIVE_INFINITY;
  const fits = (n: number) => n >= min && n <= max && (type !== 'integer' || Number.isInteger(n));
  const found = (question.replace(ISO_DATE, ' ').match(NUMBER) ?? [])
    .map((t) => Number(t.replace(',', '.')))
    .find((n) => Number.isFinite(n) && fits(n));
  if (found !== undefined) return found;
  if (typeof s.default === 'number') return s.default;
  if (!required) return undefined;
  const floor = Number.isFinite(min) ? min : 0;
  return fits(floor) ? floor : type === 'integer' ? Math.ceil(floor) : floor;
}

function stringValue(s: Schema, hint: string, question: string, today: string, required: boolean): string | undefined {
  const format = typeof s.format === 'string' ? s.format : '';
  const date = ISO_DATE.exec(question);
  let value: string | undefined;
  if (format === 'date' || (!format && /\b(date|day)\b/.test(hint))) value = date?.[1] ?? today;
  else if (format === 'date-time') value = date ? `${date[1]}T${date[2] ?? '00:00:00'}Z` : `${today}T00:00:00Z`;
  else if (format === 'email' || /\bemail\b/.test(hint)) value = EMAIL.exec(question)?.[0];
  else if (format === 'uri' || format === 'url' || /\b(url|link|website)\b/.test(hint))
    value = URL_TEXT.exec(question)?.[0];
  else if (/\b(city|location|place|country|town|region|address|destination)\b/.test(hint)) {
    value = PLACE.exec(question)?.[1];
  }
  value ??= QUOTED.exec(question)?.[1];
  if (value === undefined && 'default' in s && typeof s.default === 'string') value = s.default;
  if (value === undefined && required) value = question.trim();
  if (value === undefined) return undefined;
  const maxLength = typeof s.maxLength === 'number' ? s.maxLength : Number.POSITIVE_INFINITY;
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  if (value.length > maxLength) value = value.slice(0, maxLength);
  if (value.length < minLength) value = value.padEnd(minLength, ' ');
  return value;
}

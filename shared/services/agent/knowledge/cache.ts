/**
 * Answers of the public knowledge services reused within one process: the same question asked again (the next turn,
 * or another user's) costs no upstream request. Per process and in memory (design §9: results are public and cheap to
 * refetch; a table would add a write to every turn). Bounded by entries and by the JSON size of what it holds; an
 * entry lives `ttlMs`. Failures are never stored, so a service that was down is asked again next time.
 */
export const MAX_ENTRIES = 200;
export const MAX_BYTES = 8 * 1024 * 1024;

interface Entry {
  value: unknown;
  bytes: number;
  expiresAt: number;
}

export class KnowledgeCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxBytes = MAX_BYTES,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): unknown {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  set(key: string, value: unknown, ttlMs: number): void {
    const bytes = Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8') + key.length;
    if (bytes > this.maxBytes || ttlMs <= 0) return;
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    this.entries.set(key, { value, bytes, expiresAt: this.now() + ttlMs });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}

const processCache = new KnowledgeCache();

/** `tool` + canonical JSON of the normalized arguments: key order and absent-vs-undefined do not matter. */
export function cacheKey(tool: string, normalizedArgs: unknown): string {
  return `${tool} ${canonicalJson(normalizedArgs)}`;
}

/**
 * The cached answer, or `compute()`'s, stored when it is a success (an object without an `error` key).
 */
export async function cachedResult<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
  const hit = processCache.get(key);
  if (hit !== undefined) return structuredClone(hit) as T;
  const value = await compute();
  if (isSuccess(value)) processCache.set(key, structuredClone(value), ttlMs);
  return value;
}

/** Tests: forget everything. */
export function clearKnowledgeCache(): void {
  processCache.clear();
}

function isSuccess(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !('error' in value);
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sortKeys(v);
  }
  return out;
}

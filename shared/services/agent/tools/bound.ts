import { TOOL_CATALOGUE } from '../../../domain/agent/tool-catalogue';
import type { SeriesPoint } from '../../../domain/agent/tool-results';
import { thinKeepingExtremes } from '../../../domain/series/summarize-series';

/** Every list any tool declares it may shorten: the default when the tool is not known. */
const ANY_TOOL_LIST_KEYS = [...new Set(TOOL_CATALOGUE.flatMap((s) => s.listKeys))];
/** Nested lists thinned before any element of a top-level list is dropped. */
const POINTS_KEY = 'points';

/**
 * A tool result as JSON text of at most `maxChars` characters. Too long a result loses list elements,
 * never characters: chart points are thinned first (first, last, lowest and highest kept), then the last elements of
 * its lists (`listKeys`, the tool's catalogue entry) are dropped, and `truncated: true` is set, so the text always parses.
 */
export function boundedJson(
  result: unknown,
  maxChars: number,
  listKeys: readonly string[] = ANY_TOOL_LIST_KEYS,
): string {
  const text = JSON.stringify(result ?? null);
  if (text.length <= maxChars) return text;
  if (!isObject(result)) return tooLarge(maxChars);
  const bounded: Record<string, unknown> = { ...structuredClone(result), truncated: true };
  const fits = () => JSON.stringify(bounded).length <= maxChars;
  if (fits()) return JSON.stringify(bounded);

  const pointLists = listKeys.flatMap((key) => {
    const list = bounded[key];
    return Array.isArray(list) ? list.filter((e) => isObject(e) && Array.isArray(e[POINTS_KEY])) : [];
  }) as Record<string, unknown[]>[];
  const longest = Math.max(0, ...pointLists.map((e) => e[POINTS_KEY]!.length));
  for (let keep = Math.ceil(longest / 2); keep >= 4 && pointLists.length > 0; keep = Math.ceil(keep / 2)) {
    for (const e of pointLists) e[POINTS_KEY] = thinKeepingExtremes(e[POINTS_KEY] as SeriesPoint[], keep);
    if (fits()) return JSON.stringify(bounded);
  }

  for (const key of listKeys) {
    const list = bounded[key];
    if (!Array.isArray(list) || list.length === 0) continue;
    // The longest prefix that fits, by bisection.
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      bounded[key] = list.slice(0, mid);
      if (fits()) lo = mid;
      else hi = mid - 1;
    }
    bounded[key] = list.slice(0, lo);
    if (fits()) return JSON.stringify(bounded);
  }
  return tooLarge(maxChars);
}

function tooLarge(maxChars: number): string {
  return JSON.stringify({ error: `The result exceeded ${maxChars} characters; narrow the request.`, truncated: true });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

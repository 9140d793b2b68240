import * as z from 'zod/mini';
import { conceptByCode, corpusIndex, resolveSeriesIndicator } from '#standardization';
import type { ToolReading } from '../../../domain/agent/tool-results';
import { type HealthRecord, isAbnormal } from '../../../domain/records';
import { isLive } from '../../../domain/retention';
import { normalizeIndicatorText } from '../../../domain/standardization/normalize-text';
import { parseTimestamp } from '../../../domain/timestamps';
import { AppError } from '../../../errors';
import { parseWith } from '../../../http/validation';
import type { RecordQuery, RecordQueryResult } from '../../../ports/record-store';
import { type ToolContext, ToolInputError } from './types';

/**
 * What the reading tools share: argument checking, the filter a model's words resolve to, and one read
 * that merges the Subject's stored rows with the request's inline (ephemeral) ones.
 */

/** Validates tool arguments with a zod schema; the first problem goes back to the model as a `ToolInputError`. */
export function parseArgs<S extends z.ZodMiniType>(schema: S, args: unknown): z.infer<S> {
  try {
    return parseWith(schema, args ?? {});
  } catch (err) {
    if (err instanceof AppError) throw new ToolInputError(err.message);
    throw err;
  }
}

/** An optional string argument; models often send `null` for "not given". */
export const optionalText = (max: number) => z.nullish(z.string().check(z.trim(), z.maxLength(max)));

const LOINC_CODE = /^\d{1,8}-\d$/;
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

export interface TimeWindow {
  /** ISO 8601 UTC, inclusive; null when open. */
  from: string | null;
  to: string | null;
}

/**
 * `from` / `to` as the model wrote them: an ISO date (`2026-03-01`) or timestamp. A bare date `to`
 * covers its whole day (UTC), so `from: 2026-03-01, to: 2026-03-01` is that day.
 */
export function parseWindow(from: string | null | undefined, to: string | null | undefined): TimeWindow {
  const window: TimeWindow = {
    from: from ? instant(from, 'from') : null,
    to: to ? instant(to, 'to') : null,
  };
  if (to && window.to && BARE_DATE.test(to.trim())) {
    window.to = new Date(Date.parse(window.to) + DAY_MS - 1).toISOString();
  }
  if (window.from && window.to && window.from > window.to) {
    throw new ToolInputError(`from (${from}) is after to (${to})`);
  }
  return window;
}

function instant(text: string, name: string): string {
  const parsed = parseTimestamp(text);
  if (!parsed) {
    throw new ToolInputError(
      `${name} must be an ISO 8601 date or timestamp such as 2026-03-01 or 2026-03-01T08:00:00Z (got ${JSON.stringify(text)})`,
    );
  }
  return parsed;
}

export interface ResolvedFilter {
  resolved: { indicator: string | null; loinc_code: string | null; canonical_name: string | null };
  /** Every code the words stand for (the resolved code and its unit siblings, e.g. mg/dL and mmol/L glucose). */
  codes: string[];
  /** Matched case-insensitively against the indicator as written and the canonical name. */
  text: string | null;
}

/**
 * What `indicator` / `loinc_code` select. The indicator is resolved by the standardization engine
 * (never guessed); a resolved code also brings its siblings that differ only by unit, when the same
 * words resolve to them under that unit, so "glucose" finds mg/dL and mmol/L rows alike. The words
 * are also matched as text, so rows without a code are found.
 */
export function resolveFilter(
  indicator: string | null | undefined,
  loincCode: string | null | undefined,
): ResolvedFilter {
  const codes = new Set<string>();
  let primary: string | null = null;
  const words = indicator?.trim() || null;
  // A code written as the indicator ("2345-7") is taken as the code it is.
  if (words && !loincCode && LOINC_CODE.test(words)) loincCode = words;
  if (loincCode) {
    if (!LOINC_CODE.test(loincCode)) {
      throw new ToolInputError(`loinc_code must be a LOINC code such as 2345-7 (got ${JSON.stringify(loincCode)})`);
    }
    primary = loincCode;
    codes.add(loincCode);
  }
  let canonical: string | null = primary ? (conceptByCode(primary)?.display ?? null) : null;
  if (words) {
    const resolution = resolveSeriesIndicator(words);
    if (resolution.loincCode) {
      if (!primary) {
        primary = resolution.loincCode;
        canonical = resolution.canonicalName;
      }
      for (const code of codesOf(words, resolution.loincCode)) codes.add(code);
    }
  }
  return {
    resolved: { indicator: words, loinc_code: primary, canonical_name: canonical },
    codes: [...codes],
    text: words,
  };
}

/** The resolved code and the siblings sharing one of its names that the same words resolve to under their own unit. */
function codesOf(words: string, code: string): string[] {
  const concept = conceptByCode(code);
  if (!concept) return [code];
  const siblings = new Set<string>([code]);
  for (const name of [...concept.synonyms, concept.display]) {
    for (const sibling of corpusIndex.exact.get(normalizeIndicatorText(name))?.concepts ?? []) {
      if (siblings.has(sibling.code)) continue;
      if (resolveSeriesIndicator(words, sibling.defaultUnit).loincCode === sibling.code) siblings.add(sibling.code);
    }
  }
  return [...siblings];
}

export interface ReadingFilter extends TimeWindow {
  codes: string[];
  text: string | null;
  abnormalOnly: boolean;
}

/** The same predicate the store applies, for inline rows that never reach it. */
export function matchesFilter(r: HealthRecord, f: ReadingFilter, nowMs: number): boolean {
  if (!isLive(r.expiresAt, nowMs)) return false;
  const at = Date.parse(r.time);
  if (f.from && !(at >= Date.parse(f.from))) return false;
  if (f.to && !(at <= Date.parse(f.to))) return false;
  if (f.codes.length > 0 || f.text) {
    const byCode = r.loincCode !== null && f.codes.includes(r.loincCode);
    const needle = f.text?.toLowerCase();
    const byText = !!needle && `${r.indicator}\u0000${r.canonicalName ?? ''}`.toLowerCase().includes(needle);
    if (!byCode && !byText) return false;
  }
  return !f.abnormalOnly || isAbnormal(r);
}

/** Newest first, as the store orders rows: by time, then id. */
export function newestFirst(a: HealthRecord, b: HealthRecord): number {
  const dt = Date.parse(b.time) - Date.parse(a.time);
  return dt !== 0 ? dt : b.id - a.id;
}

/**
 * The Subject's rows matching `filter` (none when the Subject does not exist yet) merged with the
 * matching inline rows of the request; newest first, at most `limit`, counted up to the store's cap.
 */
export async function readMatching(
  ctx: ToolContext,
  filter: ReadingFilter,
  limit: number,
  countCap?: number,
): Promise<RecordQueryResult> {
  const query: RecordQuery = {
    codes: filter.codes,
    text: filter.text ?? undefined,
    fromTime: filter.from ?? undefined,
    toTime: filter.to ?? undefined,
    abnormalOnly: filter.abnormalOnly,
    limit,
    countCap,
    nowMs: ctx.nowMs,
  };
  const stored: RecordQueryResult = ctx.subjectId
    ? await ctx.services.records.query(ctx.subjectId, query)
    : { records: [], total: 0, totalCapped: false, hasMore: false };
  const inline = ctx.ephemeral.filter((r) => matchesFilter(r, filter, ctx.nowMs));
  if (inline.length === 0) return stored;
  const records = [...stored.records, ...inline].sort(newestFirst).slice(0, limit);
  const total = stored.total + inline.length;
  return { records, total, totalCapped: stored.totalCapped, hasMore: total > records.length };
}

/** A row as the tools return it. */
export function toToolReading(r: HealthRecord): ToolReading {
  return {
    id: r.id,
    indicator: r.indicator,
    canonical_name: r.canonicalName,
    loinc_code: r.loincCode,
    value: r.value,
    parsed_value: numeric(r.parsedValue),
    unit: r.parsedUnit,
    time: r.time,
    end_time: r.endTime,
    reference_low: r.referenceLow,
    reference_high: r.referenceHigh,
    reference_text: r.referenceText,
    abnormal: r.abnormal,
    source: r.source,
  };
}

export function numeric(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

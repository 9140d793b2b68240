import type { ToolReading } from '../../shared/domain/agent/tool-results';
import { resolveSeriesIndicator } from '../../shared/domain/standardization/index';

let nextId = 1;

/** One stored reading, as a tool returns it; the code comes from the resolver like on the write path. */
export function reading(
  indicator: string,
  value: number | string,
  unit: string | null,
  time: string,
  extra: Partial<ToolReading> = {},
): ToolReading {
  const resolved = resolveSeriesIndicator(indicator, unit);
  const parsed = typeof value === 'number' ? value : Number.isFinite(Number(value)) ? Number(value) : null;
  return {
    id: nextId++,
    indicator,
    canonical_name: resolved.canonicalName,
    loinc_code: resolved.loincCode,
    value: String(value),
    parsed_value: parsed,
    unit,
    time: time.length === 10 ? `${time}T08:00:00.000Z` : time,
    end_time: null,
    reference_low: null,
    reference_high: null,
    reference_text: null,
    abnormal: null,
    source: 'test',
    ...extra,
  };
}

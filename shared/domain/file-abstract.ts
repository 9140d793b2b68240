import type { HealthRecord } from './records';

const MAX_NAMED = 3;

/**
 * A short, deterministic summary of what a file held, from the rows read out of it: how many
 * readings, which were outside their reference range. Empty when nothing was read.
 */
export function abstractOf(records: readonly HealthRecord[], pages: number): string {
  if (records.length === 0) return '';
  const dates = [...new Set(records.map((r) => r.time.slice(0, 10)))].sort();
  const when =
    dates.length === 1 ? ` from ${dates[0]}` : dates.length > 1 ? ` from ${dates[0]} to ${dates.at(-1)}` : '';
  const flagged = records.filter((r) => r.abnormal === true);
  const named = flagged
    .slice(0, MAX_NAMED)
    .map((r) => `${r.canonicalName ?? r.indicator} ${r.value}${r.parsedUnit ? ` ${r.parsedUnit}` : ''}`.trim());
  const pageText = pages > 1 ? ` over ${pages} pages` : '';
  const head = `${records.length} reading${records.length === 1 ? '' : 's'}${when}${pageText}`;
  if (flagged.length === 0) return `${head}.`;
  const more = flagged.length > MAX_NAMED ? `, and ${flagged.length - MAX_NAMED} more` : '';
  return `${head}; ${flagged.length} outside the reference range: ${named.join('; ')}${more}.`;
}

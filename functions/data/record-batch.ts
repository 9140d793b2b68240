import { parseWith } from '../../shared/http/validation';
import type { ReadingToStore } from '../../shared/services/record-writer';
import { CreateDataSchema, type RecordInput, RecordInputSchema } from './create-data.schema';

/**
 * A write's `records`, as every door that takes a batch of readings checks them (`POST /v1/data`, the engine's
 * `POST /api/v1/data/health/data`): 1 to 500, each checked on its own so a refusal names it (`records[3].value`).
 */
export function recordInputsOf(body: Record<string, unknown>): RecordInput[] {
  const { records } = parseWith(CreateDataSchema, body);
  return records.map((r, i) => parseWith(RecordInputSchema, r, `records[${i}]`));
}

/** Checked records as the writer stores them: a reading with no time of its own happened when it was written. */
export function readingsToStore(inputs: readonly RecordInput[], writtenAt: string): ReadingToStore[] {
  return inputs.map((r) => ({
    input: { indicator: r.indicator, value: r.value, unit: r.unit, referenceRange: r.reference_range, flag: r.flag },
    time: r.time ?? r.measured_at ?? r.start_time ?? writtenAt,
    endTime: r.end_time ?? null,
    comment: r.source ?? '',
  }));
}

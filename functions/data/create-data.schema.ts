import { z } from 'zod';
import { parseTimestamp } from '../../shared/domain/timestamps';

/** Records per write (spec, Limits). */
export const MAX_RECORDS_PER_WRITE = 500;

const timestamp = z
  .string()
  .refine((s) => parseTimestamp(s) !== null, {
    message: 'must be an ISO 8601 timestamp such as 2026-06-16T07:30:00Z (a real date between 1900 and 2099)',
  })
  .transform((s) => parseTimestamp(s)!);

/** One element of `records` (spec, Record input); `measured_at` and `start_time` alias `time`. */
export const RecordInputSchema = z
  .object({
    indicator: z.string().trim().min(1, 'must not be empty').max(256),
    value: z.union([z.number().finite(), z.string().trim().min(1, 'must not be empty').max(1000)], {
      error: 'must be a number or a string',
    }),
    unit: z.string().trim().max(64).nullish(),
    time: timestamp.optional(),
    measured_at: timestamp.optional(),
    start_time: timestamp.optional(),
    end_time: timestamp.nullish(),
    source: z.string().max(256).nullish(),
    reference_range: z.string().max(256).nullish(),
    flag: z.string().max(16).nullish(),
  })
  .superRefine((r, ctx) => {
    const start = r.time ?? r.measured_at ?? r.start_time;
    if (r.end_time && !start) {
      ctx.addIssue({ code: 'custom', path: ['time'], message: 'is required when end_time is given' });
    } else if (r.end_time && start && r.end_time < start) {
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'must not be before time' });
    }
  });

export type RecordInput = z.infer<typeof RecordInputSchema>;

export const CreateDataSchema = z.object({
  records: z
    .array(z.unknown(), { error: 'must be an array of records' })
    .min(1, 'must hold at least one record')
    .max(MAX_RECORDS_PER_WRITE, `must hold at most ${MAX_RECORDS_PER_WRITE} records`),
});

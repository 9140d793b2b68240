import * as z from 'zod/mini';
import { parseTimestamp } from '../../shared/domain/timestamps';
import { defineOperation } from '../../shared/openapi/operation';
import {
  RetentionInputSchema,
  SessionIdSchema,
  SubjectKeyInputSchema,
  SubjectKeySchema,
} from '../../shared/openapi/wire/common';

/** Records per write (spec, Limits). */
export const MAX_RECORDS_PER_WRITE = 500;

// zod/mini keeps each function's bundle small (the classic API bundles ~450 KB whatever is used).
const text = (max: number) => z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(max));

const timestamp = z.pipe(
  z.string().check(
    z.refine((s) => parseTimestamp(s) !== null, {
      message: 'must be an ISO 8601 timestamp such as 2026-06-16T07:30:00Z (a real date between 1900 and 2099)',
    }),
  ),
  z.transform((s) => parseTimestamp(s)!),
);

/** One element of `records` (spec, Record input); `measured_at` and `start_time` alias `time`. */
export const RecordInputSchema = z
  .object({
    indicator: text(256),
    value: z.union([z.number().check(z.refine(Number.isFinite, 'must be finite')), text(1000)], {
      error: 'must be a number or a string',
    }),
    unit: z.nullish(z.string().check(z.trim(), z.maxLength(64))),
    time: z.optional(timestamp),
    measured_at: z.optional(timestamp),
    start_time: z.optional(timestamp),
    end_time: z.nullish(timestamp),
    source: z.nullish(z.string().check(z.maxLength(256))),
    reference_range: z.nullish(z.string().check(z.maxLength(256))),
    flag: z.nullish(z.string().check(z.maxLength(16))),
  })
  .check(
    z.superRefine((r, ctx) => {
      const start = r.time ?? r.measured_at ?? r.start_time;
      if (r.end_time && !start) {
        ctx.issues.push({ code: 'custom', path: ['time'], message: 'is required when end_time is given', input: r });
      } else if (r.end_time && start && r.end_time < start) {
        ctx.issues.push({ code: 'custom', path: ['end_time'], message: 'must not be before time', input: r });
      }
    }),
    z.meta({
      id: 'RecordInput',
      description: 'A reading; `end_time`, when given, must not be before `time` (or `measured_at`, `start_time`)',
    }),
  );

export type RecordInput = z.infer<typeof RecordInputSchema>;

export const CreateDataSchema = z.object({
  records: z
    .array(z.unknown(), { error: 'must be an array of records' })
    .check(
      z.minLength(1, 'must hold at least one record'),
      z.maxLength(MAX_RECORDS_PER_WRITE, `must hold at most ${MAX_RECORDS_PER_WRITE} records`),
    ),
});

/** The documented `records` array of every write of readings: 1 to 500, all stored or none. */
export const DocumentedRecordsSchema = z
  .array(RecordInputSchema)
  .check(
    z.minLength(1),
    z.maxLength(MAX_RECORDS_PER_WRITE),
    z.meta({ description: 'The readings, all stored or none' }),
  );

/** The documented body of `POST /v1/data`: the records as they are checked one by one, and where they are kept. */
export const CreateDataBodySchema = z.object({
  user: z.nullish(SubjectKeyInputSchema),
  records: DocumentedRecordsSchema,
  retention: RetentionInputSchema,
  session_id: z.nullish(SessionIdSchema),
});

export const CreateDataResponseSchema = z.object({
  status: z.literal('ok'),
  ingested: z.number().check(z.int(), z.meta({ description: 'Readings stored' })),
  standardized: z.number().check(z.int(), z.meta({ description: 'Of those, readings matched to a LOINC code' })),
  subject: SubjectKeySchema,
});

export const operation = defineOperation('create-data', {
  summary: 'Write structured readings',
  tags: ['Data'],
  body: CreateDataBodySchema,
  responses: { 200: { description: 'Stored and standardized', schema: CreateDataResponseSchema } },
  examples: [
    {
      user: 'alice',
      retention: 'permanent',
      records: [
        { indicator: 'Glucose', value: 5.4, unit: 'mmol/L', time: '2026-06-16T07:30:00Z' },
        { indicator: 'Heart rate', value: 72, unit: 'bpm' },
      ],
    },
    { retention: 'session', session_id: 'visit-42', records: [{ indicator: 'HbA1c', value: '6.1', unit: '%' }] },
  ],
});

import * as z from 'zod/mini';
import type { QueryHealthDataResult } from '../../../domain/agent/tool-results';
import { optionalText, parseArgs, parseWindow, readMatching, resolveFilter, toToolReading } from './readings';
import type { BuiltinTool, ToolContext } from './types';

export const QUERY_DEFAULT_LIMIT = 50;
export const QUERY_MAX_LIMIT = 200;

/** `QueryHealthDataArgs` (shared/domain/agent/tool-results.ts), with `null` accepted for a field left out. */
const QueryHealthDataArgsSchema = z.object({
  indicator: optionalText(256),
  loinc_code: optionalText(16),
  from: optionalText(64),
  to: optionalText(64),
  abnormal_only: z.nullish(z.boolean()),
  limit: z.nullish(
    z.number().check(z.refine(Number.isInteger, 'must be an integer'), z.gte(1), z.lte(QUERY_MAX_LIMIT)),
  ),
});

/** The Subject's readings, newest first, filtered by test, time window and abnormality. */
export const queryHealthData: BuiltinTool = {
  name: 'query_health_data',
  description:
    "Search the user's own stored health readings (lab results, vitals, device data, manual entries), newest first. " +
    'Filter by indicator (a test or measurement named as a person would say it), by exact LOINC code, by a time window, ' +
    'and to abnormal readings only. Each reading gives the value as written, the parsed number, its UCUM unit, time (ISO 8601 UTC), ' +
    'reference range and abnormal flag. `total_matched` counts every match even when `limit` leaves some out. ' +
    'Call it with no arguments to see the most recent readings of any kind.',
  parameters: {
    type: 'object',
    properties: {
      indicator: {
        type: 'string',
        description:
          'The test or measurement, e.g. "LDL", "blood sugar", "HbA1c", "heart rate", "weight". Resolved to its LOINC code ' +
          '(covering every unit the test is reported in) and also matched as text in indicator names, so unusual names are found too.',
      },
      loinc_code: { type: 'string', description: 'An exact LOINC code such as "2345-7", when known.' },
      from: {
        type: 'string',
        description:
          'Start of the time window, inclusive: an ISO 8601 date ("2026-01-31") or timestamp ("2026-01-31T08:00:00Z"; UTC when no offset). Omit for no lower bound.',
      },
      to: {
        type: 'string',
        description:
          'End of the time window, inclusive; a date alone ("2026-03-31") covers that whole day. Omit for no upper bound.',
      },
      abnormal_only: {
        type: 'boolean',
        description: 'Only readings flagged abnormal by their source or outside their reference range. Default false.',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: QUERY_MAX_LIMIT,
        default: QUERY_DEFAULT_LIMIT,
        description: `Most readings to return, newest first (1 to ${QUERY_MAX_LIMIT}, default ${QUERY_DEFAULT_LIMIT}).`,
      },
    },
    additionalProperties: false,
  },
  run: (args, ctx) => queryHealthDataRun(args, ctx),
};

async function queryHealthDataRun(raw: unknown, ctx: ToolContext): Promise<QueryHealthDataResult> {
  const args = parseArgs(QueryHealthDataArgsSchema, raw);
  const window = parseWindow(args.from, args.to);
  const { resolved, codes, text } = resolveFilter(args.indicator, args.loinc_code);
  const limit = args.limit ?? QUERY_DEFAULT_LIMIT;
  const page = await readMatching(ctx, { ...window, codes, text, abnormalOnly: args.abnormal_only === true }, limit);
  return {
    resolved,
    records: page.records.map(toToolReading),
    total_matched: page.total,
    truncated: page.hasMore || page.totalCapped,
    ...(page.totalCapped ? { total_is_lower_bound: true } : {}),
  };
}

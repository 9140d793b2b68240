import * as z from 'zod/mini';
import type { WriteFhirObservationResult } from '../../../domain/agent/tool-results';
import { parseTimestamp } from '../../../domain/timestamps';
import type { Subject } from '../../../ports/subject-directory';
import { writeReadingsToSubject } from '../../record-writer';
import { optionalText, parseArgs, toToolReading } from './readings';
import { type BuiltinTool, type ToolContext, ToolInputError } from './types';

/** Tag of rows this tool writes (their `comment`), next to `source: consolidation`. */
export const WRITE_TOOL_COMMENT = 'write_fhir_observation';

/** `WriteFhirObservationArgs` (shared/domain/agent/tool-results.ts), with `null` accepted for an optional field. */
const WriteFhirObservationArgsSchema = z.object({
  indicator: z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(256)),
  value: z.union(
    [
      z.number().check(z.refine(Number.isFinite, 'must be finite')),
      z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(1000)),
    ],
    { error: 'must be a number or a string' },
  ),
  unit: optionalText(64),
  time: optionalText(64),
  reference_range: optionalText(256),
});

/**
 * Stores one reading the user reported in conversation, through the same standardization and write path
 * as `POST /v1/data` (LOINC, UCUM, FHIR mirror), with the request's retention.
 */
export const writeFhirObservation: BuiltinTool = {
  name: 'write_fhir_observation',
  description:
    'Store one health reading the user explicitly reported or asked to record (e.g. "my weight today is 72 kg", "log BP 128/82") ' +
    "in the user's record. It is standardized like any write (LOINC code, UCUM unit, a FHIR R4 Observation) and becomes visible to " +
    'query_health_data and summarize_health_data. Only write what the user stated; never write values you inferred or computed. ' +
    'Returns the stored rows (a blood pressure "128/82" becomes two rows) and their FHIR Observation ids.',
  parameters: {
    type: 'object',
    properties: {
      indicator: {
        type: 'string',
        description: 'What was measured, e.g. "Body weight", "Blood pressure", "Glucose", "Steps".',
      },
      value: {
        type: ['number', 'string'],
        description: 'The value as stated: a number (72.5) or text ("128/82", "<0.1", "positive").',
      },
      unit: {
        type: 'string',
        description: 'Unit as stated, e.g. "kg", "mmHg", "mg/dL", "bpm". Omit when there is none.',
      },
      time: {
        type: 'string',
        description:
          'When it was measured: ISO 8601 timestamp ("2026-03-01T08:00:00Z"; UTC when no offset) or date. Omit for now.',
      },
      reference_range: {
        type: 'string',
        description: 'Reference range if the user gave one, e.g. "70-99" or "< 200".',
      },
    },
    required: ['indicator', 'value'],
    additionalProperties: false,
  },
  run: (args, ctx) => writeFhirObservationRun(args, ctx),
};

async function writeFhirObservationRun(raw: unknown, ctx: ToolContext): Promise<WriteFhirObservationResult> {
  const args = parseArgs(WriteFhirObservationArgsSchema, raw);
  let time = new Date(ctx.nowMs).toISOString();
  if (args.time) {
    const parsed = parseTimestamp(args.time);
    if (!parsed) {
      throw new ToolInputError(
        `time must be an ISO 8601 timestamp or date such as 2026-03-01T08:00:00Z (got ${JSON.stringify(args.time)})`,
      );
    }
    time = parsed;
  }
  if (ctx.writeRetention === 'session' && !ctx.sessionId) {
    throw new Error('write_fhir_observation: session retention without a session id');
  }
  const subject: Subject = ctx.subjectId
    ? { subjectId: ctx.subjectId, accountId: ctx.accountId, key: ctx.subjectKey, createdAt: '' }
    : await ctx.services.subjects.findOrCreate(ctx.accountId, ctx.subjectKey);
  const written = await writeReadingsToSubject(
    ctx.services,
    subject,
    [
      {
        input: { indicator: args.indicator, value: args.value, unit: args.unit, referenceRange: args.reference_range },
        time,
        endTime: null,
        comment: WRITE_TOOL_COMMENT,
      },
    ],
    { subjectKey: ctx.subjectKey, source: 'consolidation', retention: ctx.writeRetention, sessionId: ctx.sessionId },
  );
  // The Subject now exists: later tools of the same turn read it.
  ctx.subjectId = subject.subjectId;
  return {
    written: written.map(toToolReading),
    fhir_resource_ids: written.map((r) => r.fhirResourceId),
  };
}

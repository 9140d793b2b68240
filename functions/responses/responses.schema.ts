import * as z from 'zod/mini';
import { MODEL_TIERS } from '../../shared/domain/models';
import { EvidenceItemSchema } from '../../shared/openapi/wire/common';

/** An item of `output` or of a response's input items: a message, a function call, a tool step, … by `type`. */
export const ResponseItemSchema = z
  .looseObject({ type: z.string(), id: z.optional(z.string()) })
  .check(z.meta({ id: 'ResponseItem', description: 'An item: `message`, `function_call`, `function_call_output`, …' }));

/**
 * The `response` object of the responses protocol, as stored and as answered. Its many echo fields (`temperature`,
 * `tools`, `reasoning`, …) follow the protocol; the ones HDS adds are `session_id`, `mode`, `tool_steps`,
 * `health_records` and `citations`.
 */
export const ResponseObjectSchema = z
  .looseObject({
    id: z.string(),
    object: z.literal('response'),
    created_at: z.number(),
    status: z.enum(['completed', 'incomplete', 'failed', 'in_progress', 'cancelled', 'queued']),
    model: z.enum(MODEL_TIERS),
    output: z.array(ResponseItemSchema),
    output_text: z.string(),
    previous_response_id: z.nullable(z.string()),
    store: z.boolean(),
    user: z.string(),
    metadata: z.record(z.string(), z.string()),
    usage: z.nullable(z.looseObject({ input_tokens: z.number(), output_tokens: z.number(), total_tokens: z.number() })),
    session_id: z.nullable(z.string()),
    mode: z.enum(['agent', 'model']),
    tool_steps: z.array(z.unknown()),
    health_records: z.array(EvidenceItemSchema),
    citations: z.array(EvidenceItemSchema),
  })
  .check(z.meta({ id: 'Response', description: 'A response of the responses protocol' }));

export const ResponsePathSchema = z.object({ response_id: z.string() });

import * as z from 'zod/mini';
import { MODEL_TIERS } from '../../shared/domain/models';
import { RETENTIONS } from '../../shared/domain/retention';
import { defineOperation } from '../../shared/openapi/operation';
import { EvidenceItemSchema } from '../../shared/openapi/wire/common';
import { MAX_RECORDS_PER_WRITE, RecordInputSchema } from '../data/create-data.schema';

const TextPartSchema = z.looseObject({ type: z.enum(['text', 'input_text', 'output_text']), text: z.string() });

const ChatMessageSchema = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant']),
  content: z.nullish(
    z.union([z.string(), z.array(TextPartSchema)]).check(z.meta({ description: 'Text, or text parts; no media' })),
  ),
});

const HealthContextRecords = z.array(RecordInputSchema).check(z.maxLength(MAX_RECORDS_PER_WRITE));

/**
 * `POST /v1/chat/completions` as the chat-completions protocol sends it: sampling fields and unknown fields are
 * accepted and ignored (clients send them unasked); `tools`, `functions`, `tool_choice`, `function_call` and
 * `response_format` are refused with `unsupported_parameter` (a closed, grounded completion).
 */
export const ChatCompletionRequestSchema = z
  .looseObject({
    model: z.nullish(z.enum(MODEL_TIERS).check(z.meta({ description: 'A tier; `hds-flash` when absent' }))),
    messages: z
      .array(ChatMessageSchema)
      .check(
        z.minLength(1),
        z.maxLength(200),
        z.meta({ description: 'Ends with a user message; system/developer messages set style only' }),
      ),
    stream: z.nullish(z.boolean()),
    stream_options: z.nullish(z.looseObject({ include_usage: z.nullish(z.boolean()) })),
    user: z.nullish(z.string().check(z.meta({ description: 'The Subject whose records ground the answer' }))),
    session_id: z.nullish(z.string()),
    retention: z.nullish(
      z.enum(RETENTIONS).check(z.meta({ description: 'Of `health_context`; `none` keeps it for this answer only' })),
    ),
    health_context: z.nullish(
      z
        .union([HealthContextRecords, z.looseObject({ records: HealthContextRecords })])
        .check(z.meta({ description: 'Readings sent with the question, stored per `retention`' })),
    ),
    include_tool_steps: z.nullish(z.boolean()),
    mcp_servers: z.nullish(
      z.array(z.looseObject({ name: z.string(), url: z.string(), access_token: z.nullish(z.string()) })),
    ),
  })
  .check(z.meta({ id: 'ChatCompletionRequest' }));

const UsageSchema = z.looseObject({
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  total_tokens: z.number(),
});

const ToolStepSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  result: z.string(),
});

export const ChatCompletionSchema = z
  .object({
    id: z.string(),
    object: z.literal('chat.completion'),
    created: z.number(),
    model: z.enum(MODEL_TIERS),
    system_fingerprint: z.null(),
    choices: z.array(
      z.object({
        index: z.number(),
        finish_reason: z.string(),
        logprobs: z.null(),
        message: z.object({
          role: z.literal('assistant'),
          content: z.string(),
          refusal: z.null(),
          reasoning_content: z.nullish(z.string()),
          tool_steps: z.array(ToolStepSchema),
        }),
      }),
    ),
    usage: UsageSchema,
    health_records: z.array(EvidenceItemSchema),
    citations: z.array(EvidenceItemSchema),
  })
  .check(z.meta({ id: 'ChatCompletion' }));

export const ChatCompletionChunkSchema = z
  .looseObject({
    id: z.string(),
    object: z.literal('chat.completion.chunk'),
    created: z.number(),
    model: z.enum(MODEL_TIERS),
    choices: z.array(
      z.looseObject({
        index: z.number(),
        delta: z.looseObject({ role: z.optional(z.string()), content: z.optional(z.string()) }),
        finish_reason: z.nullable(z.string()),
      }),
    ),
    usage: z.optional(UsageSchema),
  })
  .check(z.meta({ id: 'ChatCompletionChunk', description: 'One `data:` event of a streamed answer' }));

export const operation = defineOperation('create-chat-completion', {
  summary: 'Answer a question grounded in the Subject’s records (chat-completions protocol)',
  description: 'With `stream: true` the answer is server-sent `chat.completion.chunk` events ending `data: [DONE]`.',
  tags: ['Answers'],
  body: ChatCompletionRequestSchema,
  responses: {
    200: {
      description: 'The answer (JSON), or its chunks as server-sent events when streamed',
      schema: ChatCompletionSchema,
      stream: ChatCompletionChunkSchema,
    },
  },
  examples: [
    { model: 'hds-flash', user: 'alice', messages: [{ role: 'user', content: 'How is my glucose trending?' }] },
    {
      model: 'hds-expert',
      user: 'alice',
      stream: true,
      retention: 'none',
      health_context: [{ indicator: 'Glucose', value: 5.4, unit: 'mmol/L', time: '2026-06-16T07:30:00Z' }],
      messages: [
        { role: 'system', content: 'Answer briefly.' },
        { role: 'user', content: 'Is this glucose normal?' },
      ],
    },
  ],
});

import * as z from 'zod/mini';
import { defineOperation } from '../../shared/openapi/operation';
import { ResponseObjectSchema } from './responses.schema';

const InputItemSchema = z.looseObject({
  type: z.optional(z.string().check(z.meta({ description: '`message` (default with `role`), `function_call`, …' }))),
  role: z.optional(z.string()),
});

const ToolSchema = z.looseObject({
  type: z.string().check(z.meta({ description: '`function` (a client tool) or `mcp` (a remote MCP server)' })),
});

/**
 * `POST /v1/responses` as the responses protocol and the agents SDKs send it. Fields SDKs send unasked are accepted;
 * unknown ones too unless `strict: true` (or the header `X-HDS-Strict: 1`) asks otherwise.
 */
export const CreateResponseRequestSchema = z
  .looseObject({
    model: z.nullish(z.string().check(z.meta({ description: 'A tier; other names are served by `hds-flash`' }))),
    input: z.union([z.string(), z.array(InputItemSchema)]).check(z.meta({ description: 'Text, or input items' })),
    instructions: z.nullish(z.string()),
    stream: z.nullish(z.boolean()),
    store: z.nullish(z.boolean()),
    previous_response_id: z.nullish(z.string()),
    session_id: z.nullish(z.string()),
    tools: z.nullish(z.array(ToolSchema)),
    tool_choice: z.nullish(z.union([z.string(), z.looseObject({ type: z.string() })])),
    user: z.nullish(z.string().check(z.meta({ description: 'The Subject' }))),
    mode: z.nullish(z.enum(['agent', 'model'])),
    text: z.nullish(z.looseObject({ format: z.optional(z.unknown()) })),
    builtin_tools: z.nullish(z.union([z.string(), z.array(z.string())])),
    metadata: z.nullish(z.record(z.string(), z.string())),
    strict: z.optional(z.unknown()),
  })
  .check(z.meta({ id: 'CreateResponseRequest' }));

export const ResponseStreamEventSchema = z
  .looseObject({ type: z.string(), sequence_number: z.optional(z.number()) })
  .check(z.meta({ id: 'ResponseStreamEvent', description: '`response.created`, `response.output_text.delta`, …' }));

export const operation = defineOperation('create-response', {
  summary: 'Run one agent turn (responses protocol)',
  description: 'With `stream: true` the answer is server-sent events of the responses protocol.',
  tags: ['Agent'],
  body: CreateResponseRequestSchema,
  responses: {
    200: {
      description: 'The response, or its events when streamed',
      schema: ResponseObjectSchema,
      stream: ResponseStreamEventSchema,
    },
  },
  examples: [
    { model: 'hds-flash', user: 'alice', input: 'What was my last HbA1c?' },
    {
      model: 'hds-expert',
      user: 'alice',
      store: true,
      input: [{ role: 'user', content: 'Plot my glucose this month' }],
      tools: [{ type: 'function', name: 'show_chart', parameters: { type: 'object', properties: {} } }],
    },
  ],
});

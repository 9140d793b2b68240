import type OpenAI from 'openai';
import type * as z from 'zod/mini';
import { DeadlineError, UpstreamError } from '../../errors';
import { parseJsonOrNull } from '../../json';
import { log } from '../../log';

export interface StructuredCall<S extends z.ZodMiniType> {
  model: string;
  instructions: string;
  text: string;
  /** Name and JSON Schema of the structured output the model must produce (strict). */
  name: string;
  jsonSchema: Record<string, unknown>;
  /** The same shape, checked on what came back. */
  schema: S;
  /** What failed, in the words of the 502 ("extraction", "memory extraction"). */
  purpose: string;
  /** Ends the call (and the SDK's retries) when the caller's time is up: a 504 instead of a killed function. */
  signal?: AbortSignal;
}

/**
 * One schema-constrained chat completion (structured outputs through the `openai` SDK, temperature 0): the parsed
 * answer, or a 502 when the model is unavailable or answers outside the schema.
 */
export async function structuredCompletion<S extends z.ZodMiniType>(
  client: OpenAI,
  call: StructuredCall<S>,
  parse: (schema: S, value: unknown) => { success: true; data: z.infer<S> } | { success: false },
): Promise<z.infer<S>> {
  let content: string | null | undefined;
  try {
    const completion = await client.chat.completions.create(
      {
        model: call.model,
        temperature: 0,
        messages: [
          { role: 'system', content: call.instructions },
          { role: 'user', content: call.text },
        ],
        response_format: {
          type: 'json_schema',
          json_schema: { name: call.name, strict: true, schema: call.jsonSchema },
        },
      },
      call.signal ? { signal: call.signal } : undefined,
    );
    content = completion.choices[0]?.message?.content;
  } catch (err) {
    if (call.signal?.aborted) {
      throw new DeadlineError(
        `The ${call.purpose} model did not finish within this request's time. A long document is read in the background when uploaded with POST /v1/files; its readings then appear in GET /v1/data.`,
      );
    }
    log('warn', `${call.purpose} model failed`, {
      error: (err as Error)?.name,
      status: (err as { status?: number })?.status,
    });
    throw new UpstreamError(`The ${call.purpose} model is unavailable; retry with backoff.`);
  }
  const parsed = parse(call.schema, parseJsonOrNull(content));
  if (!parsed.success) throw new UpstreamError(`The ${call.purpose} model returned an unreadable answer; retry.`);
  return parsed.data;
}

import type OpenAI from 'openai';
import * as z from 'zod/mini';
import { boundMemories, type ExtractedMemory, MEMORY_KINDS, type MemoryExtractor } from '../../domain/memory/types';
import { structuredCompletion } from './structured-completion';

/** The structured output the model must produce: short durable facts, each with its kind. */
const MEMORIES_SCHEMA = {
  type: 'object',
  properties: {
    memories: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          text: { type: 'string' },
          kind: { type: ['string', 'null'], enum: [...MEMORY_KINDS, null] },
        },
        required: ['text', 'kind'],
        additionalProperties: false,
      },
    },
  },
  required: ['memories'],
  additionalProperties: false,
} as const;

const MemoriesSchema = z.object({
  memories: z.array(
    z.object({
      text: z.string(),
      kind: z.catch(z.nullable(z.enum(MEMORY_KINDS)), null),
    }),
  ),
});

const INSTRUCTIONS = `You read what a person wrote to their health assistant and list the durable personal facts they
stated about themselves that would still matter weeks from now: diagnosed or chronic conditions, allergies and
intolerances, medications and supplements they take, their diet, health and fitness goals, family medical history,
lasting habits (smoking, alcohol, shift work, regular exercise) and preferences about how to be answered.
Write each fact as one short sentence in the first person, close to their own words ("I am allergic to penicillin").
Do NOT list measurements or readings (heart rate, weight, blood pressure, glucose, sleep hours: they are stored
elsewhere), one-off events, how they feel today, questions, hypotheticals, anything they are unsure of, or facts about
other people except blood relatives' medical history. Text without such facts yields an empty list.`;

/**
 * Memory extraction by a schema-constrained model call (structured outputs through the `openai` SDK), bounded as
 * every extractor's output is (`boundMemories`).
 */
export class OpenAIMemoryExtractor implements MemoryExtractor {
  constructor(
    private readonly client: OpenAI,
    private readonly model: string,
  ) {}

  async extract(text: string): Promise<ExtractedMemory[]> {
    const { memories } = await structuredCompletion(
      this.client,
      {
        model: this.model,
        instructions: INSTRUCTIONS,
        text,
        name: 'memories',
        jsonSchema: MEMORIES_SCHEMA as unknown as Record<string, unknown>,
        schema: MemoriesSchema,
        purpose: 'memory extraction',
      },
      z.safeParse,
    );
    return boundMemories(memories);
  }
}

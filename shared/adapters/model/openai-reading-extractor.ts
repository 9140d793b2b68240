import type OpenAI from 'openai';
import * as z from 'zod/mini';
import type { ExtractedReading, ExtractionOptions, ReadingExtractor } from '../../domain/extraction/types';
import { structuredCompletion } from './structured-completion';

const nullableString = { type: ['string', 'null'] } as const;

/** The structured output the model must produce: readings exactly as written, never a code. */
const READINGS_SCHEMA = {
  type: 'object',
  properties: {
    readings: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          indicator: { type: 'string' },
          value: { type: 'string' },
          unit: nullableString,
          reference_range: nullableString,
          flag: nullableString,
          measured_at: nullableString,
        },
        required: ['indicator', 'value', 'unit', 'reference_range', 'flag', 'measured_at'],
        additionalProperties: false,
      },
    },
  },
  required: ['readings'],
  additionalProperties: false,
} as const;

const ReadingsSchema = z.object({
  readings: z.array(
    z.object({
      indicator: z.string(),
      value: z.string(),
      unit: z.nullable(z.string()),
      reference_range: z.nullable(z.string()),
      flag: z.nullable(z.string()),
      measured_at: z.nullable(z.string()),
    }),
  ),
});

const INSTRUCTIONS = `You read health documents (lab reports, vitals notes, device exports, journal text) and list every
measured reading they state: one entry per test result or vital sign. Copy the indicator name, value, unit, reference
range and flag exactly as written in the document (no conversions, no corrections, no codes). measured_at is the
reading's date or date-time in ISO 8601 when the document gives one, else null. Ignore names, addresses, identifiers,
dates that are not measurement dates, medication doses and narrative. A document without measured readings yields an
empty list.`;

/**
 * Reading extraction by a schema-constrained model call (structured outputs through the `openai` SDK).
 * Rows whose value does not occur in the document are dropped: the model may read, never invent.
 */
export class OpenAIReadingExtractor implements ReadingExtractor {
  constructor(
    private readonly client: OpenAI,
    private readonly model: string,
  ) {}

  async extract(text: string, options: ExtractionOptions = {}): Promise<ExtractedReading[]> {
    const { readings } = await structuredCompletion(
      this.client,
      {
        model: this.model,
        instructions: INSTRUCTIONS,
        text: options.defaultDate ? `Report date: ${options.defaultDate}\n\n${text}` : text,
        name: 'readings',
        jsonSchema: READINGS_SCHEMA as unknown as Record<string, unknown>,
        schema: ReadingsSchema,
        purpose: 'extraction',
        signal: options.signal,
      },
      z.safeParse,
    );
    const haystack = squash(text);
    return readings
      .filter((r) => r.indicator.trim() && r.value.trim() && haystack.includes(squash(r.value)))
      .map((r) => ({
        indicator: r.indicator.trim(),
        value: r.value.trim(),
        unit: r.unit?.trim() || null,
        referenceRange: r.reference_range?.trim() || null,
        flag: r.flag?.trim() || null,
        measuredAt: r.measured_at?.trim() || options.defaultDate || null,
      }));
  }
}

function squash(s: string): string {
  return s.replace(/\s+/g, '').toLowerCase();
}

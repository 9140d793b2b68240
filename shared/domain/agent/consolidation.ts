import type { ModelMessage } from '../../ports/model-provider';
import type { WriteFhirObservationResult } from './tool-results';

/**
 * What consolidation reads out of a stored turn, as pure functions: the person's own words of that turn, and the
 * readings the turn's `write_fhir_observation` calls already stored (so the journal pass does not store them twice).
 */

/** The user messages a turn added (from `turnStart` on), joined; earlier turns were consolidated with their own. */
export function turnUserText(transcript: readonly ModelMessage[], turnStart: number): string {
  return transcript
    .slice(Math.max(0, turnStart))
    .filter((m): m is Extract<ModelMessage, { role: 'user' }> => m.role === 'user')
    .map((m) => m.content.trim())
    .filter(Boolean)
    .join('\n\n');
}

/** A reading as it is compared with another: what was measured, its value, and its day. */
export interface ReadingIdentity {
  loincCode: string | null;
  indicator: string;
  /** The parsed value when there is one, else the value as written. */
  value: string | number | null;
  /** ISO 8601. */
  time: string;
}

/**
 * Two readings are the same when they name the same code (or, uncoded, the same indicator text), hold the same value
 * and fall on the same UTC day: the model's tool call and the extractor may pick different times of that day.
 */
export function readingKey(r: ReadingIdentity): string {
  const what = r.loincCode ?? r.indicator.trim().toLowerCase();
  const n = typeof r.value === 'number' ? r.value : Number(r.value);
  const value =
    r.value !== null && String(r.value).trim() !== '' && Number.isFinite(n)
      ? String(n)
      : String(r.value ?? '')
          .trim()
          .toLowerCase();
  return `${what}|${value}|${r.time.slice(0, 10)}`;
}

/** The keys of the rows the turn's `write_fhir_observation` steps stored (from the response's `tool_steps`). */
export function toolWrittenKeys(toolSteps: unknown): Set<string> {
  const keys = new Set<string>();
  if (!Array.isArray(toolSteps)) return keys;
  for (const step of toolSteps as { name?: unknown; result?: unknown }[]) {
    if (step?.name !== 'write_fhir_observation' || typeof step.result !== 'string') continue;
    let result: Partial<WriteFhirObservationResult> | null = null;
    try {
      result = JSON.parse(step.result) as Partial<WriteFhirObservationResult>;
    } catch {
      continue;
    }
    for (const r of Array.isArray(result?.written) ? result.written : []) {
      if (typeof r?.time !== 'string' || typeof r.indicator !== 'string') continue;
      keys.add(
        readingKey({
          loincCode: r.loinc_code ?? null,
          indicator: r.indicator,
          value: r.parsed_value ?? r.value,
          time: r.time,
        }),
      );
    }
  }
  return keys;
}

import type { ToolStep } from '../../shared/domain/agent/tool-step';
import { chatUsage } from '../../shared/domain/agent/usage';
import type { ModelTier } from '../../shared/domain/models';
import type { AgentOutcome } from '../../shared/services/agent/run-agent';

/** Without `include_tool_steps`, each step's result is cut to this many characters (the public product's rule). */
export const SHORT_RESULT_CHARS = 2000;

export interface CompletionIdentity {
  id: string;
  created: number;
  model: ModelTier;
}

export function toolStepsForWire(steps: readonly ToolStep[], full: boolean): ToolStep[] {
  return steps.map((s) =>
    full || s.result.length <= SHORT_RESULT_CHARS ? s : { ...s, result: `${s.result.slice(0, SHORT_RESULT_CHARS)}…` },
  );
}

/** The `chat.completion` object: one choice, the clean answer, and the HDS extensions. */
export function chatCompletion(who: CompletionIdentity, outcome: AgentOutcome, fullSteps: boolean) {
  return {
    id: who.id,
    object: 'chat.completion',
    created: who.created,
    model: who.model,
    system_fingerprint: null,
    choices: [
      {
        index: 0,
        finish_reason: outcome.finishReason,
        logprobs: null,
        message: {
          role: 'assistant',
          content: outcome.answer,
          refusal: null,
          reasoning_content: outcome.reasoning,
          tool_steps: toolStepsForWire(outcome.toolSteps, fullSteps),
        },
      },
    ],
    usage: chatUsage(outcome.usage),
    health_records: [],
    citations: [],
  };
}

/** One `chat.completion.chunk` with a delta for choice 0. */
export function chunk(
  who: CompletionIdentity,
  delta: Record<string, unknown>,
  finishReason: string | null = null,
  extra = {},
) {
  return {
    id: who.id,
    object: 'chat.completion.chunk',
    created: who.created,
    model: who.model,
    system_fingerprint: null,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...extra,
  };
}

/** The closing chunk(s): `finish_reason`, then (when asked) the usage chunk with no choices; the last carries the extensions. */
export function closingChunks(who: CompletionIdentity, outcome: AgentOutcome, usageChunk: boolean) {
  const tail = { usage: chatUsage(outcome.usage), health_records: [], citations: [] };
  if (!usageChunk) return [chunk(who, {}, outcome.finishReason, tail)];
  return [
    chunk(who, {}, outcome.finishReason),
    {
      id: who.id,
      object: 'chat.completion.chunk',
      created: who.created,
      model: who.model,
      system_fingerprint: null,
      choices: [],
      ...tail,
    },
  ];
}

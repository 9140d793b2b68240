import { toolTitle } from '../../shared/domain/agent/tool-titles';
import { responseUsage } from '../../shared/domain/agent/usage';
import { sseFrame } from '../../shared/http/sse';
import type { AgentEvent, AgentOutcome } from '../../shared/services/agent/run-agent';
import { STREAMED_RESULT_CHARS } from '../responses/response-stream';

/** The engine's SSE frame (gaps item 12): `data: {type, content, tool_id?}`. */
function frame(type: string, content: unknown, extra: Record<string, unknown> = {}): string {
  return sseFrame({ type, content, ...extra });
}

/** The first frame: which stored response this turn becomes, and the session to send back to continue it. */
export function idFrame(responseId: string, sessionId: string): string {
  return frame('id', responseId, { session_id: sessionId });
}

/** The engine's frames for one agent event; none for what the engine does not show (client calls: none are offered). */
export function engineFrames(event: AgentEvent): string[] {
  switch (event.type) {
    case 'reasoning':
      return [frame('thinking', event.delta)];
    case 'text':
      return [frame('reply', event.delta)];
    case 'tool_step_started':
      return [
        frame('queryTitle', toolTitle(event.step.name), { tool_id: event.step.id }),
        frame('queryArguments', JSON.stringify(event.step.arguments), { tool_id: event.step.id }),
      ];
    case 'tool_step':
      // Bounded as `/v1/responses` streams a tool result; the stored response keeps it whole.
      return [frame('queryDetail', event.step.result.slice(0, STREAMED_RESULT_CHARS), { tool_id: event.step.id })];
    default:
      return [];
  }
}

/** After the turn is stored: what it cost, then the end. */
export function closingFrames(outcome: AgentOutcome, model: string): string[] {
  const usage = responseUsage(outcome.usage);
  return [
    frame('costStatistics', {
      input_tokens: usage.input_tokens,
      output_tokens: usage.output_tokens,
      total_tokens: usage.total_tokens,
      model,
    }),
    frame('end', ''),
  ];
}

export function errorFrame(message: string): string {
  return frame('error', message);
}

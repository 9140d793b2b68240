import { BadRequestError } from '../../shared/errors';
import type { StoredResponse } from '../../shared/ports/conversation-store';
import type { ModelMessage, ModelToolCall } from '../../shared/ports/model-provider';
import type { InputItem } from './responses-request';

/** Where a turn starts: the stored history it continues, what this request adds, and a handoff it resumes. */
export interface TurnStart {
  history: ModelMessage[];
  added: ModelMessage[];
  /** The caller's `system`/`developer` input items (style only in agent mode). */
  style: string[];
  /** A stored handoff this request resumes (to be marked resumed, once). */
  resumes: StoredResponse | null;
}

function continuationError(message: string, code: string): BadRequestError {
  return new BadRequestError(message, code, 'input');
}

/**
 * The spec's continuation rules (Function-call continuation errors): resuming a stored handoff takes only
 * `function_call_output` items covering exactly its pending calls, once; a stateless replay must carry the
 * `function_call` items its outputs answer.
 */
export function startTurn(items: InputItem[], previous: StoredResponse | null): TurnStart {
  const outputs = items.filter((i) => i.kind === 'function_call_output');
  const calls = items.filter((i) => i.kind === 'function_call');
  const messages = items.filter((i) => i.kind === 'message');
  let resumes: StoredResponse | null = null;

  if (previous) {
    const pending = previous.resumed ? [] : previous.pendingCalls;
    if (pending.length > 0) {
      if (outputs.length === 0) {
        throw continuationError(
          `previous response has pending function call(s) (${pending.map((p) => p.callId).join(', ')}); provide function_call_output items`,
          'pending_function_calls',
        );
      }
      if (messages.length > 0 || calls.length > 0) {
        throw continuationError(
          'cannot mix message items with function_call_output when resuming via previous_response_id',
          'mixed_resume_input',
        );
      }
      const wanted = new Set(pending.map((p) => p.callId));
      const given = outputs.map((o) => o.callId);
      const unknown = given.filter((id) => !wanted.has(id));
      if (unknown.length > 0) throw continuationError(`unknown call_id(s): ${unknown.join(', ')}`, 'unknown_call_id');
      if (new Set(given).size !== given.length) {
        throw continuationError('each call_id must have exactly one function_call_output', 'duplicate_call_id');
      }
      const missing = [...wanted].filter((id) => !given.includes(id));
      if (missing.length > 0) {
        throw continuationError(
          `missing function_call_output for call_id(s): ${missing.join(', ')}`,
          'missing_function_call_output',
        );
      }
      resumes = previous;
    } else if (outputs.length > 0) {
      throw continuationError('previous response has no pending function calls', 'no_pending_function_calls');
    }
  }

  if (!resumes) {
    const called = new Set(calls.map((c) => c.callId));
    const answered = new Set(outputs.map((o) => o.callId));
    const orphans = outputs.filter((o) => !called.has(o.callId)).map((o) => o.callId);
    if (orphans.length > 0) {
      throw continuationError(
        `function_call_output without matching function_call items (call_id(s): ${orphans.join(', ')}); a stateless replay must include the function_call items too`,
        'unmatched_function_call_output',
      );
    }
    const unanswered = calls.filter((c) => !answered.has(c.callId)).map((c) => c.callId);
    if (unanswered.length > 0) {
      throw continuationError(
        `missing function_call_output for call_id(s): ${unanswered.join(', ')}`,
        'missing_function_call_output',
      );
    }
  }

  return {
    history: previous?.transcript ?? [],
    added: toMessages(items),
    style: items.filter((i) => i.kind === 'style').map((i) => i.text),
    resumes,
  };
}

/** Input items as chat messages: consecutive function calls become one assistant turn, outputs tool messages. */
export function toMessages(items: InputItem[]): ModelMessage[] {
  const out: ModelMessage[] = [];
  for (const item of items) {
    if (item.kind === 'message') {
      out.push(item.role === 'user' ? { role: 'user', content: item.text } : { role: 'assistant', content: item.text });
    } else if (item.kind === 'function_call') {
      const call: ModelToolCall = { id: item.callId, name: item.name, arguments: item.arguments };
      const last = out[out.length - 1];
      if (last?.role === 'assistant') last.toolCalls = [...(last.toolCalls ?? []), call];
      else out.push({ role: 'assistant', content: null, toolCalls: [call] });
    } else if (item.kind === 'function_call_output') {
      out.push({ role: 'tool', toolCallId: item.callId, content: item.output });
    }
  }
  return out;
}

/**
 * Where what the caller said in this turn begins in the stored transcript (`StoredResponse.turnStart`): after the
 * continued history and, in a stateless replay, after the last model or tool message the replay carried, so earlier
 * user messages of a replayed conversation are not read again as this turn's.
 */
export function turnInputStart(start: TurnStart): number {
  let i = start.added.length;
  while (i > 0 && start.added[i - 1]!.role === 'user') i--;
  return start.history.length + i;
}

import { nowMs } from '../../../clock';
import { countMessageTokens, countTokens, countToolTokens, loadTokenizer } from '../../../domain/agent/tokens';
import type { ModelCall, ModelEvent, ModelProvider, ModelToolCall } from '../../../ports/model-provider';
import { clientAnswer } from './client-answer';
import { argumentsFor, toolAskedFor } from './client-tools';
import { composeAnswer } from './compose';
import { isServerTool, readTurn, type Turn } from './conversation';
import { messagesFor } from './messages/index';
import { forcedCall, narrowToOffered, type OfferedTools, planNextRound } from './plan';
import { analyseConversation } from './question';

/** Longest text delta: word-sized, but a long token (a chart's JSON) is cut so that it streams too. */
const MAX_DELTA = 32;

/** Text in word-sized deltas whose concatenation is exactly the text. */
export function chunkText(text: string, max = MAX_DELTA): string[] {
  const chunks: string[] = [];
  for (const word of text.match(/\S+\s*|\s+/g) ?? []) {
    for (let i = 0; i < word.length; i += max) chunks.push(word.slice(i, i + max));
  }
  return chunks;
}

/** The tools the engine may call in this request: those offered, narrowed by `toolChoice`. */
function offeredTools(call: ModelCall): OfferedTools {
  const names = new Set(call.tools.map((t) => t.name));
  const choice = call.toolChoice;
  if (choice === 'none') return new Set();
  if (typeof choice === 'object') return names.has(choice.name) ? new Set([choice.name]) : new Set();
  return names;
}

/** A call the engine makes: a server tool of the catalogue, or one of the caller's own. */
type ToolRequest = { name: string; args: Record<string, unknown> };

/**
 * A call of one of the caller's own tools, at the start of a turn: the tool a named `tool_choice` names; under
 * `required` or `auto`, the tool the question plainly asks for (`required` falls back to the first of them when no
 * server tool is offered). Arguments come from the question, valid against the tool's schema.
 */
function ownToolCall(call: ModelCall, turn: Turn, offered: OfferedTools): ToolRequest | null {
  if (turn.rounds.length > 0 || turn.clientResults.length > 0) return null;
  const own = call.tools.filter((t) => !isServerTool(t.name) && offered.has(t.name));
  if (own.length === 0) return null;
  const choice = call.toolChoice;
  let tool = typeof choice === 'object' ? (own.find((t) => t.name === choice.name) ?? null) : null;
  tool ??= toolAskedFor(own, turn.question);
  if (!tool && choice === 'required' && !call.tools.some((t) => isServerTool(t.name))) tool = own[0] ?? null;
  if (!tool) return null;
  const today = new Date(nowMs()).toISOString().slice(0, 10);
  return { name: tool.name, args: argumentsFor(tool, turn.question, today) };
}

/**
 * The offline engine: a deterministic, rule-based stand-in for the language model when no upstream is configured.
 * It reads the question (tests through the LOINC resolver, intents, time window), calls the same server tools a
 * model would, and answers only with what the tools returned. Stateless: each call re-reads the conversation, so it
 * plugs into the agent loop exactly like an upstream model. It is not a language model and never says it is.
 *
 * Languages: a question in Spanish, German, French, Portuguese, Italian or Chinese is read in its language (time
 * windows, common test names, what it asks for) and answered in it; the latest question decides, and one that shows
 * no language ("LDL?") keeps the conversation's. Any other language is read as English and answered in English. Test
 * names from the records, tool errors and the reasoning trace stay as they are; numbers keep a decimal point.
 *
 * Not handled: a language or style asked for in a system message, and free-form formats; a JSON response format gets
 * `{"answer": "<markdown>"}`.
 */
export class OfflineEngine implements ModelProvider {
  readonly kind = 'offline' as const;

  async *stream(call: ModelCall): AsyncIterable<ModelEvent> {
    // Its usage (and a `maxTokens` budget) is counted in tokens as a model's would be.
    await loadTokenizer();
    const turn = readTurn(call.messages);
    const offered = offeredTools(call);
    const analysis = narrowToOffered(analyseConversation(turn.questions, nowMs()), offered);
    const inputTokens = countMessageTokens(call.messages) + countToolTokens(call.tools);

    const own = ownToolCall(call, turn, offered);
    const plan = own ? { calls: [own], reasoning: `Calling your ${own.name} tool for this request.` } : null;
    const planned =
      plan ?? (turn.clientResults.length > 0 ? { calls: [], reasoning: '' } : planNextRound(analysis, turn, offered));
    let calls: ToolRequest[] = planned.calls;
    let reasoning = planned.reasoning;
    const insists = call.toolChoice === 'required' || typeof call.toolChoice === 'object';
    if (calls.length === 0 && insists && turn.rounds.length === 0 && turn.clientResults.length === 0) {
      const forced = forcedCall(analysis, typeof call.toolChoice === 'object' ? call.toolChoice.name : null, offered);
      if (forced) {
        calls = [forced];
        reasoning = `A tool call is required; calling ${forced.name}.`;
      }
    }

    if (calls.length > 0) {
      const toolCalls: ModelToolCall[] = calls.map((c, i) => ({
        id: `call_${turn.callsSoFar + i + 1}`,
        name: c.name,
        arguments: JSON.stringify(c.args),
      }));
      if (call.signal?.aborted) return;
      yield { type: 'reasoning', delta: reasoning };
      for (const [index, tc] of toolCalls.entries()) {
        if (call.signal?.aborted) return;
        yield { type: 'tool_call_start', index, id: tc.id, name: tc.name };
        for (const delta of chunkText(tc.arguments, 24)) yield { type: 'tool_call_arguments', index, delta };
      }
      const reasoningTokens = countTokens(reasoning);
      const callTokens = toolCalls.reduce((n, tc) => n + countTokens(tc.name + tc.arguments), 0);
      yield {
        type: 'finish',
        reason: 'tool_calls',
        toolCalls,
        usage: { inputTokens, outputTokens: reasoningTokens + callTokens, reasoningTokens, cachedTokens: 0 },
      };
      return;
    }

    const outcomes = turn.rounds.flat();
    const answer =
      turn.clientResults.length > 0
        ? clientAnswer(turn.clientResults, messagesFor(analysis.language))
        : composeAnswer({ analysis, outcomes, offered, toolsDisabled: call.toolChoice === 'none' });
    const wantsJson = call.responseFormat?.type === 'json_object' || call.responseFormat?.type === 'json_schema';
    const text = wantsJson ? JSON.stringify({ answer }) : answer;
    const thought = outcomes.length
      ? `Composing the answer from ${outcomes.length} tool result${outcomes.length === 1 ? '' : 's'}.`
      : reasoning || 'Composing the answer.';

    if (call.signal?.aborted) return;
    yield { type: 'reasoning', delta: thought };
    const reasoningTokens = countTokens(thought);
    const budget =
      call.maxTokens !== undefined ? Math.max(0, call.maxTokens - reasoningTokens) : Number.POSITIVE_INFINITY;
    let emitted = '';
    let reason: 'stop' | 'length' = 'stop';
    for (const delta of chunkText(text)) {
      if (call.signal?.aborted) return;
      if (budget !== Number.POSITIVE_INFINITY && countTokens(emitted + delta) > budget) {
        reason = 'length';
        break;
      }
      emitted += delta;
      yield { type: 'text', delta };
    }
    yield {
      type: 'finish',
      reason,
      toolCalls: [],
      usage: {
        inputTokens,
        outputTokens: reasoningTokens + countTokens(emitted),
        reasoningTokens,
        cachedTokens: 0,
      },
    };
  }
}

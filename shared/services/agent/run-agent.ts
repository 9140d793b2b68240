import { countMessageTokens, countTokens, countToolTokens, loadTokenizer } from '../../domain/agent/tokens';
import type { ToolStep } from '../../domain/agent/tool-step';
import { addModelCall, addSubAgentUsage, emptyUsage, type TurnUsage } from '../../domain/agent/usage';
import type { ModelTier } from '../../domain/models';
import type {
  ModelCall,
  ModelEvent,
  ModelMessage,
  ModelProvider,
  ModelResponseFormat,
  ModelToolCall,
  ModelUsage,
} from '../../ports/model-provider';
import type { AgentTool } from './agent-tool';

/**
 * Model rounds of one turn before the model is made to answer without tools. The expert tier plans (todos, files,
 * sub-agents), which costs rounds; flash stays the fast path.
 */
const MAX_TOOL_ROUNDS: Record<ModelTier, number> = { 'hds-flash': 6, 'hds-expert': 12 };
/**
 * Text a model writes before deciding to call tools is thinking aloud, not the answer. Text is held back until
 * this much has arrived without a tool call; past it the call is taken to be answering, and text flows through.
 */
const ANSWER_COMMIT_CHARS = 160;

export interface AgentTurn {
  tier: ModelTier;
  /** The platform prompt (already carrying the caller's style). */
  system: string;
  /** The conversation as the caller sent it (and, on the Agent API, its stored history), without system messages. */
  conversation: ModelMessage[];
  /** What the caller sent this turn (style included): its tokens are the caller's, the rest platform overhead. */
  callerInput: ModelMessage[];
  tools: AgentTool[];
  provider: ModelProvider;
  signal: AbortSignal;
  /** Defaults to `auto` whenever tools are offered (backbone mode may force or name one). */
  toolChoice?: ModelCall['toolChoice'];
  /** Backbone mode: JSON output. */
  responseFormat?: ModelResponseFormat;
  /**
   * What the model reads of a server tool's result (the planning harness saves a large one as a file and hands the
   * model a stub). The tool step always keeps the whole result.
   */
  modelView?: (stepId: string, result: string) => string;
  /** Rounds before the model must answer; the tier's default otherwise (a sub-agent gets fewer). */
  maxToolRounds?: number;
}

export type AgentEvent =
  | { type: 'reasoning'; delta: string }
  | { type: 'text'; delta: string }
  | { type: 'tool_step_started'; step: Omit<ToolStep, 'result'> }
  | { type: 'tool_step'; step: ToolStep; error: boolean }
  /** A client tool the model is calling, as it forms (Agent API streaming of `function_call` items). */
  | { type: 'client_call_start'; callId: string; name: string }
  | { type: 'client_call_arguments'; callId: string; delta: string }
  | { type: 'done'; outcome: AgentOutcome };

export interface AgentOutcome {
  answer: string;
  reasoning: string;
  toolSteps: ToolStep[];
  /** Client tool calls the caller must run (a handoff); empty when the turn answered. */
  clientCalls: ModelToolCall[];
  /** The messages this turn added after the caller's input (assistant tool calls, tool results, the answer). */
  added: ModelMessage[];
  finishReason: 'stop' | 'length' | 'tool_calls' | 'content_filter';
  usage: TurnUsage;
}

/**
 * One agent turn: the model is called with the tools; server tools it asks for run here (in parallel) and their
 * results go back to it, until it answers or calls a client tool. Yields what a stream shows as it happens:
 * reasoning, tool steps, the answer text (one uninterrupted stream), client calls; then the outcome.
 */
export async function* runAgent(turn: AgentTurn): AsyncGenerator<AgentEvent> {
  const spent: { usage: TurnUsage | null } = { usage: null };
  try {
    yield* turnEvents(turn, spent);
  } catch (err) {
    if (err && typeof err === 'object') usageOfFailedTurns.set(err, spent.usage ?? (await callerOnlyUsage(turn)));
    throw err;
  }
}

async function callerOnlyUsage(turn: AgentTurn): Promise<TurnUsage> {
  await loadTokenizer();
  return emptyUsage(countMessageTokens(turn.callerInput));
}

const usageOfFailedTurns = new WeakMap<object, TurnUsage>();

/** What a turn that failed with `err` had spent by then (model calls that completed), for usage accounting. */
export function usageOfFailedTurn(err: unknown): TurnUsage | undefined {
  return err && typeof err === 'object' ? usageOfFailedTurns.get(err) : undefined;
}

async function* turnEvents(turn: AgentTurn, spent: { usage: TurnUsage | null }): AsyncGenerator<AgentEvent> {
  const offered = turn.tools.map(({ name, description, parameters }) => ({ name, description, parameters }));
  const byName = new Map(turn.tools.map((t) => [t.name, t]));
  const messages: ModelMessage[] = [
    ...(turn.system ? [{ role: 'system' as const, content: turn.system }] : []),
    ...turn.conversation,
  ];
  const added: ModelMessage[] = [];
  const steps: ToolStep[] = [];
  const stepIds = new Set<string>();
  // Counted once the first model call is done: the tokenizer loads then, not before the first answer byte.
  let usage: TurnUsage | null = null;
  let answer = '';
  let reasoning = '';

  for (let round = 0; ; round++) {
    const lastRound = round >= (turn.maxToolRounds ?? MAX_TOOL_ROUNDS[turn.tier]);
    let held = '';
    let answering = false;
    let callText = '';
    let callReasoning = '';
    let finish: Extract<ModelEvent, { type: 'finish' }> | undefined;
    let roundEmitted = false;
    const emitText = (delta: string): AgentEvent[] => {
      const out: AgentEvent[] = [];
      // Answer text after an earlier round's answer text continues the same answer, as a new paragraph.
      if (!roundEmitted && answer !== '' && !answer.endsWith('\n')) {
        answer += '\n\n';
        out.push({ type: 'text', delta: '\n\n' });
      }
      roundEmitted = true;
      answer += delta;
      out.push({ type: 'text', delta });
      return out;
    };
    const clientIndexes = new Map<number, string>();

    for await (const event of turn.provider.stream({
      tier: turn.tier,
      messages,
      tools: lastRound ? [] : offered,
      toolChoice: lastRound || offered.length === 0 ? undefined : round === 0 ? (turn.toolChoice ?? 'auto') : 'auto',
      responseFormat: turn.responseFormat,
      signal: turn.signal,
    })) {
      switch (event.type) {
        case 'reasoning': {
          // Each model call's reasoning starts on its own line.
          const delta =
            callReasoning === '' && reasoning !== '' && !reasoning.endsWith('\n') ? `\n${event.delta}` : event.delta;
          callReasoning += event.delta;
          reasoning += delta;
          yield { type: 'reasoning', delta };
          break;
        }
        case 'text':
          callText += event.delta;
          if (answering) {
            yield* emitText(event.delta);
          } else {
            held += event.delta;
            if (held.length >= ANSWER_COMMIT_CHARS) {
              answering = true;
              yield* emitText(held);
              held = '';
            }
          }
          break;
        case 'tool_call_start': {
          if (!answering && held) {
            // Thinking aloud before a tool call: it is reasoning, not part of the answer.
            reasoning += held;
            yield { type: 'reasoning', delta: held };
            held = '';
          }
          if (byName.get(event.name)?.kind === 'client') {
            clientIndexes.set(event.index, event.id);
            yield { type: 'client_call_start', callId: event.id, name: event.name };
          }
          break;
        }
        case 'tool_call_arguments': {
          const callId = clientIndexes.get(event.index);
          if (callId) yield { type: 'client_call_arguments', callId, delta: event.delta };
          break;
        }
        case 'finish':
          finish = event;
          break;
      }
    }
    if (!finish) throw new Error('the model stream ended without finishing');
    if (!usage) usage = await callerOnlyUsage(turn);
    usage = spent.usage = addModelCall(
      usage,
      estimateIfMissing(finish.usage, messages, offered, callText, callReasoning, finish.toolCalls),
    );

    const calls = finish.toolCalls;
    if (calls.length === 0 || lastRound) {
      if (held) yield* emitText(held);
      added.push({ role: 'assistant', content: callText });
      yield { type: 'done', outcome: outcome(finish.reason === 'tool_calls' ? 'stop' : finish.reason) };
      return;
    }
    if (held && !answering) {
      reasoning += held;
      yield { type: 'reasoning', delta: held };
    }

    const assistant: ModelMessage = { role: 'assistant', content: answering ? callText : null, toolCalls: calls };
    messages.push(assistant);
    added.push(assistant);
    const serverCalls = calls.filter((c) => byName.get(c.name)?.kind !== 'client');
    const clientCalls = calls.filter((c) => byName.get(c.name)?.kind === 'client');

    const ids = serverCalls.map((c) => uniqueStepId(c.id, stepIds));
    for (const [i, call] of serverCalls.entries()) {
      yield {
        type: 'tool_step_started',
        step: { id: ids[i]!, name: call.name, arguments: parseArguments(call.arguments) },
      };
    }
    const results = await Promise.all(
      serverCalls.map((call) => runServerCall(byName.get(call.name), call, turn.signal)),
    );
    for (const [i, call] of serverCalls.entries()) {
      const ran = results[i]!;
      const step: ToolStep = { id: ids[i]!, name: call.name, arguments: ran.arguments, result: ran.result };
      steps.push(step);
      yield { type: 'tool_step', step, error: ran.error };
      // A sub-agent's own tool runs are the caller's to see too, under the task step's id.
      for (const inner of ran.innerSteps ?? []) {
        const nested: ToolStep = { ...inner, id: `${step.id}.${inner.id}` };
        steps.push(nested);
        yield { type: 'tool_step_started', step: { id: nested.id, name: nested.name, arguments: nested.arguments } };
        yield { type: 'tool_step', step: nested, error: isErrorResult(nested.result) };
      }
      if (ran.usage) usage = spent.usage = addSubAgentUsage(usage, ran.usage);
      const content = turn.modelView ? turn.modelView(step.id, ran.result) : ran.result;
      const toolMessage: ModelMessage = { role: 'tool', toolCallId: call.id, content };
      messages.push(toolMessage);
      added.push(toolMessage);
    }
    if (clientCalls.length > 0) {
      yield { type: 'done', outcome: { ...outcome('tool_calls'), clientCalls } };
      return;
    }
  }

  function outcome(finishReason: AgentOutcome['finishReason']): AgentOutcome {
    // Called only after a model call finished, when usage is counted.
    return { answer, reasoning, toolSteps: steps, clientCalls: [], added, finishReason, usage: usage as TurnUsage };
  }
}

async function runServerCall(tool: AgentTool | undefined, call: ModelToolCall, signal: AbortSignal) {
  if (tool?.kind !== 'server') {
    return {
      arguments: parseArguments(call.arguments),
      result: `Error: there is no tool named ${call.name}.`,
      error: true,
    };
  }
  try {
    return await tool.run(call.arguments, signal);
  } catch (err) {
    if (signal.aborted) throw err;
    return {
      arguments: parseArguments(call.arguments),
      result: `Error: ${call.name} failed: ${(err as Error).message}`,
      error: true,
    };
  }
}

function isErrorResult(result: string): boolean {
  try {
    const value = JSON.parse(result);
    return !!value && typeof value === 'object' && 'error' in value;
  } catch {
    return result.startsWith('Error:');
  }
}

function parseArguments(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

function uniqueStepId(callId: string, used: Set<string>): string {
  let id = callId || `call_${used.size}`;
  for (let n = 2; used.has(id); n++) id = `${callId}_${n}`;
  used.add(id);
  return id;
}

/** Providers that report no usage (some OpenAI-compatible servers) are counted with the local tokenizer. */
function estimateIfMissing(
  usage: ModelUsage,
  messages: ModelMessage[],
  tools: { name: string; description: string; parameters: Record<string, unknown> }[],
  text: string,
  reasoning: string,
  calls: ModelToolCall[],
): ModelUsage {
  if (usage.inputTokens > 0 || usage.outputTokens > 0) return usage;
  const callTokens = calls.reduce((n, c) => n + countTokens(c.name + c.arguments), 0);
  const reasoningTokens = countTokens(reasoning);
  return {
    inputTokens: countMessageTokens(messages) + countToolTokens(tools),
    outputTokens: countTokens(text) + reasoningTokens + callTokens,
    reasoningTokens,
    cachedTokens: 0,
  };
}

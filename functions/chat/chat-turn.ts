import { randomBytes } from 'node:crypto';
import { nowMs } from '../../shared/clock';
import type { StoredRetention } from '../../shared/domain/retention';
import type { RouteResult, StreamedResult } from '../../shared/http/handler';
import { SSE_HEADERS, sseFrame, withKeepAlive } from '../../shared/http/sse';
import type { Tenancy } from '../../shared/http/tenancy';
import type { Subject } from '../../shared/ports/subject-directory';
import {
  agentModel,
  knowledgeContextOf,
  memoriesFor,
  recordPartialUsage,
  recordUsage,
  systemPromptFor,
} from '../../shared/services/agent/agent-setup';
import type { AgentTool } from '../../shared/services/agent/agent-tool';
import { connectMcpServers } from '../../shared/services/agent/mcp';
import { type AgentOutcome, type AgentTurn, runAgent } from '../../shared/services/agent/run-agent';
import { turnTools } from '../../shared/services/agent/tools/registry';
import { streamedFailure, upstreamFailure } from '../../shared/services/agent/upstream-failure';
import type { Services } from '../../shared/services/container';
import { type ReadingToStore, standardizeEphemeral, writeReadings } from '../../shared/services/record-writer';
import type { ChatRequest } from './chat-request';
import { type CompletionIdentity, chatCompletion, chunk, closingChunks, toolStepsForWire } from './chat-wire';

/** Who a chat turn acts for: an API key's account on `/v1`, a signed-in person's account on the console. */
export interface ChatCaller {
  services: Services;
  /** Bound to the caller's account: the Subject of `request.subjectKey` is looked up in that account only. */
  tenancy: Tenancy;
}

/**
 * One Answers API turn (chat-completions protocol): a grounded answer from the Subject's own unexpired records,
 * streamed as server-sent events when `request.stream` is true, metered to the caller's account. Every surface that
 * answers chat (`POST /v1/chat/completions`, the console's Ask) runs this one function.
 */
export async function answerChat(ctx: ChatCaller, request: ChatRequest): Promise<RouteResult | StreamedResult> {
  const controller = new AbortController();
  // Remote tool servers are connected (and vetted) before anything is stored or streamed: an unusable one is a 400.
  const mcp = await connectMcpServers(request.mcpServers, {
    signal: controller.signal,
    egress: ctx.services.egress,
  });
  let prepared: PreparedTurn;
  try {
    prepared = await prepareTurn(ctx, request, mcp.tools);
  } catch (err) {
    await mcp.close();
    throw err;
  }
  const { persistContext, ...parts } = prepared;
  const who: CompletionIdentity = {
    id: `chatcmpl-${randomBytes(16).toString('hex')}`,
    created: Math.floor(nowMs() / 1000),
    model: request.tier,
  };
  const turn: AgentTurn = { ...parts, signal: controller.signal };
  const account = { accountId: ctx.tenancy.accountId, tier: request.tier, surface: 'chat', engine: turn.provider.kind };

  if (!request.stream) {
    let outcome: AgentOutcome | undefined;
    try {
      for await (const event of runAgent(turn)) if (event.type === 'done') outcome = event.outcome;
    } catch (err) {
      await recordPartialUsage(ctx.services, account, err);
      throw upstreamFailure(err);
    } finally {
      await mcp.close();
    }
    if (!outcome) throw new Error('the agent turn ended without an outcome');
    await persistContext();
    await recordUsage(ctx.services, account, outcome.usage);
    return { body: chatCompletion(who, outcome, request.includeToolSteps) };
  }

  async function* frames(): AsyncGenerator<string> {
    yield sseFrame(chunk(who, { role: 'assistant', content: '', refusal: null }));
    try {
      for await (const event of runAgent(turn)) {
        if (event.type === 'reasoning') yield sseFrame(chunk(who, { reasoning_content: event.delta }));
        else if (event.type === 'text') yield sseFrame(chunk(who, { content: event.delta }));
        else if (event.type === 'tool_step_started') yield sseFrame(chunk(who, { tool_steps: [event.step] }));
        else if (event.type === 'tool_step') {
          yield sseFrame(chunk(who, { tool_steps: toolStepsForWire([event.step], request.includeToolSteps) }));
        } else if (event.type === 'done') {
          await persistContext();
          await recordUsage(ctx.services, account, event.outcome.usage);
          for (const c of closingChunks(who, event.outcome, request.includeUsageChunk)) yield sseFrame(c);
          yield 'data: [DONE]\n\n';
        }
      }
    } catch (err) {
      await recordPartialUsage(ctx.services, account, err);
      if (controller.signal.aborted) return;
      // Headers are sent: a failure can only be told as an error frame, after which the stream ends.
      yield sseFrame({ error: streamedFailure(err) });
    } finally {
      await mcp.close();
    }
  }
  const stop = () => {
    controller.abort();
    void mcp.close();
  };
  return { headers: SSE_HEADERS, frames: withKeepAlive(frames(), { onStop: stop }), onClose: stop };
}

type PreparedTurn = Omit<AgentTurn, 'signal'> & {
  /** Stores the inline context (when its retention keeps it) once the turn has succeeded. */
  persistContext(): Promise<void>;
};

/**
 * Holds the inline context for the turn, opens the chat session, and binds the tools to the caller's Subject. The
 * context is stored only after the turn succeeded, so a failed turn that the client retries stores it once.
 */
async function prepareTurn(ctx: ChatCaller, request: ChatRequest, remoteTools: AgentTool[]): Promise<PreparedTurn> {
  const { services, tenancy } = ctx;
  const now = nowMs();
  let subject: Subject | null = await tenancy.find(request.subjectKey);
  const context = request.healthContext;
  const readings: ReadingToStore[] = (context?.records ?? []).map((r) => ({
    input: { indicator: r.indicator, value: r.value, unit: r.unit, referenceRange: r.reference_range, flag: r.flag },
    time: r.time ?? r.measured_at ?? r.start_time ?? new Date(now).toISOString(),
    endTime: r.end_time ?? null,
    comment: r.source ?? '',
  }));
  const keep = context && context.retention !== 'none' ? (context.retention as StoredRetention) : null;
  const persistContext = async () => {
    if (!keep || readings.length === 0) return;
    await writeReadings(services, tenancy, readings, {
      subjectKey: request.subjectKey,
      source: 'api',
      retention: keep,
      sessionId: request.sessionId,
    });
  };
  if (request.sessionId) {
    subject ??= await tenancy.findOrCreate(request.subjectKey);
    await services.records.openSession(subject.subjectId, request.sessionId, new Date(now).toISOString());
  }
  const retentionNone = context?.retention === 'none';
  const provider = agentModel(services);
  const { tools: server, modelView } = turnTools(
    {
      services,
      accountId: tenancy.accountId,
      subjectKey: request.subjectKey,
      subjectId: subject?.subjectId ?? null,
      nowMs: now,
      sessionId: request.sessionId,
      // Until the turn succeeds the inline context is only in memory, whatever its retention.
      ephemeral: standardizeEphemeral(subject?.subjectId ?? 'request', readings),
      writeRetention: keep ?? 'permanent',
      knowledge: knowledgeContextOf(services),
    },
    // The write tool is left out when the caller asked for nothing to be kept.
    { tier: request.tier, readOnly: retentionNone, knowledgeTools: services.config.knowledge.enabled },
    provider,
  );
  const tools = [...server, ...remoteTools];
  const style = request.style;
  return {
    tier: request.tier,
    system: systemPromptFor(style, tools, await memoriesFor(services, subject?.subjectId ?? null)),
    conversation: request.conversation,
    callerInput: [...(style ? [{ role: 'system' as const, content: style }] : []), ...request.conversation],
    tools,
    provider,
    modelView,
    persistContext,
  };
}

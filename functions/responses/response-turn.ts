import { nowMs } from '../../shared/clock';
import { BadRequestError, NotFoundError } from '../../shared/errors';
import { log } from '../../shared/log';
import { responseExpiresAt, type StoredResponse } from '../../shared/ports/conversation-store';
import type { ModelProvider } from '../../shared/ports/model-provider';
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
import { type AgentEvent, type AgentOutcome, type AgentTurn, runAgent } from '../../shared/services/agent/run-agent';
import { type TurnTools, turnTools } from '../../shared/services/agent/tools/registry';
import type { ConsolidationJob } from '../../shared/services/consolidation';
import { publishEvent } from '../../shared/services/webhooks';
import type { ChatCaller } from '../chat/chat-turn';
import { startTurn, type TurnStart, turnInputStart } from './continuation';
import { inputItemsOf, resolveReferences } from './input-items';
import { hexId, type ResponseIdentity, type responseObject } from './response-object';
import { ResponseAssembly } from './response-stream';
import type { InputItem, ResponsesRequest } from './responses-request';
import { checkStructuredOutput } from './structured-output';

/** One Agent API turn, ready to run: who it is, its events, and what to do when it ends. */
export interface ResponseTurn {
  who: ResponseIdentity;
  /**
   * Builds the response object the turn is stored as; `/v1/responses` also streams its frames. Every event but
   * `done` must pass through `assembly.on`, so the stored response holds what was answered.
   */
  assembly: ResponseAssembly;
  /** The agent's events, ending with `done` (runs the turn; once). */
  events(): AsyncGenerator<AgentEvent>;
  /** After `done`: checks backbone output, stores the turn (`store: true`), takes a resumed handoff, counts usage. */
  conclude(outcome: AgentOutcome): Promise<{ frames: string[]; response: ReturnType<typeof responseObject> }>;
  /** After a failure: counts what the turn had spent. */
  fail(err: unknown): Promise<void>;
  /** Releases the remote MCP servers (after the turn, whatever its end). */
  close(): Promise<void>;
  /** The client went away: aborts the turn and releases what it holds. */
  stop(): void;
  /** Whether `stop` ran (a failure after it is the abort, not the upstream's). */
  stopped(): boolean;
}

export interface ResponseTurnOptions {
  /** Whether the `response.service_tool_call` side channel is streamed (`/v1/responses` wire only). */
  serviceEvents: boolean;
  /** The usage ledger's surface the turn is counted under. */
  surface: string;
}

/**
 * The Agent API turn every surface that speaks it runs (`POST /v1/responses`, the engine's `/api/v1/chat/stream`):
 * the Subject's stored history (previous response or session), memories, built-in and remote tools, then on
 * `conclude` the stored conversation, its journal consolidation and the usage count. Refusals that need no model
 * (unknown previous response, a schema the offline engine cannot fill, an unusable MCP server) are thrown here,
 * before anything streams.
 */
export async function startResponseTurn(
  ctx: ChatCaller,
  request: ResponsesRequest,
  options: ResponseTurnOptions,
): Promise<ResponseTurn> {
  const now = nowMs();
  let subject = await ctx.tenancy.find(request.subjectKey);
  const [previous, memories] = await Promise.all([
    previousResponse(ctx, request, subject, now),
    request.mode === 'model' ? [] : memoriesFor(ctx.services, subject?.subjectId ?? null),
  ]);
  const input = await resolveReferences(request.input, ctx.services.conversations, subject?.subjectId ?? null, now);
  const start = startTurn(input, previous);
  const sessionId = request.sessionId ?? previous?.sessionId ?? null;
  const who: ResponseIdentity = {
    id: hexId('resp_'),
    createdAt: Math.floor(now / 1000),
    request,
    previousResponseId: request.previousResponseId,
    sessionId,
  };
  const provider = agentModel(ctx.services);
  if (request.mode === 'model' && request.format.type === 'json_schema' && provider.kind === 'offline') {
    throw new BadRequestError(
      'text.format json_schema needs a configured language model (OPENAI_BASE_URL / OPENAI_API_KEY): the offline engine cannot fill an arbitrary schema truthfully, so it refuses rather than invent values',
      'unsupported_parameter',
      'text',
    );
  }
  const controller = new AbortController();
  const mcp = await connectMcpServers(request.mcpServers, {
    signal: controller.signal,
    egress: ctx.services.egress,
  });
  const server = toolsFor(ctx, request, subject, sessionId, now, provider);
  const tools = [...server.tools, ...mcp.tools];
  const turn: AgentTurn = {
    tier: request.tier,
    system:
      request.mode === 'model'
        ? [request.instructions, ...start.style].filter(Boolean).join('\n\n')
        : systemPromptFor(styleOf(request, start), tools, memories),
    conversation: [...start.history, ...start.added],
    callerInput: [
      ...(request.instructions ? [{ role: 'system' as const, content: request.instructions }] : []),
      ...start.style.map((content) => ({ role: 'system' as const, content })),
      ...start.added,
    ],
    tools,
    provider,
    modelView: server.modelView,
    signal: controller.signal,
    // A named client tool is forced on the turn's first model call in either mode (the loop lets later calls choose);
    // in agent mode `required` is refused at parsing, and `none` already left the client tools out.
    toolChoice:
      request.mode === 'model' || typeof request.toolChoice === 'object' ? modelToolChoice(request) : undefined,
    responseFormat: request.mode === 'model' && request.format.type !== 'text' ? request.format : undefined,
  };
  const usageEntry = {
    accountId: ctx.tenancy.accountId,
    tier: request.tier,
    surface: options.surface,
    engine: provider.kind,
  };
  const assembly = new ResponseAssembly(who, options.serviceEvents);

  return {
    who,
    assembly,
    events: () => runAgent(turn),
    /**
     * The new response is stored before the handoff it resumes is marked, so a failed store leaves the handoff
     * resumable (the client's retry works); losing the race to a concurrent resume removes what was stored.
     */
    conclude: async (outcome) => {
      if (request.mode === 'model') checkStructuredOutput(request.format, outcome);
      const { frames, response } = assembly.finish(outcome);
      if (request.store) {
        subject ??= await ctx.tenancy.findOrCreate(request.subjectKey);
        await store(ctx, subject, who, { request, input, previous, start }, outcome, response);
      }
      if (start.resumes && !(await ctx.services.conversations.markResumed(start.resumes.subjectId, start.resumes.id))) {
        if (request.store && subject) await ctx.services.conversations.delete(subject.subjectId, who.id, nowMs());
        throw new BadRequestError(
          'previous response has no pending function calls',
          'no_pending_function_calls',
          'input',
        );
      }
      await recordUsage(ctx.services, usageEntry, outcome.usage);
      return { frames, response };
    },
    fail: (err) => recordPartialUsage(ctx.services, usageEntry, err),
    close: () => mcp.close(),
    stop: () => {
      controller.abort();
      void mcp.close();
    },
    stopped: () => controller.signal.aborted,
  };
}

/** The stored response a turn continues: named by `previous_response_id`, else the session's latest. */
async function previousResponse(
  ctx: ChatCaller,
  request: ResponsesRequest,
  subject: Subject | null,
  now: number,
): Promise<StoredResponse | null> {
  if (request.previousResponseId) {
    const found = subject
      ? await ctx.services.conversations.get(subject.subjectId, request.previousResponseId, now)
      : null;
    if (!found) {
      throw new NotFoundError(
        `Previous response with id '${request.previousResponseId}' not found.`,
        'previous_response_id',
      );
    }
    if (found.mode === 'model') {
      throw new BadRequestError(
        'the previous response was made in mode "model", which keeps no conversation; replay the transcript to continue',
        'invalid_previous_response',
        'previous_response_id',
      );
    }
    return found;
  }
  if (request.sessionId && subject) {
    return ctx.services.conversations.latestOfSession(subject.subjectId, request.sessionId, now);
  }
  return null;
}

/** Built-in tools (agent mode, unless turned off) bound to the caller's Subject, then the client's own tools. */
function toolsFor(
  ctx: ChatCaller,
  request: ResponsesRequest,
  subject: Subject | null,
  sessionId: string | null,
  now: number,
  provider: ModelProvider,
): TurnTools {
  const server: TurnTools =
    request.mode === 'model' || request.builtinTools === 'none'
      ? { tools: [] }
      : turnTools(
          {
            services: ctx.services,
            accountId: ctx.tenancy.accountId,
            subjectKey: request.subjectKey,
            subjectId: subject?.subjectId ?? null,
            nowMs: now,
            sessionId,
            ephemeral: [],
            writeRetention: 'permanent',
            knowledge: knowledgeContextOf(ctx.services),
          },
          {
            tier: request.tier,
            allowed: request.builtinTools === 'auto' ? undefined : request.builtinTools,
            knowledgeTools: ctx.services.config.knowledge.enabled,
          },
          provider,
        );
  // `tool_choice: "none"` keeps the client's tools out of this turn; built-in tools still run.
  const client: AgentTool[] =
    request.toolChoice === 'none'
      ? []
      : request.clientTools.map((t) => ({
          kind: 'client' as const,
          name: t.name,
          description: t.description ?? '',
          parameters: t.parameters,
        }));
  return { tools: [...server.tools, ...client], modelView: server.modelView };
}

function styleOf(request: ResponsesRequest, start: TurnStart): string | null {
  const parts = [request.instructions, ...start.style].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join('\n\n') : null;
}

function modelToolChoice(request: ResponsesRequest): AgentTurn['toolChoice'] {
  const choice = request.toolChoice;
  if (typeof choice === 'object') return { name: choice.name };
  return choice;
}

async function store(
  ctx: ChatCaller,
  subject: Subject,
  who: ResponseIdentity,
  turn: { request: ResponsesRequest; input: InputItem[]; previous: StoredResponse | null; start: TurnStart },
  outcome: AgentOutcome,
  response: Record<string, unknown>,
): Promise<void> {
  const { request, input, previous, start } = turn;
  const record: StoredResponse = {
    id: who.id,
    subjectId: subject.subjectId,
    conversationId: previous?.conversationId ?? hexId('conv_'),
    sessionId: who.sessionId,
    createdAt: who.createdAt,
    expiresAt: responseExpiresAt(who.createdAt, who.sessionId),
    mode: request.mode,
    response,
    inputItems: inputItemsOf(input, who.id),
    transcript: [...start.history, ...start.added, ...outcome.added],
    pendingCalls: outcome.clientCalls.map((c) => ({ callId: c.id, name: c.name })),
    resumed: false,
    turnStart: turnInputStart(start),
    consolidated: false,
  };
  await ctx.services.conversations.put(record);
  if (who.sessionId) {
    await ctx.services.records.openSession(subject.subjectId, who.sessionId, new Date(nowMs()).toISOString());
  }
  if (response.status === 'completed') {
    // Ids only. The answer is stored and about to be returned: a failed send is logged, never turned into an error.
    await publishEvent(
      ctx.services,
      ctx.tenancy.accountId,
      'response.completed',
      { user: subject.key, response_id: record.id, session_id: record.sessionId },
      { key: record.id, atMs: record.createdAt * 1000 },
    ).catch((err: Error) => {
      log('error', 'response.completed not published', { responseId: record.id, error: err?.name });
    });
  }
  // The journal recipe: readings and memories are read out of what the person said this turn, in the background.
  if (record.mode === 'agent' && record.transcript.slice(record.turnStart).some((m) => m.role === 'user')) {
    const job: ConsolidationJob = { type: 'consolidate', subjectId: subject.subjectId, responseId: record.id };
    // The response is stored and about to be returned: a lost job costs its consolidation, never the answer.
    await ctx.services.queue.send('consolidation', { ...job }).catch((err: Error) => {
      log('error', 'consolidation job not sent', { responseId: record.id, error: err?.name });
    });
  }
}

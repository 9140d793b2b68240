import { nowMs } from '../../clock';
import { ncbiApiKey } from '../../composition/ncbi-key';
import { platformSystemPrompt, type RememberedFact } from '../../domain/agent/system-prompt';
import type { TurnUsage } from '../../domain/agent/usage';
import type { ModelTier } from '../../domain/models';
import { log } from '../../log';
import type { ModelProvider } from '../../ports/model-provider';
import type { Services } from '../container';
import type { AgentTool } from './agent-tool';
import type { KnowledgeContext } from './knowledge/knowledge-context';
import { usageOfFailedTurn } from './run-agent';

/** The public services the knowledge tools call, through the service's one egress (SSRF rules and caps). */
export function knowledgeContextOf(services: Services): Omit<KnowledgeContext, 'signal'> {
  return { egress: services.egress, config: services.config.knowledge, ncbiApiKey: ncbiApiKey(services.config) };
}

/** The model behind the agent: the configured OpenAI-compatible upstream, else the offline rule-based engine. */
export function agentModel(services: Services): ModelProvider {
  return services.model.chat;
}

export function systemPromptFor(
  style: string | null,
  tools: readonly AgentTool[],
  memories: readonly RememberedFact[] = [],
): string {
  return platformSystemPrompt({
    today: new Date(nowMs()).toISOString().slice(0, 10),
    style,
    toolNames: tools.map((t) => t.name),
    memories,
  });
}

/** Memories read for the prompt at most; the block keeps as many of these as fit its character bound. */
export const PROMPT_MEMORY_LIMIT = 50;

/**
 * The Subject's memories for the agent's prompt, newest first (none for a Subject not minted yet). One query of the
 * Subject's partition; a failure to read them costs the turn its memories, never its answer.
 */
export async function memoriesFor(services: Services, subjectId: string | null): Promise<RememberedFact[]> {
  if (!subjectId) return [];
  try {
    return await services.memories.list(subjectId, PROMPT_MEMORY_LIMIT);
  } catch (err) {
    log('warn', 'memories not read', { error: (err as Error)?.name });
    return [];
  }
}

/** Counts a turn that failed part-way with what it had spent (the request still counts). */
export async function recordPartialUsage(
  services: Services,
  entry: { accountId: string; tier: ModelTier; surface: string; engine: ModelProvider['kind'] },
  err: unknown,
): Promise<void> {
  const usage = usageOfFailedTurn(err);
  if (usage) await recordUsage(services, entry, usage);
}

/** Counts the turn for the console; a failure to count never fails the answer. */
export async function recordUsage(
  services: Services,
  entry: { accountId: string; tier: ModelTier; surface: string; engine: ModelProvider['kind'] },
  usage: TurnUsage,
): Promise<void> {
  try {
    await services.usage.record(
      {
        ...entry,
        inputTokens: usage.callerInputTokens,
        systemTokens: usage.systemTokens,
        outputTokens: usage.outputTokens,
        reasoningTokens: usage.reasoningTokens,
      },
      nowMs(),
    );
  } catch (err) {
    log('warn', 'usage not recorded', { error: (err as Error)?.name });
  }
}

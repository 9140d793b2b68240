import { isLive, type KnowledgeSwitch, toolSpec } from '../../../domain/agent/tool-catalogue';
import type { ModelTier } from '../../../domain/models';
import type { AgentTool } from '../agent-tool';
import { KNOWLEDGE_TOOLS, runKnowledgeTool } from '../knowledge/knowledge-tools';
import { BUILTIN_TOOLS, runBuiltinTool } from './index';
import type { BuiltinTool, ToolContext } from './types';

/** What decides which server tools one turn offers. */
export interface ToolSelection {
  tier: ModelTier;
  /** `builtin_tools: [...]` of the Agent API: only these public tools (the harness is not named there). */
  allowed?: readonly string[];
  /** The caller keeps nothing (`retention: none`): no tool that writes. */
  readOnly?: boolean;
  knowledgeTools: KnowledgeSwitch;
}

const KNOWLEDGE: readonly BuiltinTool[] = KNOWLEDGE_TOOLS.map((tool) => ({
  name: tool.name,
  description: tool.description,
  parameters: tool.parameters,
  run: (args, ctx) =>
    runKnowledgeTool(
      tool,
      args as Record<string, unknown>,
      ctx.knowledge && { ...ctx.knowledge, signal: ctx.signal ?? new AbortController().signal },
    ),
}));

/** Every server tool HDS runs. */
const DEFINITIONS: readonly BuiltinTool[] = [...BUILTIN_TOOLS, ...KNOWLEDGE];

/**
 * The server tools of one turn, bound to the request's own Subject (`ctx` comes from `Tenancy`, never from the model):
 * those the catalogue offers on this tier, that this deployment runs, narrowed by the caller's allowlist and
 * retention. One set for both answering surfaces.
 */
export function serverTools(ctx: ToolContext, select: ToolSelection): AgentTool[] {
  return DEFINITIONS.filter((tool) => {
    const spec = toolSpec(tool.name);
    if (spec?.group === 'knowledge' && !ctx.knowledge) return false;
    if (!spec || !spec.tiers.includes(select.tier) || !isLive(spec, select.knowledgeTools)) return false;
    if (spec.visibility !== 'public' && spec.visibility !== 'internal') return false;
    if (select.readOnly && spec.writes) return false;
    return spec.visibility === 'internal' || !select.allowed || select.allowed.includes(tool.name);
  }).map((tool) => ({
    kind: 'server' as const,
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    run: (raw: string, signal: AbortSignal) => runBuiltinTool(tool, raw, { ...ctx, signal }),
  }));
}

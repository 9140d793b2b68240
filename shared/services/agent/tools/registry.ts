import { isLive, type KnowledgeSwitch, toolSpec } from '../../../domain/agent/tool-catalogue';
import type { ModelTier } from '../../../domain/models';
import type { ModelProvider } from '../../../ports/model-provider';
import type { AgentTool } from '../agent-tool';
import { HARNESS_TOOLS, type HarnessState, newHarnessState, offloadIfLarge } from '../harness/harness-tools';
import { taskTool } from '../harness/task';
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

/** The data and knowledge tools HDS runs. */
const DEFINITIONS: readonly BuiltinTool[] = [...BUILTIN_TOOLS, ...KNOWLEDGE];

function offered(name: string, ctx: ToolContext, select: ToolSelection): boolean {
  const spec = toolSpec(name);
  if (spec === undefined) return false;
  if (!spec.tiers.includes(select.tier) || !isLive(spec, select.knowledgeTools)) return false;
  if (spec.visibility !== 'public' && spec.visibility !== 'internal') return false;
  if (spec.group === 'knowledge' && !ctx.knowledge) return false;
  if (select.readOnly && spec.writes) return false;
  return spec.visibility === 'internal' || !select.allowed || select.allowed.includes(name);
}

function bound(tool: BuiltinTool, ctx: ToolContext): AgentTool {
  return {
    kind: 'server',
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    run: (raw: string, signal: AbortSignal) => runBuiltinTool(tool, raw, { ...ctx, signal }),
  };
}

/**
 * The data and knowledge tools of one turn, bound to the request's own Subject (`ctx` comes from `Tenancy`, never from
 * the model): those the catalogue offers on this tier, that this deployment runs, narrowed by the caller's allowlist
 * and retention.
 */
export function serverTools(ctx: ToolContext, select: ToolSelection): AgentTool[] {
  return DEFINITIONS.filter((tool) => offered(tool.name, ctx, select)).map((tool) => bound(tool, ctx));
}

export interface TurnTools {
  tools: AgentTool[];
  /** What the model reads of a large result: on planning turns a stub naming the file it was saved to. */
  modelView?: (stepId: string, result: string) => string;
}

/**
 * Every server tool of one turn, for both answering surfaces: {@link serverTools}, and on the tiers the catalogue
 * gives the planning harness (`hds-expert`) its tools over a file system that lasts for the turn, with `task`, whose
 * sub-agent gets the same tools but `task`.
 */
export function turnTools(ctx: ToolContext, select: ToolSelection, provider: ModelProvider): TurnTools {
  const harness = HARNESS_TOOLS.filter((t) => offered(t.name, ctx, select));
  if (harness.length === 0) return { tools: serverTools(ctx, select) };
  const state: HarnessState = newHarnessState(0);
  const saveFile = (path: string, text: string) => {
    try {
      state.files.write(path, text);
      return path;
    } catch {
      return null; // the turn's files are full: the result alone stands
    }
  };
  const tools = serverTools({ ...ctx, knowledge: ctx.knowledge && { ...ctx.knowledge, saveFile } }, select);
  if (tools.length === 0) return { tools };
  // Offloading saves a language model's context; the offline engine reads whole results and has none to save.
  const modelView =
    provider.kind === 'upstream'
      ? (stepId: string, result: string) => offloadIfLarge(stepId, result, state)
      : undefined;
  const planning = harness.map((h) => bound({ ...h, run: (args) => h.run(args, state) }, ctx));
  const all = [...tools, ...planning];
  if (offered('task', ctx, select)) all.push(taskTool({ provider, tier: select.tier, tools: all, modelView }));
  return { tools: all, modelView };
}

import type { ToolStep } from '../../domain/agent/tool-step';
import type { TurnUsage } from '../../domain/agent/usage';
import type { ModelTool } from '../../ports/model-provider';

/**
 * A tool the agent may offer the model. Server tools (built-in, remote MCP) run here under the request's
 * tenancy and become tool steps; client tools are handed back to the caller to run (Agent API handoff).
 */
export type AgentTool =
  | (ModelTool & { kind: 'server'; run(rawArguments: string, signal: AbortSignal): Promise<ServerToolOutcome> })
  | (ModelTool & { kind: 'client' });

export interface ServerToolOutcome {
  /** The arguments as parsed (an empty object when they were not valid JSON). */
  arguments: Record<string, unknown>;
  /** The result text the model reads (bounded by the tool). */
  result: string;
  error: boolean;
  /** A sub-agent's (`task`) own tool steps, in the order they ran. */
  innerSteps?: ToolStep[];
  /** A sub-agent's model calls: platform overhead of the turn that asked for it. */
  usage?: TurnUsage;
}

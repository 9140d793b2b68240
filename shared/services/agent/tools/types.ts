import type { HealthRecord } from '../../../domain/records';
import type { StoredRetention } from '../../../domain/retention';
import type { Services } from '../../container';
import type { KnowledgeContext } from '../knowledge/knowledge-context';

/** Who a tool runs for: always the request's own Subject, resolved by `Tenancy`, never named by the model. */
export interface ToolContext {
  services: Services;
  accountId: string;
  subjectKey: string;
  /** Null when the Subject does not exist yet: reads see nothing, a write mints it. */
  subjectId: string | null;
  nowMs: number;
  sessionId: string | null;
  /** Readings given inline with `retention: none`: visible to this request's tools, never stored. */
  ephemeral: HealthRecord[];
  /** Retention of rows the write tool stores. */
  writeRetention: StoredRetention;
  /** The request's signal, set for each run: a client that hangs up stops tools that wait on the network. */
  signal?: AbortSignal;
  /** The public services the knowledge tools call; without it they are not offered. */
  knowledge?: Omit<KnowledgeContext, 'signal'>;
}

/** A server-side tool: its schema as offered to the model, and its run. */
export interface BuiltinTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  parameters: Record<string, unknown>;
  /** Arguments are validated inside; a bad argument is a `ToolInputError`, reported to the model, not thrown to the caller. */
  run(args: unknown, ctx: ToolContext): Promise<unknown>;
}

/** The model sent arguments the tool cannot use; the message goes back to the model as the tool's result. */
export class ToolInputError extends Error {}

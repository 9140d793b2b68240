import type { KnowledgeConfig } from '../../../config/config';
import type { Egress } from '../../../ports/egress';

/**
 * What a knowledge tool runs with. It never touches the Subject's data: public services only, through the egress
 * port (so the SSRF rules and caps apply), with the operator's base URLs.
 */
export interface KnowledgeContext {
  egress: Egress;
  config: KnowledgeConfig;
  /** The request's signal: a client that hangs up stops the call. */
  signal: AbortSignal;
  /** The NCBI key when configured (read from Secrets Manager on first use in the cloud). */
  ncbiApiKey(): Promise<string | undefined>;
  /**
   * On planning turns (`hds-expert`): keeps a whole text in the turn's files, so the model can read further than a
   * result's budget without fetching again; the path, or null when the files are full.
   */
  saveFile?(path: string, text: string): string | null;
}

/**
 * A knowledge tool's run. Bad arguments throw `ToolInputError` (the model reads the message); an unreachable or
 * failing service is a result (`unreachable(…)`), never a throw, so the request never fails because of it.
 */
export type KnowledgeRunner = (args: Record<string, unknown>, ctx: KnowledgeContext) => Promise<unknown>;

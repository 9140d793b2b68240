import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { untilAborted } from '../../../abort';
import type { Resolver } from '../../../adapters/egress/address-guard';
import { createGuardedEgress } from '../../../adapters/egress/guarded-egress';
import { type BadRequestError, invalidField } from '../../../errors';
import { parseClientJson } from '../../../json';
import { log } from '../../../log';
import { type Egress, EgressRefused } from '../../../ports/egress';
import type { AgentTool, ServerToolOutcome } from '../agent-tool';
import { failureReason, isTimeout } from './failure-reason';
import type { McpServerSpec } from './mcp-server-spec';
import { modelToolName } from './tool-names';
import { toolResultText } from './tool-result';

/** Per server: resolving its host, the initialize handshake and listing its tools. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** Per tool call. */
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;
/** Tools one server may offer after `allowedTools`: every tool schema is sent with every model call. */
export const MAX_TOOLS_PER_SERVER = 64;
const MAX_LIST_PAGES = 10;
const MAX_DESCRIPTION_CHARS = 1024;
/** Ending a session is a courtesy to the server; the answer does not wait long for it. */
const CLOSE_TIMEOUT_MS = 2_000;
const CLIENT_INFO = { name: 'hds-agent', version: '1.0.0' };

export interface ConnectMcpOptions {
  /** The request's signal: aborting it abandons the connections (and rethrows its reason). */
  signal?: AbortSignal;
  timeoutMs?: number;
  callTimeoutMs?: number;
  /** The service's egress (`services.egress`): every server is reached through its `pinnedOrigin`. */
  egress?: Egress;
  /**
   * Without `egress`, one is made from these: `config().mcpAllowHosts`, hosts that may resolve to non-public
   * addresses (local tests), and how host names are resolved (the system resolver unless a test supplies one).
   */
  allow?: readonly string[];
  resolve?: Resolver;
}

type PinnedFetch = Awaited<ReturnType<Egress['pinnedOrigin']>>;

export interface McpToolSet {
  /** Server tools named `mcp__{label}__{tool}` (sanitized when needed), servers in request order. */
  tools: AgentTool[];
  /** Model-facing name → the server label and the tool's name on that server. */
  origins: ReadonlyMap<string, { label: string; tool: string }>;
  /** Ends every session (HTTP DELETE, then the transport); safe to call more than once. */
  close(): Promise<void>;
}

interface Session {
  spec: McpServerSpec;
  client: Client;
  /** The tools it lists that this request may use. */
  offered: Tool[];
  close(): Promise<void>;
}

/**
 * Connects to every server in parallel, lists their tools and offers them to the agent as server tools that run
 * here. A server that cannot be used (non-public host, unreachable, refusing the authorization, not speaking MCP,
 * too slow) fails the whole request with a 400 naming its entry: answering without tools the caller asked for
 * would be a silently different answer. Connected sessions are closed when one fails.
 */
export async function connectMcpServers(
  specs: readonly McpServerSpec[],
  options: ConnectMcpOptions = {},
): Promise<McpToolSet> {
  const settled = await Promise.allSettled(specs.map((spec) => openSession(spec, options)));
  const sessions = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(sessions.map((s) => s.close()));
    throw failed.reason;
  }

  const callTimeoutMs = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const taken = new Set<string>();
  const tools: AgentTool[] = [];
  const origins = new Map<string, { label: string; tool: string }>();
  for (const session of sessions) {
    for (const tool of session.offered) {
      const name = modelToolName(session.spec.label, tool.name, taken);
      if (!name) {
        log('warn', 'mcp tool name clash; tool not offered', { server: session.spec.label });
        continue;
      }
      taken.add(name);
      origins.set(name, { label: session.spec.label, tool: tool.name });
      tools.push({
        kind: 'server',
        name,
        description: describe(session.spec.label, tool, name),
        parameters: { ...tool.inputSchema, type: 'object', properties: tool.inputSchema.properties ?? {} },
        run: (raw, signal) => callTool(session, tool.name, raw, signal, callTimeoutMs),
      });
    }
  }
  let closing: Promise<void> | undefined;
  return {
    tools,
    origins,
    close: () => {
      closing ??= Promise.all(sessions.map((s) => s.close())).then(() => undefined);
      return closing;
    },
  };
}

async function openSession(spec: McpServerSpec, options: ConnectMcpOptions): Promise<Session> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const timer = AbortSignal.timeout(timeoutMs);
  const deadline = options.signal ? AbortSignal.any([options.signal, timer]) : timer;
  const url = new URL(spec.url);
  const egress = options.egress ?? createGuardedEgress({ allowHosts: options.allow ?? [], resolve: options.resolve });
  let pinned: PinnedFetch | undefined;
  let client: Client | undefined;
  try {
    pinned = await untilAborted(egress.pinnedOrigin(url, deadline), deadline);
    const mcp = await import('#mcp-client');
    const transport = new mcp.StreamableHTTPClientTransport(url, {
      fetch: pinned.fetch,
      requestInit: { headers: requestHeaders(spec) },
    });
    const connected = new mcp.Client(CLIENT_INFO);
    client = connected;
    await withChildSignal(deadline, (signal) => connected.connect(transport, { signal, timeout: timeoutMs }));
    const offered = allowedOf(spec, await listTools(connected, deadline, timeoutMs));
    if (offered.length > MAX_TOOLS_PER_SERVER) {
      throw new Error(`it offers ${offered.length} tools, more than ${MAX_TOOLS_PER_SERVER}; name the ones to use`);
    }
    return { spec, client: connected, offered, close: sessionCloser(connected, transport, pinned) };
  } catch (err) {
    void client?.close().catch(() => {});
    pinned?.close();
    if (options.signal?.aborted) throw options.signal.reason;
    throw unusable(spec, err, timer.aborted || isTimeout(err) ? timeoutMs : undefined);
  }
}

function unusable(spec: McpServerSpec, err: unknown, timedOutAfterMs: number | undefined): BadRequestError {
  if (err instanceof EgressRefused && err.reason === 'non_public_address') {
    return invalidField(spec.urlParam, 'mcp server host resolves to a non-public address');
  }
  // Identifiers only: the reason may quote the server's reply, and the spec holds secrets.
  log('warn', 'mcp server unusable', { server: spec.label, error: (err as Error)?.name, timedOut: !!timedOutAfterMs });
  const reason = timedOutAfterMs ? `timed out after ${timedOutAfterMs} ms` : failureReason(err, secretsOf(spec));
  return invalidField(spec.urlParam, `mcp server '${spec.label}' unusable: ${reason}`);
}

async function callTool(
  session: Session,
  toolName: string,
  raw: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<ServerToolOutcome> {
  const { label } = session.spec;
  const parsed = parseArguments(raw);
  if (typeof parsed === 'string') return { arguments: {}, result: `Error: ${parsed}`, error: true };
  try {
    // The SDK's timeout also tells the server the call is cancelled; the signal does the same when the caller goes.
    const result = await withChildSignal(signal, (child) =>
      session.client.callTool({ name: toolName, arguments: parsed }, undefined, { signal: child, timeout: timeoutMs }),
    );
    return { arguments: parsed, result: toolResultText(result), error: result.isError === true };
  } catch (err) {
    if (signal.aborted) throw err;
    const reason = isTimeout(err) ? `timed out after ${timeoutMs} ms` : failureReason(err, secretsOf(session.spec));
    log('warn', 'mcp tool call failed', { server: label, error: (err as Error)?.name });
    return { arguments: parsed, result: `Error: ${toolName} on MCP server '${label}' failed: ${reason}`, error: true };
  }
}

/** The model's argument text as an object, or why it is not one. */
function parseArguments(raw: string): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = raw.trim() === '' ? {} : parseClientJson(raw);
  } catch (err) {
    return `the arguments are not valid JSON (${(err as Error).message}); send one JSON object.`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'the arguments must be a JSON object.';
  }
  return value as Record<string, unknown>;
}

async function listTools(client: Client, signal: AbortSignal, timeoutMs: number): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const params = cursor ? { cursor } : undefined;
    const result = await withChildSignal(signal, (child) =>
      client.listTools(params, { signal: child, timeout: timeoutMs }),
    );
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (!cursor) return tools;
  }
  throw new Error(`its tool list runs past ${MAX_LIST_PAGES} pages`);
}

/** The listed tools the spec allows, first of each name (a server listing a name twice is not trusted twice). */
function allowedOf(spec: McpServerSpec, listed: Tool[]): Tool[] {
  const seen = new Set<string>();
  return listed.filter((tool) => {
    if (seen.has(tool.name) || (spec.allowedTools && !spec.allowedTools.includes(tool.name))) return false;
    seen.add(tool.name);
    return true;
  });
}

function describe(label: string, tool: Tool, modelName: string): string {
  const text = tool.description?.trim() || tool.title || tool.annotations?.title || `The ${tool.name} tool.`;
  const renamed = modelName === `mcp__${label}__${tool.name}` ? '' : ` tool '${tool.name}'`;
  const full = `[MCP server ${label}${renamed}] ${text}`;
  return full.length > MAX_DESCRIPTION_CHARS ? `${full.slice(0, MAX_DESCRIPTION_CHARS - 1)}…` : full;
}

function requestHeaders(spec: McpServerSpec): Record<string, string> {
  return { ...spec.headers, ...(spec.authorization ? { Authorization: spec.authorization } : {}) };
}

/** Every value that must not appear in an error message: the authorization (and its token alone), header values. */
function secretsOf(spec: McpServerSpec): string[] {
  const auth = spec.authorization;
  return [...(auth ? [auth, auth.slice(auth.indexOf(' ') + 1)] : []), ...Object.values(spec.headers ?? {})];
}

function sessionCloser(client: Client, transport: StreamableHTTPClientTransport, pinned: PinnedFetch) {
  let closing: Promise<void> | undefined;
  return (): Promise<void> => {
    closing ??= (async () => {
      await untilAborted(transport.terminateSession(), AbortSignal.timeout(CLOSE_TIMEOUT_MS)).catch(() => {});
      await client.close().catch(() => {});
      pinned.close();
    })();
    return closing;
  };
}

/**
 * Runs one SDK request on a child of `parent`. The SDK adds an abort listener to a request's signal and never
 * removes it, so a request-long signal shared by every tool call would collect one per call.
 */
async function withChildSignal<T>(parent: AbortSignal, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const child = new AbortController();
  const forward = () => child.abort(parent.reason);
  if (parent.aborted) forward();
  else parent.addEventListener('abort', forward, { once: true });
  try {
    return await work(child.signal);
  } finally {
    parent.removeEventListener('abort', forward);
  }
}

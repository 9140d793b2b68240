import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

export interface TestMcpServerOptions {
  /** Require `Authorization: Bearer <token>`; a wrong one is answered 401, quoting what was sent. */
  token?: string;
  /** List the tools two per page (a hand-written `tools/list` following cursors). */
  paginate?: boolean;
}

export interface TestMcpServer {
  /** `http://127.0.0.1:<port>/mcp`; `/old` redirects there (307), `/away` redirects to a private address. */
  url: string;
  port: number;
  /** The `Authorization` header of every request, in order. */
  authorizations: (string | undefined)[];
  /** Tool calls the server ran, with their arguments. */
  calls: { name: string; args: unknown }[];
  /** Sessions the client ended with DELETE. */
  closedSessions: string[];
  /** Calls of the slow tool the client cancelled. */
  cancelled: number;
  openSessions(): number;
  close(): Promise<void>;
}

/** The tools the server offers, as a paginated `tools/list` spells them. */
const PAGED_TOOLS = ['echo', 'fail', 'slow', 'lab.results.latest'].map((name) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: 'object' as const, properties: {} },
}));

/**
 * A real MCP server (the SDK's `McpServer` behind its Streamable HTTP transport, one session per client) on
 * loopback, with tools `echo` (text → "echo: text"), `fail` (an `isError` result), `slow` (waits `ms`, honouring
 * cancellation) and `lab.results.latest` (a name that is not a valid model tool name).
 */
export async function startMcpServer(options: TestMcpServerOptions = {}): Promise<TestMcpServer> {
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const state = {
    authorizations: [] as (string | undefined)[],
    calls: [] as { name: string; args: unknown }[],
    closedSessions: [] as string[],
    cancelled: 0,
  };

  const buildServer = () => {
    const mcp = new McpServer({ name: 'test-labs', version: '1.0.0' });
    mcp.registerTool(
      'echo',
      { description: 'Echoes the text back.', inputSchema: { text: z.string() } },
      async ({ text }) => {
        state.calls.push({ name: 'echo', args: { text } });
        return { content: [{ type: 'text', text: `echo: ${text}` }] };
      },
    );
    mcp.registerTool('fail', { description: 'Always fails.' }, async () => {
      state.calls.push({ name: 'fail', args: {} });
      return { content: [{ type: 'text', text: 'the lab system is down' }], isError: true };
    });
    mcp.registerTool(
      'slow',
      { description: 'Waits before answering.', inputSchema: { ms: z.number() } },
      async ({ ms }, extra) => {
        state.calls.push({ name: 'slow', args: { ms } });
        try {
          await delay(ms, undefined, { signal: extra.signal });
        } catch {
          state.cancelled++;
          return { content: [{ type: 'text', text: 'cancelled' }], isError: true };
        }
        return { content: [{ type: 'text', text: 'done' }] };
      },
    );
    mcp.registerTool('lab.results.latest', { description: 'The latest lab results.' }, async () => {
      state.calls.push({ name: 'lab.results.latest', args: {} });
      return {
        content: [
          { type: 'text', text: 'LDL 131 mg/dL' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        ],
      };
    });
    if (options.paginate) {
      mcp.server.setRequestHandler(ListToolsRequestSchema, async (request) => {
        const start = Number(request.params?.cursor ?? 0);
        const next = start + 2;
        return {
          tools: PAGED_TOOLS.slice(start, next),
          ...(next < PAGED_TOOLS.length ? { nextCursor: String(next) } : {}),
        };
      });
    }
    return mcp;
  };

  const server = http.createServer(async (req, res) => {
    state.authorizations.push(req.headers.authorization);
    if (req.url === '/old') return void res.writeHead(307, { location: '/mcp' }).end();
    if (req.url === '/away') return void res.writeHead(307, { location: 'http://10.0.0.1/mcp' }).end();
    if (req.url !== '/mcp') return void res.writeHead(404).end();
    if (options.token && req.headers.authorization !== `Bearer ${options.token}`) {
      return void res
        .writeHead(401, { 'content-type': 'text/plain' })
        .end(`bad credentials: ${req.headers.authorization}`);
    }
    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId) return void res.writeHead(404).end();
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => void transports.set(id, created),
        onsessionclosed: (id) => {
          state.closedSessions.push(id);
          transports.delete(id);
        },
      });
      transport = created;
      await buildServer().connect(created);
    }
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    ...state,
    get cancelled() {
      return state.cancelled;
    },
    openSessions: () => transports.size,
    async close() {
      await Promise.all([...transports.values()].map((t) => t.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import { getEventListeners } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../shared/errors';
import { openAiEnvelope } from '../../../shared/http/envelopes';
import type { AgentTool } from '../../../shared/services/agent/agent-tool';
import { connectMcpServers, type McpServerSpec, type McpToolSet } from '../../../shared/services/agent/mcp';
import { captureLogs } from '../../support/log-capture';
import { startMcpServer, type TestMcpServer } from '../../support/mcp-server';
import { eventually } from '../../support/polling';

const LOOPBACK = ['127.0.0.1'];
const never = new AbortController().signal;

let labs: TestMcpServer;
let secured: TestMcpServer;
const open: McpToolSet[] = [];

beforeAll(async () => {
  [labs, secured] = await Promise.all([startMcpServer(), startMcpServer({ token: 's3cret-token' })]);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((set) => set.close()));
});
afterAll(async () => {
  await Promise.all([labs.close(), secured.close()]);
});

function spec(url: string, over: Partial<McpServerSpec> = {}): McpServerSpec {
  return { label: 'labs', url, urlParam: 'tools[0].server_url', ...over };
}

async function connect(specs: McpServerSpec[], options: Parameters<typeof connectMcpServers>[1] = {}) {
  const set = await connectMcpServers(specs, { allow: LOOPBACK, ...options });
  open.push(set);
  return set;
}

/** The 400 a failing connect throws, as the envelope shows it. */
async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => {
      throw new Error('expected a 400');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { status: openAiEnvelope.failure(e).status, code: e.code, param: e.param, message: e.message };
}

function run(tools: AgentTool[], name: string, args: unknown, signal = never) {
  const tool = tools.find((t) => t.name === name);
  if (tool?.kind !== 'server') throw new Error(`no server tool ${name}`);
  return tool.run(JSON.stringify(args), signal);
}

describe('connecting and listing', () => {
  it('offers every tool as a server tool named mcp__{label}__{tool}, with an object schema', async () => {
    const { tools, origins } = await connect([spec(labs.url)]);
    const names = tools.map((t) => t.name);
    expect(names.slice(0, 3)).toEqual(['mcp__labs__echo', 'mcp__labs__fail', 'mcp__labs__slow']);
    expect(names[3]).toMatch(/^mcp__labs__lab_results_latest_[0-9a-f]{8}$/);
    expect(origins.get(names[3]!)).toEqual({ label: 'labs', tool: 'lab.results.latest' });
    for (const tool of tools) {
      expect(tool.kind).toBe('server');
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.description.startsWith('[MCP server labs')).toBe(true);
      expect(tool.parameters.type).toBe('object');
    }
    const echo = tools[0]!;
    expect(echo.description).toBe('[MCP server labs] Echoes the text back.');
    expect(echo.parameters).toMatchObject({ properties: { text: { type: 'string' } }, required: ['text'] });
    expect(tools[3]!.description).toBe("[MCP server labs tool 'lab.results.latest'] The latest lab results.");
  });

  it('offers only allowed_tools', async () => {
    const { tools } = await connect([spec(labs.url, { allowedTools: ['echo', 'slow', 'not-there'] })]);
    expect(tools.map((t) => t.name)).toEqual(['mcp__labs__echo', 'mcp__labs__slow']);
  });

  it('follows the tool list across pages', async () => {
    const paged = await startMcpServer({ paginate: true });
    try {
      const { tools } = await connect([spec(paged.url)]);
      expect(tools).toHaveLength(4);
    } finally {
      await paged.close();
    }
  });

  it('connects to several servers at once, in request order', async () => {
    const { tools } = await connect([
      spec(labs.url, { label: 'one', allowedTools: ['echo'] }),
      spec(secured.url, { label: 'two', allowedTools: ['echo'], authorization: 'Bearer s3cret-token' }),
    ]);
    expect(tools.map((t) => t.name)).toEqual(['mcp__one__echo', 'mcp__two__echo']);
  });

  it('follows a same-origin redirect', async () => {
    const { tools } = await connect([spec(labs.url.replace('/mcp', '/old'), { allowedTools: ['echo'] })]);
    expect(tools.map((t) => t.name)).toEqual(['mcp__labs__echo']);
  });

  it('with no servers, offers nothing and connects nowhere', async () => {
    const set = await connect([]);
    expect(set.tools).toEqual([]);
    await set.close();
  });
});

describe('calling tools', () => {
  it('runs a tool with the arguments and returns its text', async () => {
    const { tools } = await connect([spec(labs.url)]);
    const outcome = await run(tools, 'mcp__labs__echo', { text: 'LDL?' });
    expect(outcome).toEqual({ arguments: { text: 'LDL?' }, result: 'echo: LDL?', error: false });
    expect(labs.calls.at(-1)).toEqual({ name: 'echo', args: { text: 'LDL?' } });
  });

  it('calls a sanitized tool by its real name and summarizes non-text parts', async () => {
    const { tools } = await connect([spec(labs.url)]);
    const outcome = await run(tools, tools[3]!.name, {});
    expect(outcome).toMatchObject({ result: 'LDL 131 mg/dL\n\n[image omitted]', error: false });
    expect(labs.calls.at(-1)?.name).toBe('lab.results.latest');
  });

  it('returns an isError result as an error the model still reads', async () => {
    const { tools } = await connect([spec(labs.url)]);
    expect(await run(tools, 'mcp__labs__fail', {})).toEqual({
      arguments: {},
      result: 'the lab system is down',
      error: true,
    });
  });

  it('turns arguments the server refuses into an error result', async () => {
    const { tools } = await connect([spec(labs.url)]);
    const outcome = await run(tools, 'mcp__labs__echo', { text: 42 });
    expect(outcome.error).toBe(true);
    expect(outcome.result).toMatch(/text/);
  });

  it('refuses argument text that is not a JSON object without calling the server', async () => {
    const { tools } = await connect([spec(labs.url)]);
    const tool = tools.find((t) => t.name === 'mcp__labs__echo');
    if (tool?.kind !== 'server') throw new Error('no echo');
    const before = labs.calls.length;
    expect(await tool.run('{not json', never)).toMatchObject({ arguments: {}, error: true });
    expect(await tool.run('[1]', never)).toMatchObject({ error: true, result: expect.stringMatching(/JSON object/) });
    expect(labs.calls.length).toBe(before);
  });

  it('times a slow call out, cancelling it on the server', async () => {
    const { tools } = await connect([spec(labs.url)], { callTimeoutMs: 150 });
    const outcome = await run(tools, 'mcp__labs__slow', { ms: 5_000 });
    // The timeout answered, not the server (whose answer would be 'done').
    expect(outcome).toMatchObject({ arguments: { ms: 5_000 }, error: true });
    expect(outcome.result).toMatch(/timed out after 150 ms/);
    await vi.waitFor(() => expect(labs.cancelled).toBeGreaterThan(0));
  });

  it('leaves no listeners on the request signal, however many calls it carries', async () => {
    const { tools } = await connect([spec(labs.url)]);
    const request = new AbortController();
    const warnings: Error[] = [];
    const onWarning = (w: Error) => void warnings.push(w);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 15; i++) await run(tools, 'mcp__labs__echo', { text: `${i}` }, request.signal);
      expect(getEventListeners(request.signal, 'abort')).toHaveLength(0);
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('rethrows when the request itself is aborted', async () => {
    const { tools } = await connect([spec(labs.url)]);
    const controller = new AbortController();
    const slowCalls = () => labs.calls.filter((c) => c.name === 'slow').length;
    const before = slowCalls();
    const pending = run(tools, 'mcp__labs__slow', { ms: 5_000 }, controller.signal);
    // Aborted while the call is running on the server.
    await eventually(() => slowCalls() > before, { timeoutMs: 5_000, what: 'the slow call running' });
    controller.abort(new Error('client went away'));
    await expect(pending).rejects.toThrow();
  });
});

describe('authorization', () => {
  it('sends the authorization header to the server', async () => {
    const seen = secured.authorizations.length;
    const { tools } = await connect([spec(secured.url, { authorization: 'Bearer s3cret-token' })]);
    expect(await run(tools, 'mcp__labs__echo', { text: 'hi' })).toMatchObject({ result: 'echo: hi', error: false });
    const sent = secured.authorizations.slice(seen);
    expect(sent.length).toBeGreaterThan(1);
    expect(new Set(sent)).toEqual(new Set(['Bearer s3cret-token']));
  });

  it('is unusable with a wrong token, without echoing the token back', async () => {
    const r = await refusal(
      connectMcpServers([spec(secured.url, { authorization: 'Bearer wrong-token' })], { allow: LOOPBACK }),
    );
    expect(r).toMatchObject({ status: 400, param: 'tools[0].server_url', code: 'invalid_server_url' });
    expect(r.message).toMatch(/^mcp server 'labs' unusable: HTTP 401 \(check the authorization\)/);
    expect(r.message).toContain('[redacted]');
    expect(r.message).not.toContain('wrong-token');
  });

  it('never logs the authorization', async () => {
    const lines = await captureLogs('debug', () =>
      refusal(connectMcpServers([spec(secured.url, { authorization: 'Bearer wrong-token' })], { allow: LOOPBACK })),
    );
    expect(lines.join('\n')).toContain('mcp server unusable');
    expect(lines.join('\n')).not.toContain('wrong-token');
  });
});

describe('unusable servers', () => {
  it('an unreachable server is a 400 naming the entry', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const r = await refusal(
      connectMcpServers([spec(`http://127.0.0.1:${port}/mcp`, { label: 'gone', urlParam: 'mcp_servers[0].url' })], {
        allow: LOOPBACK,
      }),
    );
    expect(r).toEqual({
      status: 400,
      code: 'invalid_url',
      param: 'mcp_servers[0].url',
      message: "mcp server 'gone' unusable: connection refused",
    });
  });

  it('a server that never answers times out', async () => {
    let requests = 0;
    const silent = http.createServer(() => void requests++);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
      const r = await refusal(connectMcpServers([spec(url)], { allow: LOOPBACK, timeoutMs: 200 }));
      expect(r.message).toBe("mcp server 'labs' unusable: timed out after 200 ms");
      // It gave up on a request the server had received and never answered.
      expect(requests).toBeGreaterThan(0);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('a server that is not MCP is unusable', async () => {
    const r = await refusal(connectMcpServers([spec(labs.url.replace('/mcp', '/nothing'))], { allow: LOOPBACK }));
    expect(r.message).toMatch(/^mcp server 'labs' unusable: HTTP 404/);
  });

  it('does not follow a redirect to another host', async () => {
    const r = await refusal(connectMcpServers([spec(labs.url.replace('/mcp', '/away'))], { allow: LOOPBACK }));
    expect(r.message).toMatch(/^mcp server 'labs' unusable: HTTP 307.*not followed/);
  });

  it('one unusable server fails the request and closes the sessions already opened', async () => {
    const closedBefore = labs.closedSessions.length;
    const r = await refusal(
      connectMcpServers(
        [spec(labs.url), spec('http://10.1.2.3/mcp', { label: 'lan', urlParam: 'tools[3].server_url' })],
        { allow: LOOPBACK },
      ),
    );
    expect(r).toMatchObject({
      param: 'tools[3].server_url',
      message: 'mcp server host resolves to a non-public address',
    });
    await vi.waitFor(() => expect(labs.closedSessions.length).toBeGreaterThan(closedBefore));
  });
});

describe('the SSRF guard', () => {
  it('refuses loopback unless the host is allow-listed', async () => {
    const r = await refusal(connectMcpServers([spec(labs.url)], { allow: [] }));
    expect(r).toEqual({
      status: 400,
      code: 'invalid_server_url',
      param: 'tools[0].server_url',
      message: 'mcp server host resolves to a non-public address',
    });
    expect((await connect([spec(labs.url)], { allow: [`127.0.0.1:${labs.port}`] })).tools.length).toBe(4);
  });

  it('refuses a name that resolves to loopback (localhost) and private literals without connecting', async () => {
    for (const url of [
      `http://localhost:${labs.port}/mcp`,
      'http://[::1]/mcp',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:127.0.0.1]/mcp',
      'http://0.0.0.0/mcp',
    ]) {
      const r = await refusal(connectMcpServers([spec(url)]));
      expect(r.message, url).toBe('mcp server host resolves to a non-public address');
    }
  });

  it('checks the addresses the resolver gives, and connects to exactly those', async () => {
    // A name whose records include a private address is refused even though another one is public.
    const mixed = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.8', family: 4 },
    ];
    const r = await refusal(connectMcpServers([spec('http://mcp.example.com/mcp')], { resolve: mixed }));
    expect(r.message).toBe('mcp server host resolves to a non-public address');
    // Allow-listed, the connection goes to the pinned address (the test server), whatever the name.
    const pinned = async () => [{ address: '127.0.0.1', family: 4 }];
    const { tools } = await connect([spec(`http://mcp.example.com:${labs.port}/mcp`, { allowedTools: ['echo'] })], {
      allow: ['mcp.example.com'],
      resolve: pinned,
    });
    expect(await run(tools, 'mcp__labs__echo', { text: 'pinned' })).toMatchObject({ result: 'echo: pinned' });
  });
});

describe('close', () => {
  it('ends every session on the server, once', async () => {
    const before = labs.closedSessions.length;
    const set = await connectMcpServers([spec(labs.url, { label: 'a' }), spec(labs.url, { label: 'b' })], {
      allow: LOOPBACK,
    });
    const openBefore = labs.openSessions();
    await Promise.all([set.close(), set.close()]);
    expect(labs.closedSessions.length - before).toBe(2);
    expect(labs.openSessions()).toBe(openBefore - 2);
    const tool = set.tools[0];
    if (tool?.kind !== 'server') throw new Error('no tool');
    expect((await tool.run('{"text":"late"}', never)).error).toBe(true);
  });
});

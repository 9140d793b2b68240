import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tenancy } from '../../../shared/http/tenancy';
import type { Services } from '../../../shared/services/container';
import { hdsMcpServer } from '../../../shared/services/mcp/server';

/**
 * The server's answers to broken params, without HTTP: the SDK would answer a zod failure of its request schemas as
 * -32603 (internal); HDS answers every one -32602 naming the field, and a URI naming nothing -32002.
 */

let close: (() => Promise<void>) | undefined;
afterEach(() => close?.());

/** Sends one request to a fresh server over an in-memory transport and returns its answer. */
async function ask(message: Record<string, unknown>): Promise<any> {
  const server = hdsMcpServer(
    {
      services: { config: { version: '9.9.9' } } as Services,
      // No Subject exists: reads see nothing and nothing is minted.
      tenancy: { accountId: 'acct', find: async () => null } as unknown as Tenancy,
      subjectKey: 'default',
      canWrite: true,
      signal: new AbortController().signal,
      deadlineMs: Date.now() + 5_000,
    },
    'req-1',
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  close = () => server.close();
  const answer = new Promise<JSONRPCMessage>((resolve) => {
    clientSide.onmessage = resolve;
  });
  await clientSide.start();
  await clientSide.send({ jsonrpc: '2.0', id: 9, ...message } as JSONRPCMessage);
  return answer;
}

describe('bad params', () => {
  it.each([
    ['tools/call without a name', { method: 'tools/call', params: {} }],
    ['tools/call of an unknown tool', { method: 'tools/call', params: { name: 'nope' } }],
    ['tools/call with arguments not an object', { method: 'tools/call', params: { name: 'x', arguments: [1] } }],
    ['tools/call without params', { method: 'tools/call' }],
    ['resources/read without a uri', { method: 'resources/read', params: {} }],
    ['resources/read with a number', { method: 'resources/read', params: { uri: 1 } }],
    ['resources/read of another scheme', { method: 'resources/read', params: { uri: 'file:///etc/passwd' } }],
    ['resources/read of a malformed code', { method: 'resources/read', params: { uri: 'hds://series/loinc/x' } }],
    ['resources/list with a numeric cursor', { method: 'resources/list', params: { cursor: 1 } }],
    ['resources/templates/list with a bad cursor', { method: 'resources/templates/list', params: { cursor: [] } }],
    ['tools/list with a bad cursor', { method: 'tools/list', params: { cursor: false } }],
  ])('%s → -32602, never -32603', async (_name, message) => {
    const answer = await ask(message);
    expect(answer).toMatchObject({ id: 9, error: { code: -32602 } });
  });

  it('names the field at fault', async () => {
    const answer = await ask({ method: 'resources/read', params: {} });
    expect(answer.error.message).toContain('params.uri');
  });

  it('answers a well-formed URI naming nothing -32002', async () => {
    for (const uri of ['hds://files/uploads%2Fx', 'hds://series/loinc/2345-7']) {
      expect(await ask({ method: 'resources/read', params: { uri } })).toMatchObject({
        error: { code: -32002, data: { uri } },
      });
    }
  });

  it('answers the methods it handles with well-formed params', async () => {
    expect((await ask({ method: 'resources/list' })).result).toEqual({ resources: [] });
    expect((await ask({ method: 'resources/templates/list' })).result.resourceTemplates).toHaveLength(2);
    expect((await ask({ method: 'tools/list' })).result.tools).toHaveLength(5);
    expect((await ask({ method: 'ping' })).result).toEqual({});
    const init = await ask({
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    expect(init.result.serverInfo).toEqual({ name: 'hds', version: '9.9.9' });
    expect(await ask({ method: 'prompts/list' })).toMatchObject({ error: { code: -32601 } });
  });
});

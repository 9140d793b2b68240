import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { openAiEnvelope } from '../../../shared/http/envelopes';
import { parseChatMcpServers, parseMcpToolEntries } from '../../../shared/services/agent/mcp';

/** The envelope a parser's throw becomes: `{status, code, param, message}`. */
function refusal(parse: () => unknown) {
  try {
    parse();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    return { status: openAiEnvelope.failure(e).status, code: e.code, param: e.param, message: e.message };
  }
  throw new Error('expected a 400');
}

const entry = (over: Record<string, unknown> = {}) => ({
  type: 'mcp',
  server_label: 'labs',
  server_url: 'https://mcp.example.com/mcp',
  ...over,
});

describe('Agent API tool entries', () => {
  it('turns type "mcp" entries into specs, skipping other tools and keeping their positions in params', () => {
    const specs = parseMcpToolEntries([
      { type: 'function', name: 'f', parameters: {} },
      entry({ authorization: 'tok123', allowed_tools: ['echo'], require_approval: 'never' }),
      entry({ server_label: 'notes', server_url: 'http://notes.example.org/', authorization: 'Basic dXNlcjpwdw==' }),
    ]);
    expect(specs).toEqual([
      {
        label: 'labs',
        url: 'https://mcp.example.com/mcp',
        authorization: 'Bearer tok123',
        allowedTools: ['echo'],
        requireApproval: 'never',
        urlParam: 'tools[1].server_url',
      },
      {
        label: 'notes',
        url: 'http://notes.example.org/',
        authorization: 'Basic dXNlcjpwdw==',
        urlParam: 'tools[2].server_url',
      },
    ]);
  });

  it('accepts allowed_tools as OpenAI filter object and extra headers', () => {
    const [spec] = parseMcpToolEntries([
      entry({ allowed_tools: { tool_names: ['a', 'b'] }, headers: { 'X-Api-Key': 'k-1' } }),
    ]);
    expect(spec).toMatchObject({ allowedTools: ['a', 'b'], headers: { 'X-Api-Key': 'k-1' } });
  });

  it.each([
    [{ server_label: undefined }, 'tools[0].server_label', 'invalid_server_label'],
    [{ server_label: 'has space' }, 'tools[0].server_label', 'invalid_server_label'],
    [{ server_label: 'x'.repeat(65) }, 'tools[0].server_label', 'invalid_server_label'],
    [{ server_url: undefined }, 'tools[0].server_url', 'invalid_server_url'],
    [{ server_url: 'not a url' }, 'tools[0].server_url', 'invalid_server_url'],
    [{ server_url: 'ftp://mcp.example.com/' }, 'tools[0].server_url', 'invalid_server_url'],
    [{ server_url: 'file:///etc/passwd' }, 'tools[0].server_url', 'invalid_server_url'],
    [{ server_url: 'https://user:pw@mcp.example.com/' }, 'tools[0].server_url', 'invalid_server_url'],
    [{ authorization: 42 }, 'tools[0].authorization', 'invalid_authorization'],
    [{ authorization: 'tok\r\nX-Evil: 1' }, 'tools[0].authorization', 'invalid_authorization'],
    [{ allowed_tools: 'echo' }, 'tools[0].allowed_tools', 'invalid_allowed_tools'],
    [{ allowed_tools: ['echo', 3] }, 'tools[0].allowed_tools[1]', 'invalid_allowed_tools'],
    [{ allowed_tools: { read_only: true } }, 'tools[0].allowed_tools.read_only', 'unsupported_parameter'],
    [{ require_approval: 'always' }, 'tools[0].require_approval', 'unsupported_parameter'],
    [{ require_approval: { never: { tool_names: ['echo'] } } }, 'tools[0].require_approval', 'unsupported_parameter'],
    [{ require_approval: 'sometimes' }, 'tools[0].require_approval', 'invalid_require_approval'],
    [{ headers: { host: 'x' } }, 'tools[0].headers.host', 'invalid_headers'],
    [{ headers: { 'Mcp-Session-Id': 'x' } }, 'tools[0].headers.Mcp-Session-Id', 'invalid_headers'],
    [{ headers: { 'bad name': 'x' } }, 'tools[0].headers', 'invalid_headers'],
    [{ headers: { 'X-Key': 'a\nb' } }, 'tools[0].headers.X-Key', 'invalid_headers'],
    [{ headers: { 'X-Key': 'a', 'x-key': 'b' } }, 'tools[0].headers.x-key', 'invalid_headers'],
    [{ headers: { Authorization: 'x1234' }, authorization: 'y' }, 'tools[0].headers.Authorization', 'invalid_headers'],
    [{ connector_id: 'connector_gmail' }, 'tools[0].connector_id', 'unsupported_parameter'],
  ])('refuses %j with 400 at its field', (over, param, code) => {
    expect(refusal(() => parseMcpToolEntries([entry(over)]))).toMatchObject({ status: 400, param, code });
  });

  it('says "always" is unsupported in the message', () => {
    expect(refusal(() => parseMcpToolEntries([entry({ require_approval: 'always' })])).message).toMatch(/only "never"/);
  });

  it('refuses a label used twice, naming the second', () => {
    const r = refusal(() => parseMcpToolEntries([entry(), { type: 'function', name: 'f' }, entry()]));
    expect(r).toMatchObject({ status: 400, param: 'tools[2].server_label', code: 'invalid_server_label' });
  });

  it('allows 8 servers and refuses the 9th, naming tools', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => entry({ server_label: `s${i}` }));
    expect(parseMcpToolEntries(many(8))).toHaveLength(8);
    const r = refusal(() => parseMcpToolEntries(many(9)));
    expect(r).toMatchObject({ status: 400, param: 'tools', code: 'invalid_tools' });
    expect(r.message).toMatch(/at most 8/);
  });
});

describe('chat mcp_servers', () => {
  it('maps {name, url, access_token} to a spec with a bearer authorization', () => {
    expect(
      parseChatMcpServers([
        { name: 'labs', url: 'https://mcp.example.com/mcp', access_token: 'tok' },
        { name: 'notes', url: 'https://notes.example.com/mcp' },
        { name: 'pasted', url: 'https://p.example.com/', access_token: 'Bearer already' },
      ]),
    ).toEqual([
      {
        label: 'labs',
        url: 'https://mcp.example.com/mcp',
        authorization: 'Bearer tok',
        urlParam: 'mcp_servers[0].url',
      },
      { label: 'notes', url: 'https://notes.example.com/mcp', urlParam: 'mcp_servers[1].url' },
      {
        label: 'pasted',
        url: 'https://p.example.com/',
        authorization: 'Bearer already',
        urlParam: 'mcp_servers[2].url',
      },
    ]);
    expect(parseChatMcpServers(undefined)).toEqual([]);
    expect(parseChatMcpServers(null)).toEqual([]);
  });

  it.each([
    ['not a list', 'mcp_servers', 'invalid_mcp_servers'],
    [['x'], 'mcp_servers[0]', 'invalid_mcp_servers'],
    [[{ url: 'https://a.example/' }], 'mcp_servers[0].name', 'invalid_name'],
    [[{ name: 'a', url: 'gopher://a.example/' }], 'mcp_servers[0].url', 'invalid_url'],
    [[{ name: 'a' }], 'mcp_servers[0].url', 'invalid_url'],
    [
      [{ name: 'a', url: 'https://a.example/', access_token: '' }],
      'mcp_servers[0].access_token',
      'invalid_access_token',
    ],
    [
      [
        { name: 'a', url: 'https://a.example/' },
        { name: 'a', url: 'https://b.example/' },
      ],
      'mcp_servers[1].name',
      'invalid_name',
    ],
  ])('refuses %j with 400 at its field', (raw, param, code) => {
    expect(refusal(() => parseChatMcpServers(raw))).toMatchObject({ status: 400, param, code });
  });

  it('refuses more than 8 servers', () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ name: `s${i}`, url: 'https://a.example/' }));
    expect(refusal(() => parseChatMcpServers(many))).toMatchObject({
      param: 'mcp_servers',
      code: 'invalid_mcp_servers',
    });
  });
});

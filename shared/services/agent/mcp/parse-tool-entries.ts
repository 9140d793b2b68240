import { BadRequestError, invalidField } from '../../../errors';
import {
  assertNewLabel,
  assertServerCount,
  authorizationHeader,
  type McpServerSpec,
  parseLabel,
  parseSecret,
  parseServerUrl,
  parseToolNames,
} from './mcp-server-spec';

/** Headers the transport owns (framing, session, protocol): a caller's value would break or hijack the session. */
const RESERVED_HEADERS = new Set([
  'accept',
  'connection',
  'content-length',
  'content-type',
  'host',
  'keep-alive',
  'last-event-id',
  'mcp-protocol-version',
  'mcp-session-id',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;
const MAX_HEADERS = 32;

/**
 * The Agent API's `type: "mcp"` entries of `tools` (others are skipped), in order, as OpenAI's Responses API
 * shapes them: `{server_label, server_url, authorization?, headers?, allowed_tools?, require_approval?}`.
 */
export function parseMcpToolEntries(tools: readonly unknown[]): McpServerSpec[] {
  const at = tools.flatMap((entry, i) => (isObject(entry) && entry.type === 'mcp' ? [i] : []));
  assertServerCount(at.length, 'tools');
  const labels = new Set<string>();
  return at.map((i) => {
    const spec = parseMcpToolEntry(tools[i], `tools[${i}]`);
    assertNewLabel(labels, spec.label, `tools[${i}].server_label`);
    return spec;
  });
}

/** One `type: "mcp"` entry at `at` (`tools[2]`); errors name the field (`tools[2].server_url`). */
export function parseMcpToolEntry(raw: unknown, at: string): McpServerSpec {
  if (!isObject(raw)) throw invalidField(at, `${at} must be an object`);
  if (raw.connector_id !== undefined && raw.connector_id !== null) {
    throw new BadRequestError(
      `${at}.connector_id is not supported: give the server's server_url`,
      'unsupported_parameter',
      `${at}.connector_id`,
    );
  }
  const spec: McpServerSpec = {
    label: parseLabel(raw.server_label, `${at}.server_label`),
    url: parseServerUrl(raw.server_url, `${at}.server_url`),
    urlParam: `${at}.server_url`,
  };
  if (raw.authorization !== undefined && raw.authorization !== null) {
    spec.authorization = authorizationHeader(parseSecret(raw.authorization, `${at}.authorization`));
  }
  if (raw.headers !== undefined && raw.headers !== null) {
    spec.headers = parseHeaders(raw.headers, `${at}.headers`);
    const named = Object.keys(spec.headers).find((h) => h.toLowerCase() === 'authorization');
    if (named && spec.authorization) {
      throw headerError(`${at}.headers.${named}`, `give the authorization once: ${at}.authorization or headers`);
    }
  }
  if (raw.allowed_tools !== undefined && raw.allowed_tools !== null) {
    spec.allowedTools = parseAllowedTools(raw.allowed_tools, `${at}.allowed_tools`);
  }
  if (raw.require_approval !== undefined && raw.require_approval !== null) {
    spec.requireApproval = parseRequireApproval(raw.require_approval, `${at}.require_approval`);
  }
  return spec;
}

/** A list of names, or OpenAI's filter object `{tool_names: [...]}`. */
function parseAllowedTools(raw: unknown, param: string): string[] {
  if (!isObject(raw)) return parseToolNames(raw, param);
  if (raw.read_only !== undefined && raw.read_only !== null) {
    throw new BadRequestError(
      `${param}.read_only is not supported: list the tools in ${param}.tool_names`,
      'unsupported_parameter',
      `${param}.read_only`,
    );
  }
  return parseToolNames(raw.tool_names, `${param}.tool_names`);
}

/** Tools run as the model calls them: there is no one to ask for approval mid-answer. */
function parseRequireApproval(raw: unknown, param: string): 'never' {
  if (raw === 'never') return 'never';
  if (raw === 'always' || isObject(raw)) {
    throw new BadRequestError(
      `${param} supports only "never": remote MCP tools run without an approval step`,
      'unsupported_parameter',
      param,
    );
  }
  throw invalidField(param, `${param} must be "never"`);
}

function parseHeaders(raw: unknown, param: string): Record<string, string> {
  if (!isObject(raw)) throw invalidField(param, `${param} must be an object of header names to string values`);
  const entries = Object.entries(raw);
  if (entries.length > MAX_HEADERS) throw invalidField(param, `${param} may hold at most ${MAX_HEADERS} headers`);
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    const at = `${param}.${name}`;
    if (!HEADER_NAME.test(name)) throw invalidField(param, `${param} has an invalid header name`);
    if (seen.has(name.toLowerCase())) throw headerError(at, `${at} is given twice (header names ignore case)`);
    seen.add(name.toLowerCase());
    if (RESERVED_HEADERS.has(name.toLowerCase())) {
      throw headerError(at, `${at} is set by the MCP transport and cannot be given`);
    }
    try {
      headers[name] = parseSecret(value, at);
    } catch (err) {
      throw headerError(at, (err as Error).message);
    }
  }
  return headers;
}

/** Header errors point at the header (`tools[0].headers.Host`) but keep one code, `invalid_headers`. */
function headerError(param: string, message: string): BadRequestError {
  return new BadRequestError(message, 'invalid_headers', param);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

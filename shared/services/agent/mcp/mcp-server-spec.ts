import { BadRequestError, invalidField } from '../../../errors';

/**
 * One remote MCP server a request asks the agent to use, as both surfaces give it (Agent API `tools[]` entries of
 * `type: "mcp"`, chat `mcp_servers[]`), already validated.
 */
export interface McpServerSpec {
  /** Names the server to the model (`mcp__{label}__{tool}`) and in errors; unique within a request. */
  label: string;
  /** An absolute `http:`/`https:` URL of a Streamable HTTP endpoint. */
  url: string;
  /** The `Authorization` header value, scheme included. A secret: never logged, never echoed. */
  authorization?: string;
  /** Further request headers the caller asked for (values are secrets too). */
  headers?: Record<string, string>;
  /** Only these tools (by their name on the server) are offered; all when absent. */
  allowedTools?: string[];
  requireApproval?: 'never';
  /** Where an error about this server points: `tools[2].server_url`, `mcp_servers[0].url`. */
  urlParam: string;
}

/** Remote servers per request: each costs a handshake and a tool listing before the model is first called. */
export const MAX_MCP_SERVERS = 8;

/** A label must keep `mcp__{label}__{tool}` within the model's tool-name alphabet. */
const LABEL = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_URL_CHARS = 2048;
const MAX_SECRET_CHARS = 8192;
const MAX_TOOL_NAME_CHARS = 128;

export function parseLabel(raw: unknown, param: string): string {
  if (raw === undefined || raw === null || raw === '') throw invalidField(param, `${param} is required`);
  if (typeof raw !== 'string' || !LABEL.test(raw)) {
    throw invalidField(param, `${param} must be 1 to 64 characters of letters, digits, '_' and '-'`);
  }
  return raw;
}

export function parseServerUrl(raw: unknown, param: string): string {
  if (raw === undefined || raw === null || raw === '') throw invalidField(param, `${param} is required`);
  if (typeof raw !== 'string' || raw.length > MAX_URL_CHARS) {
    throw invalidField(param, `${param} must be an absolute http(s) URL of at most ${MAX_URL_CHARS} characters`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidField(param, `${param} must be an absolute http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidField(param, `${param} must use http or https, not ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.username || url.password) {
    throw invalidField(param, `${param} must not carry credentials; send them as authorization`);
  }
  return url.href;
}

/** A header value: printable, one line (a CR/LF would smuggle another header). */
export function parseSecret(raw: unknown, param: string): string {
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > MAX_SECRET_CHARS) {
    throw invalidField(param, `${param} must be a non-empty string of at most ${MAX_SECRET_CHARS} characters`);
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(raw)) throw invalidField(param, `${param} must not contain control characters`);
  return raw.trim();
}

/** `Bearer ` is added unless the value already names a scheme (`Basic …`, `Bearer …`: anything with a space). */
export function authorizationHeader(value: string): string {
  return value.includes(' ') ? value : `Bearer ${value}`;
}

export function parseToolNames(raw: unknown, param: string): string[] {
  if (!Array.isArray(raw)) throw invalidField(param, `${param} must be an array of tool names`);
  return raw.map((name, i) => {
    if (typeof name !== 'string' || name === '' || name.length > MAX_TOOL_NAME_CHARS) {
      throw invalidField(
        `${param}[${i}]`,
        `${param}[${i}] must be a tool name of 1 to ${MAX_TOOL_NAME_CHARS} characters`,
      );
    }
    return name;
  });
}

/** Labels name tools and errors, so two servers of one request may not share one. */
export function assertNewLabel(seen: Set<string>, label: string, param: string): void {
  if (seen.has(label)) throw invalidField(param, `${param} '${label}' is used by another MCP server in this request`);
  seen.add(label);
}

export function assertServerCount(count: number, param: string): void {
  if (count > MAX_MCP_SERVERS) {
    throw new BadRequestError(
      `${param} may name at most ${MAX_MCP_SERVERS} MCP servers per request (got ${count})`,
      `invalid_${param}`,
      param,
    );
  }
}

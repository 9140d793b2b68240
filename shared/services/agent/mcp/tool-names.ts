import { createHash } from 'node:crypto';

/** What model providers accept as a function name. */
const MODEL_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const DIGEST_CHARS = 8;

/**
 * The name the model sees for `tool` of server `label`: `mcp__{label}__{tool}` when that is a valid, unused
 * function name. Otherwise (an MCP tool name may hold `.` or `/` and run to 128 characters; two names may clash
 * once joined) the same text with other characters turned into `_`, cut to fit, and ended by a digest of the real
 * pair, so it is the same on every request. `taken` holds the names given so far; `undefined` if even that is
 * taken (not expected in practice).
 */
export function modelToolName(label: string, tool: string, taken: ReadonlySet<string>): string | undefined {
  const natural = `mcp__${label}__${tool}`;
  if (MODEL_TOOL_NAME.test(natural) && !taken.has(natural)) return natural;
  const digest = createHash('sha256').update(`${label}\u0000${tool}`).digest('hex').slice(0, DIGEST_CHARS);
  const stem = `mcp__${label}__${tool.replace(/[^a-zA-Z0-9_-]/g, '_')}`.slice(0, 64 - DIGEST_CHARS - 1);
  const name = `${stem}_${digest}`;
  return taken.has(name) ? undefined : name;
}

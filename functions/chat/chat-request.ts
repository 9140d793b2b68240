import type { ModelTier } from '../../shared/domain/models';
import type { StoredRetention } from '../../shared/domain/retention';
import { canonicalRetention, isRetention, RETENTIONS } from '../../shared/domain/retention';
import { BadRequestError, invalidField } from '../../shared/errors';
import { tierParam } from '../../shared/http/model-param';
import { sessionIdParam } from '../../shared/http/retention-params';
import { normalizeSubjectKey } from '../../shared/http/tenancy';
import { booleanField, parseWith } from '../../shared/http/validation';
import type { ModelMessage } from '../../shared/ports/model-provider';
import { type McpServerSpec, parseChatMcpServers } from '../../shared/services/agent/mcp';
import { MAX_RECORDS_PER_WRITE, type RecordInput, RecordInputSchema } from '../data/create-data.schema';

/** Parameters that contradict the closed design: no client tools, no response formatting (spec; gaps A.6). */
const REJECTED = ['tools', 'functions', 'tool_choice', 'function_call', 'response_format'] as const;
const MAX_MESSAGES = 200;
const MAX_MESSAGE_CHARS = 100_000;
const MAX_STYLE_CHARS = 8_000;

export interface ChatRequest {
  tier: ModelTier;
  /** The caller's `system`/`developer` messages: style only (tone, persona, format, language). */
  style: string | null;
  conversation: ModelMessage[];
  stream: boolean;
  includeUsageChunk: boolean;
  /** The Subject key (the body's `user`). */
  subjectKey: string;
  sessionId: string | null;
  healthContext: { records: RecordInput[]; retention: StoredRetention | 'none' } | null;
  includeToolSteps: boolean;
  /** Remote MCP tool servers (`mcp_servers[]{name, url, access_token?}`), run server-side like built-in tools. */
  mcpServers: McpServerSpec[];
}

/**
 * `POST /v1/chat/completions` as the chat-completions protocol sends it. Sampling parameters (`max_tokens`,
 * `temperature`, `top_p`, `stop`, `seed`, `n`, …) and unknown fields are accepted and ignored, as clients send
 * them unasked; what would change the closed design is refused with `unsupported_parameter`.
 */
export function parseChatRequest(body: Record<string, unknown>): ChatRequest {
  for (const name of REJECTED) {
    if (body[name] !== undefined && body[name] !== null) {
      throw new BadRequestError(
        `${name} is not supported: the Answers API is a closed, grounded completion (no client tools or response formats); use POST /v1/responses for those`,
        'unsupported_parameter',
        name,
      );
    }
  }
  const tier = tierParam(body.model);
  const { style, conversation } = parseMessages(body.messages);
  const retention = parseRetention(body.retention);
  const sessionId = sessionIdParam(body.session_id);
  if (retention === 'session' && !sessionId) {
    throw new BadRequestError('retention=session requires a session_id', 'invalid_session', 'session_id');
  }
  return {
    tier,
    style,
    conversation,
    stream: booleanField(body.stream, 'stream'),
    includeUsageChunk: streamOptions(body.stream_options),
    subjectKey: normalizeSubjectKey(body.user),
    sessionId,
    healthContext: parseHealthContext(body.health_context, retention),
    includeToolSteps: booleanField(body.include_tool_steps, 'include_tool_steps'),
    mcpServers: parseChatMcpServers(body.mcp_servers),
  };
}

function parseMessages(raw: unknown): { style: string | null; conversation: ModelMessage[] } {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new BadRequestError('messages must be a non-empty array of messages', 'invalid_messages', 'messages');
  }
  if (raw.length > MAX_MESSAGES) {
    throw new BadRequestError(`messages must hold at most ${MAX_MESSAGES} messages`, 'invalid_messages', 'messages');
  }
  const styles: string[] = [];
  const conversation: ModelMessage[] = [];
  raw.forEach((m, i) => {
    const at = `messages[${i}]`;
    if (!m || typeof m !== 'object' || Array.isArray(m)) throw invalidField(at, `${at} must be an object`);
    const message = m as Record<string, unknown>;
    const role = message.role;
    if (message.tool_calls !== undefined || message.function_call !== undefined) {
      throw new BadRequestError(
        `${at} carries tool calls: client tools are not supported on the Answers API`,
        'unsupported_parameter',
        `${at}.tool_calls`,
      );
    }
    if (role === 'system' || role === 'developer') styles.push(textOf(message.content, `${at}.content`, false));
    else if (role === 'user')
      conversation.push({ role: 'user', content: textOf(message.content, `${at}.content`, false) });
    else if (role === 'assistant') {
      conversation.push({ role: 'assistant', content: textOf(message.content, `${at}.content`, true) });
    } else if (role === 'tool' || role === 'function') {
      throw new BadRequestError(
        `${at}.role '${role}' is not supported: client tools are not supported on the Answers API`,
        'unsupported_parameter',
        `${at}.role`,
      );
    } else {
      throw invalidField(`${at}.role`, `${at}.role must be one of system, developer, user, assistant`);
    }
  });
  const last = conversation[conversation.length - 1];
  if (last?.role !== 'user') {
    throw new BadRequestError('messages must end with a user message', 'invalid_messages', 'messages');
  }
  const style = styles.join('\n\n').trim();
  if (style.length > MAX_STYLE_CHARS) {
    throw new BadRequestError(
      `system messages must total at most ${MAX_STYLE_CHARS} characters`,
      'invalid_messages',
      'messages',
    );
  }
  return { style: style || null, conversation };
}

/** Message content: a string, or text parts (`{type: "text", text}`); other parts (images, audio) are refused. */
function textOf(content: unknown, param: string, nullable: boolean): string {
  if (content === null || content === undefined) {
    if (nullable) return '';
    throw invalidField(param, `${param} is required`);
  }
  let text: string;
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) {
    text = content
      .map((part, j) => {
        const p = part as Record<string, unknown> | null;
        if (
          p &&
          (p.type === 'text' || p.type === 'input_text' || p.type === 'output_text') &&
          typeof p.text === 'string'
        ) {
          return p.text;
        }
        throw new BadRequestError(
          `${param}[${j}] must be a text part ({"type": "text", "text": "..."}); images and other media are not supported`,
          'unsupported_parameter',
          `${param}[${j}]`,
        );
      })
      .join('\n');
  } else throw invalidField(param, `${param} must be a string or an array of text parts`);
  if (text.length > MAX_MESSAGE_CHARS)
    throw invalidField(param, `${param} must be at most ${MAX_MESSAGE_CHARS} characters`);
  return text;
}

function parseRetention(raw: unknown): StoredRetention | 'none' {
  if (raw === undefined || raw === null) return 'permanent';
  if (!isRetention(raw)) {
    throw new BadRequestError(`retention must be one of ${RETENTIONS.join(', ')}`, 'invalid_retention', 'retention');
  }
  return raw === 'none' ? 'none' : canonicalRetention(raw);
}

function parseHealthContext(raw: unknown, retention: StoredRetention | 'none'): ChatRequest['healthContext'] {
  if (raw === undefined || raw === null) return null;
  const records = Array.isArray(raw)
    ? raw
    : typeof raw === 'object' && Array.isArray((raw as Record<string, unknown>).records)
      ? ((raw as Record<string, unknown>).records as unknown[])
      : null;
  if (!records) {
    throw invalidField(
      'health_context',
      'health_context must be an array of records ({indicator, value, unit?, time?})',
    );
  }
  if (records.length > MAX_RECORDS_PER_WRITE) {
    throw invalidField('health_context', `health_context must hold at most ${MAX_RECORDS_PER_WRITE} records`);
  }
  return { records: records.map((r, i) => parseWith(RecordInputSchema, r, `health_context[${i}]`)), retention };
}

function streamOptions(raw: unknown): boolean {
  if (raw === undefined || raw === null) return false;
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw invalidField('stream_options', 'stream_options must be an object');
  const include = (raw as Record<string, unknown>).include_usage;
  return include === undefined || include === null ? false : booleanField(include, 'stream_options.include_usage');
}

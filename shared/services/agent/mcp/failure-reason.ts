/** JSON-RPC's request timeout as the MCP SDK raises it (`ErrorCode.RequestTimeout`). */
const MCP_REQUEST_TIMEOUT = -32001;
/** How the SDK's `StreamableHTTPError` begins its message. Matched by shape: the SDK loads only with a server named. */
const STREAMABLE_HTTP_ERROR = 'Streamable HTTP error: ';

const MAX_REASON_CHARS = 300;

/** Socket and resolver failures, said plainly. */
const NETWORK_REASONS: Record<string, string> = {
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
};

export function isTimeout(err: unknown): boolean {
  return (
    (err instanceof Error && err.name === 'McpError' && (err as { code?: unknown }).code === MCP_REQUEST_TIMEOUT) ||
    (err instanceof Error && err.name === 'TimeoutError')
  );
}

/**
 * Why a remote server or call failed, for the caller's 400 or the model's tool result: one short line, with any of
 * `secrets` (the authorization the caller gave, header values) that a server echoed back replaced.
 */
export function failureReason(err: unknown, secrets: readonly string[]): string {
  let reason = describe(err).replace(/\s+/g, ' ').trim();
  for (const secret of secrets) if (secret.length >= 4) reason = reason.split(secret).join('[redacted]');
  return reason.length > MAX_REASON_CHARS ? `${reason.slice(0, MAX_REASON_CHARS - 1)}…` : reason;
}

function describe(err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; cause?: { code?: unknown } };
  if (
    err instanceof Error &&
    err.message.startsWith(STREAMABLE_HTTP_ERROR) &&
    typeof e.code === 'number' &&
    e.code > 0
  ) {
    const hint = e.code === 401 || e.code === 403 ? ' (check the authorization)' : '';
    const detail = err.message.slice(STREAMABLE_HTTP_ERROR.length).replace(/:\s*$/, '');
    return `HTTP ${e.code}${hint}: ${detail}`;
  }
  const code = typeof e.code === 'string' ? e.code : typeof e.cause?.code === 'string' ? e.cause.code : undefined;
  if (code && NETWORK_REASONS[code]) return NETWORK_REASONS[code];
  if (code && /^(CERT_|ERR_TLS_|ERR_SSL_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_)/.test(code)) return `TLS failure (${code})`;
  if (typeof e.message === 'string' && e.message) return e.message;
  return String(err);
}

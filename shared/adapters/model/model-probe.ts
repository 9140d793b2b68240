import { type ModelConfig, modelConfigured } from '../../config/config';
import { secretString } from '../secrets/secret-string';

export interface ModelCheck {
  /** `upstream`: the configured OpenAI-compatible model; `offline`: the deterministic engines, nothing to reach. */
  mode: 'upstream' | 'offline';
  status: 'ok' | 'error';
  latency_ms: number;
  /** Why the upstream did not answer: an HTTP status or a network failure, never a body or a key. */
  reason?: string;
}

const PROBE_TIMEOUT_MS = 3_000;
/**
 * How long a probe's answer stands: health checks come every few seconds from load balancers and monitors, and each
 * must not become a request to the upstream (its rate limits, its bill).
 */
export const PROBE_REUSE_MS = 30_000;

const recent = new WeakMap<ModelConfig, { at: number; check: Promise<ModelCheck> }>();
const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * Whether the configured upstream answers: `GET {base}/models` with its key (every OpenAI-compatible server has it,
 * and it costs no tokens), bounded to 3 s, its answer reused for 30 s. A plain request, so the health probe does not
 * load the model SDK.
 */
export function probeModel(cfg: ModelConfig, region: string): Promise<ModelCheck> {
  const last = recent.get(cfg);
  if (last && Date.now() - last.at < PROBE_REUSE_MS) return last.check;
  const check = askModel(cfg, region);
  recent.set(cfg, { at: Date.now(), check });
  return check;
}

async function askModel(cfg: ModelConfig, region: string): Promise<ModelCheck> {
  if (!modelConfigured(cfg)) return { mode: 'offline', status: 'ok', latency_ms: 0 };
  const started = Date.now();
  const result = (status: ModelCheck['status'], reason?: string): ModelCheck => ({
    mode: 'upstream',
    status,
    latency_ms: Date.now() - started,
    ...(reason ? { reason } : {}),
  });
  try {
    const key = cfg.apiKey ?? (cfg.apiKeySecret ? await secretString(cfg.apiKeySecret, region) : undefined);
    const res = await fetch(`${(cfg.baseUrl ?? OPENAI_BASE_URL).replace(/\/+$/, '')}/models`, {
      headers: key ? { authorization: `Bearer ${key}` } : {},
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await res.body?.cancel();
    return res.ok ? result('ok') : result('error', `HTTP ${res.status}`);
  } catch (err) {
    const e = err as { name?: string; cause?: { code?: unknown } };
    if (e.name === 'TimeoutError') return result('error', `no answer within ${PROBE_TIMEOUT_MS} ms`);
    const code = typeof e.cause?.code === 'string' ? e.cause.code : undefined;
    return result('error', code ? `unreachable (${code})` : 'unreachable');
  }
}

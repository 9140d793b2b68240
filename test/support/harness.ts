import { type Runtime, type RuntimeOptions, startRuntime } from '../../infra/local/runtime';
import { issueApiKey } from '../../shared/services/api-keys';

export interface Harness {
  runtime: Runtime;
  url: string;
  /** A fresh account with one key. */
  newAccount(name?: string): Promise<{ accountId: string; key: string }>;
  stop(): Promise<void>;
}

/** The local runtime in memory on a loopback port, as the integration tests drive it over HTTP. */
export async function startHarness(opts: RuntimeOptions = {}): Promise<Harness> {
  process.env.HDS_LOG_LEVEL ??= 'silent';
  // Consolidation calls the (scripted) model: it runs when a test drains the queues, never between its requests.
  const runtime = await startRuntime({ queueRetryDelayMs: 50, deferredQueues: ['consolidation'], ...opts });
  return {
    runtime,
    url: runtime.url,
    newAccount: async (name = 'test') => {
      const { accounts, config } = runtime.services;
      const account = await accounts.createAccount(name);
      const { secret } = await issueApiKey(accounts, account.accountId, { name, region: config.region });
      return { accountId: account.accountId, key: secret };
    },
    stop: () => runtime.stop(),
  };
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A small client for the tests: JSON in, JSON out, the key as a Bearer token. */
export function client(baseUrl: string, key?: string) {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {}
    return { status: res.status, headers: res.headers, body: parsed } as ApiResponse;
  };
  return {
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => call('POST', path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => call('DELETE', path, undefined, headers),
    call,
  };
}

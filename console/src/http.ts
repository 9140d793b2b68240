import { type ConsoleApi, errorOf } from './console-api';

/** A refused console call, with the service's own message (shown to the person) and code (read by views). */
export class ConsoleCallError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/** A JSON call through the session; a non-2xx answer becomes a `ConsoleCallError` with the envelope's message. */
export async function callJson<T>(api: ConsoleApi, path: string, init?: RequestInit): Promise<T> {
  const res = await api.fetch(path, init);
  if (!res.ok) {
    const error = await errorOf(res);
    throw new ConsoleCallError(error?.message ?? `The service answered ${res.status}`, res.status, error?.code ?? null);
  }
  return (await res.json()) as T;
}

/** A JSON body for `callJson`. */
export function jsonBody(method: string, body: unknown): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** A query string from the defined values only. */
export function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

import type { ConsoleApi } from '../../console-api';
import { callJson, jsonBody } from '../../http';

/** `GET/POST /api/console/keys`, `DELETE /api/console/keys/{key_id}` (README, API keys): the only place their fields are read. */
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  createdAt: string | null;
  lastUsedAt: string | null;
}

interface KeyWire {
  id: string;
  name: string;
  prefix: string;
  created_at: string | null;
  last_used_at: string | null;
  secret?: string;
}

const fromWire = (k: KeyWire): ApiKey => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  createdAt: k.created_at,
  lastUsedAt: k.last_used_at,
});

export async function listKeys(api: ConsoleApi): Promise<ApiKey[]> {
  const body = await callJson<{ data: KeyWire[] }>(api, '/api/console/keys');
  return body.data.map(fromWire);
}

/** The new key and its whole secret, which the service never shows again. */
export async function createKey(api: ConsoleApi, name: string): Promise<{ key: ApiKey; secret: string }> {
  const body = await callJson<KeyWire>(api, '/api/console/keys', jsonBody('POST', { name }));
  return { key: fromWire(body), secret: body.secret ?? '' };
}

export async function revokeKey(api: ConsoleApi, id: string): Promise<void> {
  await callJson(api, `/api/console/keys/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

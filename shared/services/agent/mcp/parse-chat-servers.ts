import { invalidField } from '../../../errors';
import {
  assertNewLabel,
  assertServerCount,
  type McpServerSpec,
  parseLabel,
  parseSecret,
  parseServerUrl,
} from './mcp-server-spec';

/**
 * The chat surface's `mcp_servers: [{name, url, access_token?}]` (the earlier chat API's shape, gaps C): the
 * token travels as `Authorization: Bearer <access_token>`. Absent or null is no servers.
 */
export function parseChatMcpServers(raw: unknown): McpServerSpec[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalidField('mcp_servers', 'mcp_servers must be an array of {name, url} objects');
  assertServerCount(raw.length, 'mcp_servers');
  const labels = new Set<string>();
  return raw.map((entry, i) => {
    const at = `mcp_servers[${i}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw invalidField(at, `${at} must be an object`);
    }
    const server = entry as Record<string, unknown>;
    const spec: McpServerSpec = {
      label: parseLabel(server.name, `${at}.name`),
      url: parseServerUrl(server.url, `${at}.url`),
      urlParam: `${at}.url`,
    };
    assertNewLabel(labels, spec.label, `${at}.name`);
    if (server.access_token !== undefined && server.access_token !== null) {
      const token = parseSecret(server.access_token, `${at}.access_token`);
      // A token pasted with its scheme is not sent as `Bearer Bearer …`.
      spec.authorization = /^bearer /i.test(token) ? token : `Bearer ${token}`;
    }
    return spec;
  });
}

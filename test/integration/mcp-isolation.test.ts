import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../shared/domain/api-keys';
import { client, type Harness, startHarness } from '../support/harness';
import { keyClient, mcpPost, resourceText, rpc, toolJson } from '../support/mcp';
import { signIn } from '../support/sign-in';
import { postFile } from '../support/uploads';

/**
 * Tenancy through `/mcp`: Alice and Bob (two Subjects of one partner account) and Carol (a Subject named `alice` of
 * another account) each hold a glucose reading and a file. Through every tool and every resource method, each
 * endpoint sees only its own; another endpoint's URIs name nothing (-32002). Two signed-in users, each with their own
 * token, never see each other's data either.
 */

let h: Harness;
const endpoints: Record<string, { client: Client; key: string; user: string; value: string; file: string }> = {};

async function seed(key: string, user: string, value: number, filename: string) {
  const api = client(h.url, key);
  const written = await api.post('/v1/data', {
    user,
    retention: 'permanent',
    records: [{ indicator: 'Glucose', value, unit: 'mg/dL', time: '2026-05-01T08:00:00Z' }],
  });
  expect(written.status).toBe(200);
  const data = Buffer.from(`Personal note of ${filename}\nNothing else.\n`);
  expect(
    await postFile(h.url, key, { name: filename, data, type: 'text/plain' }, { user, retention: 'permanent' }),
  ).toBe(200);
}

beforeAll(async () => {
  h = await startHarness();
  const partner = (await h.newAccount('partner')).key;
  const other = (await h.newAccount('other')).key;
  const people = [
    ['alice', partner, 'alice', 101, 'alice-note.txt'],
    ['bob', partner, 'bob', 202, 'bob-note.txt'],
    ['carol', other, 'alice', 303, 'carol-note.txt'],
  ] as const;
  for (const [, key, user, value, file] of people) await seed(key, user, value, file);
  await h.runtime.drainQueues();
  for (const [name, key, user, value, file] of people) {
    endpoints[name] = { client: await keyClient(h, key, user), key, user, value: String(value), file };
  }
}, 90_000);
afterAll(async () => {
  for (const e of Object.values(endpoints)) await e.client.close();
  await h?.stop();
});

const names = ['alice', 'bob', 'carol'] as const;
const others = (name: string) => names.filter((n) => n !== name).map((n) => endpoints[n]!);

describe('Subjects reached through /mcp', { timeout: 60_000 }, () => {
  it.each(names)('%s: the tools see only this Subject’s readings and files', async (name) => {
    const { client: mcp, value, file } = endpoints[name]!;
    const queried = toolJson(await mcp.callTool({ name: 'query_health_data', arguments: {} }));
    expect(queried.records.map((r: any) => String(r.value))).toEqual([value]);
    const summary = toolJson(await mcp.callTool({ name: 'summarize_health_data', arguments: {} }));
    expect(summary.series.map((s: any) => s.latest.value)).toEqual([value]);
    const files = toolJson(await mcp.callTool({ name: 'list_clinical_records', arguments: {} }));
    expect(files.files.map((f: any) => f.filename)).toEqual([file]);
    const family = JSON.stringify(toolJson(await mcp.callTool({ name: 'list_family_members', arguments: {} })));
    for (const other of others(name)) expect(family).not.toContain(other.file);
  });

  it.each(names)(
    '%s: the resources are only this Subject’s, and the shared series URI reads only its values',
    async (name) => {
      const { client: mcp, value, file } = endpoints[name]!;
      const { resources } = await mcp.listResources();
      expect(resources.filter((r) => r.uri.startsWith('hds://files/')).map((r) => r.name)).toEqual([file]);
      const series = resources.filter((r) => r.uri.startsWith('hds://series/'));
      expect(series).toHaveLength(1);
      const read = JSON.parse(resourceText(await mcp.readResource({ uri: series[0]!.uri })));
      expect(read.readings.map((r: any) => String(r.value))).toEqual([value]);
      const fileUri = resources.find((r) => r.uri.startsWith('hds://files/'))!.uri;
      expect(resourceText(await mcp.readResource({ uri: fileUri }))).toContain(file);
    },
  );

  it.each(names)('%s: another endpoint’s file URIs name nothing here (-32002)', async (name) => {
    const { key, user } = endpoints[name]!;
    for (const other of others(name)) {
      const { resources } = await other.client.listResources();
      const uri = resources.find((r) => r.uri.startsWith('hds://files/'))!.uri;
      const answer = await mcpPost(h, key, rpc('resources/read', { uri }), { query: `user=${user}` });
      expect(answer.body.error).toMatchObject({ code: -32002 });
    }
  });

  it('a Subject with nothing yet lists and reads nothing, and no read mints it', async () => {
    const { key } = endpoints.alice!;
    const empty = await keyClient(h, key, 'nobody-yet');
    try {
      expect((await empty.listResources()).resources).toEqual([]);
      expect(toolJson(await empty.callTool({ name: 'query_health_data', arguments: {} })).records).toEqual([]);
      const { accountId } = (await h.runtime.services.accounts.findApiKeyByHash(hashSecret(key)))!;
      expect(await h.runtime.services.subjects.find(accountId, 'nobody-yet')).toBeNull();
    } finally {
      await empty.close();
    }
  });
});

describe('signed-in users through /mcp', { timeout: 60_000 }, () => {
  it('two users, each with their own token, see only their own writes', async () => {
    const [one, two] = await Promise.all([
      signIn(h, `mcp-one-${Date.now()}@example.org`),
      signIn(h, `mcp-two-${Date.now()}@example.org`),
    ]);
    const first = await keyClient(h, one.access_token);
    const second = await keyClient(h, two.access_token);
    try {
      for (const [mcp, value] of [
        [first, 61],
        [second, 62],
      ] as const) {
        const written = await mcp.callTool({
          name: 'write_fhir_observation',
          arguments: { indicator: 'Heart rate', value, unit: 'bpm', time: '2026-05-05T09:00:00Z' },
        });
        expect(written.isError).toBeFalsy();
      }
      for (const [mcp, value] of [
        [first, '61'],
        [second, '62'],
      ] as const) {
        const rows = toolJson(await mcp.callTool({ name: 'query_health_data', arguments: {} })).records;
        expect(rows.map((r: any) => String(r.value))).toEqual([value]);
        const { resources } = await mcp.listResources();
        expect(resources).toHaveLength(1);
        expect(JSON.parse(resourceText(await mcp.readResource({ uri: resources[0]!.uri }))).readings).toHaveLength(1);
      }
      // A token reaches its own user's data only: naming a Subject is refused.
      const named = await mcpPost(h, one.access_token, rpc('ping'), { query: 'user=bob' });
      expect(named.status).toBe(400);
      expect(named.body.error.code).toBe(-32602);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

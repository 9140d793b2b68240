import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labTxt } from '../support/document-fixtures';
import { client, type Harness, startHarness } from '../support/harness';
import { keyClient, resourceText, toolJson } from '../support/mcp';
import { postFile } from '../support/uploads';

/**
 * A partner's way in: the MCP SDK's own client over Streamable HTTP on `/mcp?user=alice` with the account's API key
 * in the header. It lists and calls the data tools (the write tool too: a key may write, as on `POST /v1/data`), reads
 * the Subject's series and files as resources, and `?user=ALICE` is the same Subject.
 */

let h: Harness;
let key: string;
let alice: Client;

beforeAll(async () => {
  h = await startHarness();
  key = (await h.newAccount('partner')).key;
  const api = client(h.url, key);
  const written = await api.post('/v1/data', {
    user: 'alice',
    retention: 'permanent',
    records: [
      { indicator: 'Glucose', value: 100, unit: 'mg/dL', time: '2026-05-01T08:00:00Z' },
      { indicator: 'Glucose', value: 112, unit: 'mg/dL', time: '2026-05-02T08:00:00Z' },
    ],
  });
  expect(written.status).toBe(200);
  expect(
    await postFile(
      h.url,
      key,
      { name: 'labs.txt', data: labTxt(), type: 'text/plain' },
      { user: 'alice', retention: 'permanent' },
    ),
  ).toBe(200);
  await h.runtime.drainQueues();
  alice = await keyClient(h, key, 'alice');
}, 60_000);
afterAll(async () => {
  await alice?.close();
  await h?.stop();
});

describe('the MCP SDK client with an API key', { timeout: 60_000 }, () => {
  it('connects: the server names itself and offers tools and resources', () => {
    expect(alice.getServerVersion()).toMatchObject({ name: 'hds' });
    expect(alice.getServerCapabilities()).toMatchObject({ tools: {}, resources: {} });
    expect(alice.getInstructions()).toContain('hds://series/loinc/{code}');
  });

  it('lists the data tools, the write tool included, with their JSON Schemas and hints', async () => {
    const { tools } = await alice.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'query_health_data',
      'summarize_health_data',
      'list_clinical_records',
      'list_family_members',
      'write_fhir_observation',
    ]);
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object');
    expect(tools.find((t) => t.name === 'write_fhir_observation')?.annotations?.readOnlyHint).toBe(false);
    expect(tools.find((t) => t.name === 'query_health_data')?.annotations?.readOnlyHint).toBe(true);
  });

  it('calls a read tool on the Subject’s readings', async () => {
    const result = await alice.callTool({ name: 'query_health_data', arguments: { indicator: 'glucose' } });
    expect(result.isError).toBeFalsy();
    const values = toolJson(result).records.map((r: any) => String(r.value));
    expect(values).toEqual(expect.arrayContaining(['100', '112']));
    expect(result.structuredContent).toEqual(toolJson(result));
  });

  it('writes a reading with the write tool, which /v1/data then shows', async () => {
    const result = await alice.callTool({
      name: 'write_fhir_observation',
      arguments: { indicator: 'Body weight', value: 72.5, unit: 'kg', time: '2026-05-03T07:00:00Z' },
    });
    expect(result.isError).toBeFalsy();
    const rows = (await client(h.url, key).get('/v1/data?user=alice&indicator=weight')).body.data;
    expect(rows).toEqual([
      expect.objectContaining({ indicator: 'Body weight', loinc_code: '29463-7', parsed_value: '72.5' }),
    ]);
  });

  it('answers a refused argument as a tool error, not a protocol error', async () => {
    const result = await alice.callTool({ name: 'write_fhir_observation', arguments: { indicator: '' } });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('Invalid arguments');
  });

  it('lists the LOINC-coded series and the files as resources, and reads each', async () => {
    const { resources } = await alice.listResources();
    const glucose = resources.find((r) => r.uri.startsWith('hds://series/loinc/') && /glucose/i.test(r.title ?? ''));
    expect(glucose).toMatchObject({ mimeType: 'application/json' });
    const file = resources.find((r) => r.uri.startsWith('hds://files/'));
    expect(file).toMatchObject({ name: 'labs.txt', mimeType: 'text/plain' });
    // The file key holds '/', percent-encoded so the URI keeps one segment.
    expect(file!.uri).toMatch(/^hds:\/\/files\/uploads%2F/);

    const series = JSON.parse(resourceText(await alice.readResource({ uri: glucose!.uri })));
    expect(series.loinc_code).toBe(glucose!.uri.slice('hds://series/loinc/'.length));
    const times = series.readings.map((r: any) => r.time);
    expect(times).toEqual([...times].sort().reverse());
    expect(series.readings.map((r: any) => String(r.value))).toEqual(expect.arrayContaining(['100', '112']));
    expect(series.has_more).toBe(false);

    const read = await alice.readResource({ uri: file!.uri });
    expect(resourceText(read)).toContain('Glucose');
    expect(read.contents[0]?._meta).toMatchObject({ status: 'processed' });
  });

  it('lists the two resource templates', async () => {
    const { resourceTemplates } = await alice.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'hds://series/loinc/{code}',
      'hds://files/{file_key}',
    ]);
  });

  it('reaches the same Subject with ?user=ALICE, and another Subject without user', async () => {
    const shouting = await keyClient(h, key, ' ALICE ');
    const fallback = await keyClient(h, key);
    try {
      expect((await shouting.listResources()).resources).toEqual((await alice.listResources()).resources);
      expect((await fallback.listResources()).resources).toEqual([]);
      const none = toolJson(await fallback.callTool({ name: 'query_health_data', arguments: {} }));
      expect(none.records).toEqual([]);
    } finally {
      await shouting.close();
      await fallback.close();
    }
  });
});

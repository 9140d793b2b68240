import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness';
import { type KnowledgeServers, startKnowledgeServers } from '../support/knowledge-servers';
import { type ScriptedOpenAI, startScriptedOpenAI } from '../support/scripted-openai';

/**
 * The knowledge tools through both answering surfaces, over real HTTP: the scripted upstream model calls them, the
 * tools call loopback servers speaking the documented shapes of E-utilities, ClinicalTrials.gov v2 and BioC-PMC
 * (test/fixtures/knowledge/, each folder naming its source), and the answers carry the steps and, on the Agent API,
 * the citations.
 */
let upstream: ScriptedOpenAI;
let servers: KnowledgeServers;
let h: Harness;
let sdk: OpenAI;
let key: string;

const THREE_CALLS = {
  toolCalls: [
    { id: 'call_lit', name: 'search_medical_literature', arguments: '{"query":"statin myopathy","limit":2}' },
    { id: 'call_ct', name: 'get_clinical_trials', arguments: '{"condition":"type 2 diabetes","location":"Boston"}' },
    { id: 'call_pmc', name: 'get_article_by_pmcid', arguments: '{"pmcid":"PMC3206455"}' },
  ],
};

beforeAll(async () => {
  upstream = await startScriptedOpenAI();
  servers = await startKnowledgeServers();
  const cfg = servers.config();
  h = await startHarness({
    env: {
      OPENAI_BASE_URL: upstream.url,
      OPENAI_API_KEY: 'sk-test',
      HDS_NCBI_EUTILS_URL: cfg.ncbiEutilsUrl,
      HDS_NCBI_EMAIL: 'ops@example.org',
      HDS_EUROPE_PMC_URL: cfg.europePmcUrl,
      HDS_CLINICALTRIALS_URL: cfg.clinicalTrialsUrl,
      HDS_PMC_BIOC_URL: cfg.pmcBiocUrl,
      HDS_KNOWLEDGE_TIMEOUT_MS: '500',
      // Each case asks afresh: a cached answer would hide the service's failure modes.
      HDS_KNOWLEDGE_CACHE_TTL_MS: '0',
    },
  });
  key = (await h.newAccount()).key;
  sdk = new OpenAI({ baseURL: `${h.url}/v1`, apiKey: key, maxRetries: 0 });
});

afterAll(async () => {
  await h?.stop();
  await servers?.stop();
  await upstream?.stop();
});

beforeEach(() => servers.reset());

function stepNamed(steps: { name: string; result: string }[], name: string) {
  const step = steps.find((s) => s.name === name);
  expect(step, name).toBeDefined();
  return { ...step!, data: JSON.parse(step!.result) };
}

describe('knowledge tools on the Agent API', () => {
  it('calls the services as documented and fills citations in the response, the stream and the stored response', async () => {
    upstream.script(THREE_CALLS, { content: 'Two studies and one trial are relevant.' });
    const res: any = await sdk.responses.create({
      model: 'hds-flash',
      input: 'What does research say?',
      user: 'ann',
      store: true,
    });

    const esearch = servers.ncbi.requests.find((r) => r.path.endsWith('/esearch.fcgi'))!;
    expect(esearch.query.get('db')).toBe('pubmed');
    expect(esearch.query.get('retmode')).toBe('json');
    expect(esearch.query.get('term')).toContain('statin myopathy');
    expect(esearch.query.get('tool')).toBe('hds');
    expect(esearch.query.get('email')).toBe('ops@example.org');
    expect(esearch.query.has('api_key')).toBe(false);
    const studies = servers.ctgov.requests[0]!;
    expect(studies.query.get('query.cond')).toBe('type 2 diabetes');
    expect(studies.query.get('query.locn')).toBe('Boston');
    expect(servers.bioc.requests[0]!.path).toMatch(/\/BioC_json\/PMC3206455\/unicode$/);

    expect(res.tool_steps.map((s: any) => s.name).sort()).toEqual([
      'get_article_by_pmcid',
      'get_clinical_trials',
      'search_medical_literature',
    ]);
    const literature = stepNamed(res.tool_steps, 'search_medical_literature').data;
    expect(literature.articles.length).toBeGreaterThan(0);
    expect(literature.articles[0]).toMatchObject({ pmid: expect.any(String), url: expect.stringContaining('pubmed') });
    expect(res.citations.map((c: any) => c.tool).sort()).toEqual(res.tool_steps.map((s: any) => s.name).sort());
    for (const c of res.citations) expect(c.data).toEqual(stepNamed(res.tool_steps, c.tool).data);
    expect(res.health_records).toEqual([]);
    // The model read each result as a tool message.
    const second = upstream.requests.at(-1)!.body;
    expect(second.messages.filter((m: any) => m.role === 'tool')).toHaveLength(3);

    const stored: any = await sdk.responses.retrieve(res.id, { user: 'ann' } as any);
    expect(stored.citations).toEqual(res.citations);

    upstream.script(THREE_CALLS, { content: 'Streamed.' });
    const stream = await sdk.responses.create({ model: 'hds-flash', input: 'Again, streamed', stream: true });
    let completed: any;
    for await (const event of stream) if (event.type === 'response.completed') completed = event.response;
    expect(completed.citations).toHaveLength(3);
    expect(completed.citations[0]).toEqual({ tool: expect.any(String), data: expect.any(Object) });
  });

  it('answers 200 when a service is down: the step says it was unreachable and nothing is cited from it', async () => {
    servers.ncbi.fail({ kind: 'status', status: 500 });
    servers.europePmc.fail({ kind: 'status', status: 503 });
    servers.ctgov.fail({ kind: 'stall' });
    upstream.script(THREE_CALLS, { content: 'The sources could not be reached.' });
    const res: any = await sdk.responses.create({ model: 'hds-flash', input: 'Research?' });
    expect(res.status).toBe('completed');
    expect(stepNamed(res.tool_steps, 'search_medical_literature').data).toMatchObject({ reachable: false });
    expect(stepNamed(res.tool_steps, 'get_clinical_trials').data).toMatchObject({ reachable: false });
    expect(res.citations.map((c: any) => c.tool)).toEqual(['get_article_by_pmcid']);
  });

  it('gives the article tool a clear result for an article outside the open-access subset, which is not cited', async () => {
    upstream.script(
      { toolCalls: [{ name: 'get_article_by_pmcid', arguments: '{"pmcid":"PMC1234567"}' }] },
      { content: 'Not open access.' },
    );
    const res: any = await sdk.responses.create({ model: 'hds-flash', input: 'Read PMC1234567' });
    expect(stepNamed(res.tool_steps, 'get_article_by_pmcid').data).toMatchObject({
      open_access: false,
      message: expect.stringContaining('open-access'),
    });
    expect(res.citations).toEqual([]);
  });

  it('offers the knowledge tools to the model, and lets builtin_tools narrow them', async () => {
    upstream.script({ content: 'ok' });
    await sdk.responses.create({ model: 'hds-flash', input: 'hi' });
    const offered = upstream.requests.at(-1)!.body.tools.map((t: any) => t.function.name);
    expect(offered).toEqual(expect.arrayContaining(['search_medical_literature', 'get_clinical_trials']));

    upstream.script({ content: 'ok' });
    await sdk.responses.create({ model: 'hds-flash', input: 'hi', builtin_tools: ['get_clinical_trials'] } as any);
    expect(upstream.requests.at(-1)!.body.tools.map((t: any) => t.function.name)).toEqual(['get_clinical_trials']);
  });

  it('refuses a client tool that would shadow a knowledge or harness tool', async () => {
    for (const name of ['search_medical_literature', 'fetch_url', 'task', 'read_file', 'ask_user']) {
      const err: any = await sdk.responses
        .create({ model: 'hds-flash', input: 'x', tools: [{ type: 'function', name, parameters: {} }] } as any)
        .catch((e) => e);
      expect(err, name).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err.code).toBe('reserved_tool_name');
    }
  });
});

describe('knowledge tools on the Answers API', () => {
  it('runs them and keeps citations empty, in the body and in the last stream frame', async () => {
    upstream.script(THREE_CALLS, { content: 'Two studies.' });
    const res: any = await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: [{ role: 'user', content: 'What does research say about statins?' }],
      include_tool_steps: true,
    } as any);
    const steps = res.choices[0].message.tool_steps;
    expect(steps).toHaveLength(3);
    expect(stepNamed(steps, 'get_clinical_trials').data.trials.length).toBeGreaterThan(0);
    expect(res.citations).toEqual([]);

    upstream.script(THREE_CALLS, { content: 'Streamed.' });
    const stream = await sdk.chat.completions.create({
      model: 'hds-flash',
      messages: [{ role: 'user', content: 'Again' }],
      stream: true,
    });
    let last: any;
    const stepIds = new Set<string>();
    for await (const chunk of stream as any) {
      for (const s of chunk.choices?.[0]?.delta?.tool_steps ?? []) stepIds.add(s.id);
      last = chunk;
    }
    expect(stepIds.size).toBe(3);
    expect(last.citations).toEqual([]);
  });
});

describe('the health check', () => {
  it('lists the knowledge tools this deployment runs', async () => {
    const health: any = await (await fetch(`${h.url}/api/health`)).json();
    expect(health.tool_names).toEqual(
      expect.arrayContaining(['search_medical_literature', 'get_clinical_trials', 'get_article_by_pmcid', 'ask_user']),
    );
  });
});

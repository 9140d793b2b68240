import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../support/egress-servers';
import { client, type Harness, startHarness } from '../support/harness';
import { type KnowledgeServers, startKnowledgeServers } from '../support/knowledge-servers';

/**
 * The knowledge tools with no model configured: the offline engine calls them over real HTTP (the fixture servers
 * speak the services' documented shapes), cites what they return, says plainly when a source is unreachable, and
 * `fetch_url` reads an allow-listed page but never a private address. (One runtime per file: the environment is the
 * process's.)
 */
const ARTICLE = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'knowledge', 'web', 'article.html'), 'utf8');

let servers: KnowledgeServers;
let web: TestServer;
let up: Harness;

async function ask(h: Harness, question: string) {
  const key = (await h.newAccount()).key;
  const res = await client(h.url, key).post('/v1/responses', { model: 'hds-flash', input: question, user: 'ann' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { output_text: string; tool_steps: { name: string; result: string }[]; citations: unknown[] };
}

beforeAll(async () => {
  servers = await startKnowledgeServers();
  web = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(ARTICLE);
  });
  const cfg = servers.config();
  up = await startHarness({
    env: {
      HDS_NCBI_EUTILS_URL: cfg.ncbiEutilsUrl,
      HDS_EUROPE_PMC_URL: cfg.europePmcUrl,
      HDS_CLINICALTRIALS_URL: cfg.clinicalTrialsUrl,
      HDS_PMC_BIOC_URL: cfg.pmcBiocUrl,
      HDS_EGRESS_ALLOW_HOSTS: `127.0.0.1:${web.port}`,
    },
  });
});

afterAll(async () => {
  await up?.stop();
  await web?.close();
  await servers?.stop();
});

describe('the offline engine with the knowledge tools', () => {
  it('searches the literature and cites what it found', async () => {
    const answer = await ask(up, 'What does research say about statins and muscle pain?');
    expect(answer.tool_steps.map((s) => s.name)).toContain('search_medical_literature');
    const found = JSON.parse(answer.tool_steps.find((s) => s.name === 'search_medical_literature')!.result);
    expect(answer.output_text).toContain(found.articles[0].url);
    expect(answer.citations).toHaveLength(1);
    expect(servers.ncbi.requests.some((r) => r.path.endsWith('/esearch.fcgi'))).toBe(true);
  });

  it('lists recruiting trials with their NCT ids and links', async () => {
    const answer = await ask(up, 'Are there recruiting clinical trials for type 2 diabetes near Boston?');
    const trials = JSON.parse(answer.tool_steps.find((s) => s.name === 'get_clinical_trials')!.result).trials;
    expect(answer.output_text).toContain(trials[0].nct_id);
    expect(answer.output_text).toContain('https://clinicaltrials.gov/study/');
  });

  it('says plainly that a source is unreachable, and the request still answers 200', async () => {
    servers.ncbi.fail({ kind: 'status', status: 503 });
    servers.europePmc.fail({ kind: 'status', status: 503 });
    const answer = await ask(up, 'What does research say about vitamin D and sleep?').finally(() => servers.reset());
    const step = JSON.parse(answer.tool_steps.find((s) => s.name === 'search_medical_literature')!.result);
    expect(step.reachable).toBe(false);
    expect(answer.output_text).toMatch(/could not reach PubMed/i);
    expect(answer.citations).toEqual([]);
  });

  it('reads a page the question names, and refuses a private address in any spelling', async () => {
    const page = await ask(up, `Summarize ${web.origin}/article.html for me`);
    const read = JSON.parse(page.tool_steps.find((s) => s.name === 'fetch_url')!.result);
    expect(read.title).toBeTruthy();
    expect(read.text.length).toBeGreaterThan(100);
    expect(page.output_text).toContain(read.title);

    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://2130706433/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const refused = await ask(up, `Summarize ${url}`);
      const result = JSON.parse(refused.tool_steps.find((s) => s.name === 'fetch_url')!.result);
      expect(result.error, url).toMatch(/public internet/);
      expect(refused.output_text).toMatch(/could not read the page/i);
    }
    // Only the allow-listed page was ever requested.
    expect(web.requests.map((r) => r.path)).toEqual(['/article.html']);
  });
});

import { describe, expect, it } from 'vitest';
import type { EgressRequest } from '../../../shared/ports/egress';
import {
  parsePubmedArticles,
  searchMedicalLiterature,
  searchMedicalLiteratureParameters,
} from '../../../shared/services/agent/knowledge/search-medical-literature';
import { ToolInputError } from '../../../shared/services/agent/tools/types';
import { knowledgeContext } from '../../support/knowledge-egress';
import { startKnowledgeServers } from '../../support/knowledge-servers';
import { knowledgeSuite } from '../../support/knowledge-suite';
import { captureLogs, logEntries } from '../../support/log-capture';

const suite = knowledgeSuite();

const search = (args: Record<string, unknown>, options: Parameters<typeof knowledgeContext>[1] = {}, config = {}) =>
  searchMedicalLiterature(args, knowledgeContext(suite.servers.config(config), options)) as Promise<
    Record<string, any>
  >;

describe('search_medical_literature against PubMed E-utilities', () => {
  it('asks esearch and efetch with the parameters E-utilities documents, without api_key when none is set', async () => {
    await search({ query: 'vascular integrity' });

    const [esearch] = suite.servers.ncbi.calls('/esearch.fcgi');
    expect(esearch!.path).toBe('/entrez/eutils/esearch.fcgi');
    expect(Object.fromEntries(esearch!.query)).toEqual({
      db: 'pubmed',
      term: 'vascular integrity',
      retmode: 'json',
      retmax: '8',
      sort: 'relevance',
      tool: 'hds',
      email: 'ops@example.org',
    });
    const [efetch] = suite.servers.ncbi.calls('/efetch.fcgi');
    expect(Object.fromEntries(efetch!.query)).toEqual({
      db: 'pubmed',
      id: '23241407,21999661',
      rettype: 'abstract',
      retmode: 'xml',
      tool: 'hds',
      email: 'ops@example.org',
    });
    expect(suite.servers.europePmc.requests).toHaveLength(0);
  });

  it('sends api_key on both calls when a key is configured, and no email when none is', async () => {
    await search({ query: 'vascular integrity', limit: 2 }, { ncbiApiKey: 'k-123' }, { ncbiEmail: undefined });
    for (const call of suite.servers.ncbi.requests) {
      expect(call.query.get('api_key')).toBe('k-123');
      expect(call.query.has('email')).toBe(false);
    }
    expect(suite.servers.ncbi.calls('/esearch.fcgi')[0]!.query.get('retmax')).toBe('2');
  });

  it('narrows by publication year with the [dp] range, open ends filled', async () => {
    await search({ query: 'a OR b', from_year: 2010, to_year: 2015 });
    await search({ query: 'c', from_year: 2020 });
    await search({ query: 'd', to_year: 1999 });
    expect(suite.servers.ncbi.calls('/esearch.fcgi').map((c) => c.query.get('term'))).toEqual([
      '(a OR b) AND 2010:2015[dp]',
      '(c) AND 2020:3000[dp]',
      '(d) AND 1800:1999[dp]',
    ]);
  });

  it('reads efetch XML into the documented result shape, in esearch order', async () => {
    const result = await search({ query: 'vascular integrity' });
    expect(Object.keys(result)).toEqual(['query', 'source', 'total', 'articles', 'truncated']);
    expect(result).toMatchObject({ query: 'vascular integrity', source: 'pubmed', total: 1234, truncated: false });
    const [first, second] = result.articles;
    expect(first).toEqual({
      title:
        'Reduced mural cell coverage and impaired vessel integrity after angiogenic stimulation in the Alk1-deficient brain.',
      authors: ['Chen W', 'Guo Y', 'Walker EJ', 'Shen F', 'Jun K', 'Oh SP', 'et al.'],
      journal: 'Arteriosclerosis, thrombosis, and vascular biology',
      year: 2013,
      pmid: '23241407',
      pmcid: 'PMC3569037',
      doi: '10.1161/ATVBAHA.112.300485',
      abstract_snippet: expect.stringMatching(/^OBJECTIVE: Vessels in brain arteriovenous malformations/),
      url: 'https://pubmed.ncbi.nlm.nih.gov/23241407/',
      open_access: true,
    });
    expect(first.abstract_snippet.length).toBeLessThanOrEqual(600);
    // Cut at the last sentence end within 600 characters: the OBJECTIVE part here.
    expect(first.abstract_snippet).toMatch(/through reduction of mural cell coverage\.$/);
    expect(second).toMatchObject({
      pmid: '21999661',
      pmcid: 'PMC3206455',
      doi: '10.1186/1758-2946-3-47',
      year: 2011,
      journal: 'Journal of cheminformatics',
      authors: ['Jones R', 'Macgillivray M', 'Murray-Rust P', 'Pitman J', 'Sefton P', "O'Steen B", 'et al.'],
    });
  });

  it('answers an empty search without calling efetch', async () => {
    const result = await search({ query: 'nothing matches this' });
    expect(result).toEqual({
      query: 'nothing matches this',
      source: 'pubmed',
      total: 0,
      articles: [],
      truncated: false,
    });
    expect(suite.servers.ncbi.calls('/efetch.fcgi')).toHaveLength(0);
  });

  it('makes every request through the egress port with configured trust, no redirects, 4 MB and the timeout', async () => {
    const seen: EgressRequest[] = [];
    const controller = new AbortController();
    await search({ query: 'vascular integrity' }, { seen, signal: controller.signal });
    expect(seen).toHaveLength(2);
    for (const req of seen) {
      expect(req).toMatchObject({ trust: 'configured', maxRedirects: 0, maxBytes: 4 * 1024 * 1024, timeoutMs: 2000 });
      expect(req.signal).toBe(controller.signal);
    }
    expect(seen[0]!.accept).toContainEqual({ type: 'application/json' });
    expect(seen[1]!.accept).toContainEqual({ type: 'text/xml' });
  });
});

describe('throttling and the Europe PMC fallback', () => {
  it('retries a 429 once after a Retry-After of at most a second', async () => {
    suite.servers.ncbi.fail({ kind: 'status', status: 429, headers: { 'retry-after': '1' }, times: 1 });
    const started = Date.now();
    const result = await search({ query: 'vascular integrity' });
    expect(result.source).toBe('pubmed');
    expect(suite.servers.ncbi.calls('/esearch.fcgi')).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(suite.servers.europePmc.requests).toHaveLength(0);
  });

  it('falls back to Europe PMC (resultType=core, cursorMark=*) when PubMed throttles for longer', async () => {
    suite.servers.ncbi.fail({ kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    const result = await search({ query: 'open bibliography', limit: 5 });

    expect(suite.servers.ncbi.calls('/esearch.fcgi')).toHaveLength(1);
    const [call] = suite.servers.europePmc.calls('/search');
    expect(call!.path).toBe('/europepmc/webservices/rest/search');
    expect(Object.fromEntries(call!.query)).toEqual({
      query: 'open bibliography',
      format: 'json',
      resultType: 'core',
      pageSize: '5',
      cursorMark: '*',
    });
    expect(result).toMatchObject({ source: 'europepmc', total: 2, truncated: false });
    expect(result.articles[0]).toEqual({
      title: 'Open bibliography for science, technology, and medicine.',
      authors: ['Jones R', 'Macgillivray M', 'Murray-Rust P', 'Pitman J', 'Sefton P', "O'Steen B", 'et al.'],
      journal: 'Journal of Cheminformatics',
      year: 2011,
      pmid: '21999661',
      pmcid: 'PMC3206455',
      doi: '10.1186/1758-2946-3-47',
      abstract_snippet: expect.stringMatching(/^The concept of Open Bibliography/),
      url: 'https://pubmed.ncbi.nlm.nih.gov/21999661/',
      open_access: true,
    });
    expect(result.articles[1]).toMatchObject({
      pmid: null,
      pmcid: null,
      url: 'https://europepmc.org/article/PPR/PPR000001',
      open_access: false,
      authors: ['Doe J', 'Roe R'],
      abstract_snippet:
        'Background Preprints are indexed by Europe PMC before, or without, a PubMed record. Results This record has no pmid.',
    });
  });

  it('falls back to Europe PMC on a PubMed 500', async () => {
    suite.servers.ncbi.fail({ kind: 'status', status: 500 });
    const result = await search({ query: 'open bibliography' });
    expect(result.source).toBe('europepmc');
  });

  it('uses the PUB_YEAR range on Europe PMC', async () => {
    await search({ query: 'x', source: 'europepmc', from_year: 2010, to_year: 2015 });
    expect(suite.servers.europePmc.calls('/search')[0]!.query.get('query')).toBe('(x) AND PUB_YEAR:[2010 TO 2015]');
    expect(suite.servers.ncbi.requests).toHaveLength(0);
  });

  it('with source pubmed, a throttled PubMed is an unreachable result carrying retry_after_s', async () => {
    suite.servers.ncbi.fail({ kind: 'status', status: 429, headers: { 'retry-after': '30' } });
    const result = await search({ query: 'x', source: 'pubmed' });
    expect(result).toEqual({
      error: expect.stringContaining('PubMed could not be reached'),
      source: 'pubmed',
      reachable: false,
      retry_after_s: 30,
    });
    expect(suite.servers.europePmc.requests).toHaveLength(0);
  });

  it('says both sources failed when the fallback fails too', async () => {
    suite.servers.ncbi.fail({ kind: 'status', status: 500 });
    suite.servers.europePmc.fail({ kind: 'status', status: 503 });
    const result = await search({ query: 'x' });
    expect(result).toMatchObject({ source: 'pubmed', reachable: false });
    expect(result.error).toContain('Europe PMC, tried instead, failed too');
  });
});

describe('failure modes are results, never throws', () => {
  it('a stalled PubMed ends at the configured timeout', async () => {
    suite.servers.ncbi.fail({ kind: 'stall' });
    const started = Date.now();
    const result = await search({ query: 'x', source: 'pubmed' }, {}, { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result).toMatchObject({ source: 'pubmed', reachable: false });
    expect(result.error).toContain('did not answer within 300 ms');
  });

  it('a stopped server is unreachable', async () => {
    const own = await startKnowledgeServers();
    const config = own.config();
    await own.stop();
    const result = (await searchMedicalLiterature({ query: 'x' }, knowledgeContext(config))) as Record<string, any>;
    expect(result).toMatchObject({ source: 'pubmed', reachable: false });
    expect(result.error).toContain('connection');
  });

  it('a 200 that is not the documented JSON is an unreadable answer', async () => {
    suite.servers.ncbi.fail({ kind: 'status', status: 200, body: '<html>maintenance</html>', times: 1 });
    const result = await search({ query: 'x', source: 'pubmed' });
    expect(result).toMatchObject({ reachable: false, source: 'pubmed' });
    expect(result.error).toContain('could not be read');
  });
});

describe('what leaves the tool', () => {
  it('logs failures by target, status and reason, never the query', async () => {
    suite.servers.ncbi.fail({ kind: 'status', status: 500 });
    suite.servers.europePmc.fail({ kind: 'stall' });
    const lines = await captureLogs('debug', () =>
      search({ query: 'my hiv status and warfarin dose' }, {}, { timeoutMs: 300 }),
    );
    const entries = logEntries(lines);
    expect(entries.map((e) => e.message)).toEqual(
      expect.arrayContaining(['knowledge request answered with an error status', 'knowledge request failed']),
    );
    expect(lines.join('\n')).not.toMatch(/hiv|warfarin/i);
  });

  it('a caller that hung up gets its abort, not a result', async () => {
    suite.servers.ncbi.fail({ kind: 'stall' });
    const controller = new AbortController();
    const run = search({ query: 'x' }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    await expect(run).rejects.toThrow('client went away');
  });
});

describe('cache', () => {
  it('answers the same search twice with one upstream search', async () => {
    const first = await search({ query: 'vascular  integrity ' });
    const second = await search({ limit: 8, query: 'vascular integrity' });
    expect(second).toEqual(first);
    expect(suite.servers.ncbi.calls('/esearch.fcgi')).toHaveLength(1);
    await search({ query: 'vascular integrity', limit: 3 });
    expect(suite.servers.ncbi.calls('/esearch.fcgi')).toHaveLength(2);
  });

  it('does not keep failures', async () => {
    suite.servers.ncbi.fail({ kind: 'status', status: 500, times: 1 });
    expect((await search({ query: 'x', source: 'pubmed' })).reachable).toBe(false);
    expect((await search({ query: 'x', source: 'pubmed' })).source).toBe('pubmed');
    expect(suite.servers.ncbi.calls('/esearch.fcgi')).toHaveLength(2);
  });
});

describe('arguments', () => {
  it.each([
    [{}, /query is required/],
    [{ query: '   ' }, /query is required/],
    [{ query: 'x'.repeat(301) }, /at most 300/],
    [{ query: 'x', limit: 0 }, /limit must be between 1 and 20/],
    [{ query: 'x', limit: 21 }, /limit must be between 1 and 20/],
    [{ query: 'x', limit: 2.5 }, /limit must be an integer/],
    [{ query: 'x', from_year: 2020, to_year: 2010 }, /after to_year/],
    [{ query: 'x', source: 'google' }, /source must be one of/],
    [{ query: 'x', sort: 'date' }, /Unknown argument sort/],
    ['text', /JSON object/],
  ])('%j is a ToolInputError', async (args, message) => {
    const run = searchMedicalLiterature(args as Record<string, unknown>, knowledgeContext(suite.servers.config()));
    await expect(run).rejects.toThrow(ToolInputError);
    await expect(run).rejects.toThrow(message);
    expect(suite.servers.ncbi.requests).toHaveLength(0);
  });

  it('treats null as absent', async () => {
    const result = await search({ query: 'x', limit: null, from_year: null, source: null });
    expect(result.source).toBe('pubmed');
  });

  it('publishes a closed JSON Schema', () => {
    expect(searchMedicalLiteratureParameters).toMatchObject({
      type: 'object',
      required: ['query'],
      additionalProperties: false,
    });
  });
});

describe('efetch XML variants', () => {
  const wrap = (inner: string) =>
    `<?xml version="1.0" ?><PubmedArticleSet><PubmedArticle><MedlineCitation><PMID Version="1">1</PMID><Article>${inner}</Article></MedlineCitation></PubmedArticle></PubmedArticleSet>`;

  it('reads MedlineDate years, collective authors and a missing abstract', async () => {
    const [article] = (await parsePubmedArticles(
      wrap(
        '<Journal><JournalIssue><PubDate><MedlineDate>1998 Dec-1999 Jan</MedlineDate></PubDate></JournalIssue><Title>J</Title></Journal>' +
          '<ArticleTitle>T with <i>italic</i> text.</ArticleTitle>' +
          '<AuthorList><Author><CollectiveName>SPRINT Research Group</CollectiveName></Author><Author><LastName>Lee</LastName><Initials>K</Initials></Author></AuthorList>',
      ),
    ))!;
    expect(article).toMatchObject({
      year: 1998,
      title: 'T with italic text.',
      authors: ['SPRINT Research Group', 'Lee K'],
      abstract_snippet: null,
      pmcid: null,
      doi: null,
      open_access: false,
    });
  });

  it('is null for a body that is not a PubmedArticleSet', async () => {
    expect(await parsePubmedArticles('<eFetchResult><ERROR>bad id</ERROR></eFetchResult>')).toBeNull();
  });
});

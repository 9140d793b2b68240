import { describe, expect, it } from 'vitest';
import {
  type ArticleText,
  articleMarkdown,
  biocArticle,
  budgetArticle,
  getArticleByPmcid,
  getArticleByPmcidParameters,
  loadArticle,
} from '../../../shared/services/agent/knowledge/get-article-by-pmcid';
import { ToolInputError } from '../../../shared/services/agent/tools/types';
import { knowledgeContext } from '../../support/knowledge-egress';
import { startKnowledgeServers } from '../../support/knowledge-servers';
import { knowledgeSuite } from '../../support/knowledge-suite';

const suite = knowledgeSuite();

const article = (args: Record<string, unknown>, config = {}) =>
  getArticleByPmcid(args, knowledgeContext(suite.servers.config(config))) as Promise<Record<string, any>>;

describe('get_article_by_pmcid from BioC-PMC', () => {
  it('asks BioC_json/<PMCID>/unicode and returns sections by section_type, references dropped', async () => {
    const result = await article({ pmcid: 'pmc3206455' });
    expect(suite.servers.bioc.requests.map((r) => r.path)).toEqual([
      '/research/bionlp/RESTful/pmcoa.cgi/BioC_json/PMC3206455/unicode',
    ]);
    expect(suite.servers.europePmc.requests).toHaveLength(0);
    expect(Object.keys(result)).toEqual([
      'pmcid',
      'open_access',
      'title',
      'source',
      'sections',
      'omitted_sections',
      'chars',
      'truncated',
      'url',
    ]);
    expect(result).toMatchObject({
      pmcid: 'PMC3206455',
      open_access: true,
      title: 'Open bibliography for science, technology, and medicine',
      source: 'pmc_bioc',
      omitted_sections: [],
      truncated: false,
      url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC3206455/',
    });
    expect(result.sections.map((s: { name: string }) => s.name)).toEqual([
      'ABSTRACT',
      'INTRO',
      'METHODS',
      'RESULTS',
      'FIG',
      'TABLE',
      'DISCUSS',
      'CONCL',
    ]);
    const all = JSON.stringify(result.sections);
    expect(all).not.toContain('must not appear');
    expect(all).not.toContain('Source Records Licence'); // a table body, not its caption
    expect(result.sections.find((s: { name: string }) => s.name === 'TABLE').text).toBe(
      'Table 1. Sources of bibliographic data.',
    );
    expect(result.chars).toBe(result.sections.reduce((n: number, s: { text: string }) => n + s.text.length, 0));
  });

  it('fills a small budget by priority, cuts one section at a sentence end and lists the rest as omitted', async () => {
    const result = await article({ pmcid: 'PMC3206455', max_chars: 2000 });
    expect(result.chars).toBeLessThanOrEqual(2000);
    expect(result.truncated).toBe(true);
    const names = result.sections.map((s: { name: string }) => s.name);
    expect(names).toEqual(['ABSTRACT', 'RESULTS', 'DISCUSS', 'CONCL']); // document order
    expect(result.omitted_sections).toEqual(['INTRO', 'METHODS', 'FIG', 'TABLE']);
    const discuss = result.sections.find((s: { name: string }) => s.name === 'DISCUSS').text as string;
    expect(discuss.endsWith('.')).toBe(true);
  });

  it('returns only the sections asked for (codes or plain names)', async () => {
    const result = await article({ pmcid: 'PMC3206455', sections: ['results', 'Conclusion'] });
    expect(result.sections.map((s: { name: string }) => s.name)).toEqual(['RESULTS', 'CONCL']);
    expect(result.omitted_sections).toEqual(['ABSTRACT', 'INTRO', 'METHODS', 'FIG', 'TABLE', 'DISCUSS']);
    expect(result.truncated).toBe(false);
  });

  it('reads the collection unwrapped as well as in its one-element array', () => {
    const body = { documents: [{ passages: [{ infons: { section_type: 'ABSTRACT' }, text: 'A.' }] }] };
    expect(biocArticle('PMC1', body)?.sections).toEqual([{ name: 'ABSTRACT', text: 'A.' }]);
    expect(biocArticle('PMC1', [body])?.sections).toEqual([{ name: 'ABSTRACT', text: 'A.' }]);
    expect(biocArticle('PMC1', { documents: [] })).toBeNull();
  });
});

describe('Europe PMC fallback and not open access', () => {
  it('an [Error] body from BioC → Europe PMC fullTextXML (JATS sections, ref-list dropped)', async () => {
    const result = await article({ pmcid: 'PMC3569037' });
    expect(suite.servers.bioc.requests).toHaveLength(1);
    expect(suite.servers.europePmc.requests.map((r) => r.path)).toEqual([
      '/europepmc/webservices/rest/PMC3569037/fullTextXML',
    ]);
    expect(result).toMatchObject({
      pmcid: 'PMC3569037',
      open_access: true,
      source: 'europepmc',
      title:
        'Reduced mural cell coverage and impaired vessel integrity after angiogenic stimulation in the Alk1-deficient brain',
      truncated: false,
    });
    expect(result.sections).toEqual([
      {
        name: 'ABSTRACT',
        text: expect.stringMatching(/^Objective\n\nVessels in brain .*\n\nConclusions\n\nReduction of mural cell/s),
      },
      { name: 'INTRO', text: expect.stringMatching(/^Brain arteriovenous malformations/) },
      { name: 'METHODS', text: 'Animals\n\nAdult Alk1(1f/2f) mice and wild-type mice were used.' },
      { name: 'RESULTS', text: expect.stringMatching(/^The Alk1-deficient brain had more fibrin/) },
      { name: 'DISCUSS', text: 'Mural cell coverage was reduced in the Alk1-deficient brain.' },
      { name: 'FIG', text: 'Figure 1 Fibrin deposition in the angiogenic foci.' },
    ]);
    expect(JSON.stringify(result)).not.toMatch(/must not appear|thank the staff/);
  });

  it('neither mirror has it → the not-open-access result, after one try of each', async () => {
    expect(await article({ pmcid: 'PMC1234567' })).toEqual({
      pmcid: 'PMC1234567',
      open_access: false,
      message: 'PMC1234567 is not in the PMC open-access subset; only its abstract can be read',
      url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC1234567/',
      evidence: false,
    });
    expect(suite.servers.bioc.requests).toHaveLength(1);
    expect(suite.servers.europePmc.requests).toHaveLength(1);
  });

  it('BioC failing (500) still falls back to Europe PMC', async () => {
    suite.servers.bioc.fail({ kind: 'status', status: 500 });
    expect(await article({ pmcid: 'PMC3569037' })).toMatchObject({ source: 'europepmc', open_access: true });
  });

  it('BioC stalled past the timeout and Europe PMC without it → unreachable, not "not open access"', async () => {
    suite.servers.bioc.fail({ kind: 'stall' });
    const result = await article({ pmcid: 'PMC1234567' }, { timeoutMs: 300 });
    expect(result).toMatchObject({ source: 'pmc', reachable: false });
    expect(result.error).toContain('could not be fetched');
  });

  it('both mirrors stopped → unreachable', async () => {
    const own = await startKnowledgeServers();
    const config = own.config();
    await own.stop();
    expect(await getArticleByPmcid({ pmcid: 'PMC3206455' }, knowledgeContext(config))).toMatchObject({
      reachable: false,
      source: 'pmc',
    });
  });

  it('Europe PMC 429 with Retry-After after a BioC miss → unreachable with retry_after_s', async () => {
    suite.servers.europePmc.fail({ kind: 'status', status: 429, headers: { 'retry-after': '20' } });
    expect(await article({ pmcid: 'PMC1234567' })).toMatchObject({ reachable: false, retry_after_s: 20 });
  });
});

describe('whole text and cache', () => {
  it('gives the whole article as Markdown for /articles/PMC<id>.md', async () => {
    const loaded = (await loadArticle('PMC3206455', knowledgeContext(suite.servers.config()))) as ArticleText;
    const md = articleMarkdown(loaded);
    expect(md).toMatch(/^# Open bibliography for science, technology, and medicine\n/);
    expect(md).toContain('\n## Abstract\n\nThe concept of Open Bibliography');
    expect(md).toContain('\n## Results\n\nResults\n\nAn openly searchable network');
    expect(md).toContain('\n## Conclusions\n');
    expect(md).not.toContain('must not appear');
  });

  it('on a planning turn keeps the whole text of a cut article as a file the model can read further', async () => {
    const saved = new Map<string, string>();
    const ctx = {
      ...knowledgeContext(suite.servers.config()),
      saveFile: (path: string, text: string) => {
        saved.set(path, text);
        return path;
      },
    };
    const cut = (await getArticleByPmcid({ pmcid: 'PMC3206455', max_chars: 2000 }, ctx)) as Record<string, any>;
    expect(cut).toMatchObject({ truncated: true, file: '/articles/pmc3206455.md' });
    expect(saved.get('/articles/pmc3206455.md')).toMatch(/^# Open bibliography/);
    const whole = (await getArticleByPmcid({ pmcid: 'PMC3206455', max_chars: 24000 }, ctx)) as Record<string, any>;
    if (!whole.truncated) expect(whole.file).toBeUndefined();
  });

  it('reads an article once per process, whatever budget is asked', async () => {
    await article({ pmcid: 'PMC3206455' });
    await article({ pmcid: 'pmc3206455', max_chars: 3000 });
    await loadArticle('PMC3206455', knowledgeContext(suite.servers.config()));
    expect(suite.servers.bioc.requests).toHaveLength(1);
  });

  it('budgets a constructed article exactly', () => {
    const text: ArticleText = {
      pmcid: 'PMC1',
      open_access: true,
      title: 'T',
      source: 'pmc_bioc',
      url: 'u',
      sections: [
        { name: 'INTRO', text: 'i'.repeat(1000) },
        { name: 'ABSTRACT', text: 'a'.repeat(1500) },
        { name: 'SUPPL', text: 's'.repeat(10) },
      ],
    };
    const result = budgetArticle(text, { maxChars: 2000 });
    // ABSTRACT first (priority), INTRO cut into the 500 left, nothing left for the rest.
    expect(result.sections.map((s) => s.name)).toEqual(['INTRO', 'ABSTRACT']);
    expect(result.sections[0]!.text.length).toBeLessThanOrEqual(500);
    expect(result.chars).toBeLessThanOrEqual(2000);
    expect(result.omitted_sections).toEqual(['SUPPL']);
    expect(result.truncated).toBe(true);
  });
});

describe('arguments', () => {
  it.each([
    [{}, /pmcid must look like/],
    [{ pmcid: '3206455' }, /pmcid must look like/],
    [{ pmcid: 'PMC1234567890' }, /pmcid must look like/],
    [{ pmcid: 'PMC1', max_chars: 1000 }, /between 2000 and 24000/],
    [{ pmcid: 'PMC1', sections: 'RESULTS' }, /array of strings/],
    [{ pmcid: 'PMC1', format: 'pdf' }, /Unknown argument format/],
  ])('%j is a ToolInputError', async (args, message) => {
    const run = getArticleByPmcid(args, knowledgeContext(suite.servers.config()));
    await expect(run).rejects.toThrow(ToolInputError);
    await expect(run).rejects.toThrow(message);
    expect(suite.servers.bioc.requests).toHaveLength(0);
  });

  it('publishes a closed JSON Schema', () => {
    expect(getArticleByPmcidParameters).toMatchObject({ required: ['pmcid'], additionalProperties: false });
  });
});

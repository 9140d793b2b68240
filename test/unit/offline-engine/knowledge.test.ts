import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServerTool } from '../../../shared/adapters/model/offline-engine/conversation';
import { analyseQuestion } from '../../../shared/adapters/model/offline-engine/question';
import { STATISTIC_PROGRAM } from '../../../shared/adapters/model/offline-engine/statistic';
import { setClock } from '../../../shared/clock';
import type { ModelToolCall } from '../../../shared/ports/model-provider';
import { argsOf, NOW, reading, runTool, runTurn, sampleWorld, toolsOf, userTurn, type World } from './helpers';

/**
 * The knowledge tools and `eval` in the offline engine (docs/design/knowledge-tools.md §6): what it plans when they
 * are offered, what it answers from their documented results (§3), and that it plans nothing it is not offered.
 */

let restore: () => void;
beforeAll(() => {
  restore = setClock(() => NOW);
});
afterAll(() => restore());

const DATA = ['query_health_data', 'summarize_health_data', 'list_clinical_records', 'list_family_members'];
const KNOWLEDGE = ['search_medical_literature', 'get_clinical_trials', 'get_article_by_pmcid', 'fetch_url'];
const FLASH = toolsOf([...DATA, ...KNOWLEDGE]);
const EXPERT = toolsOf([...DATA, ...KNOWLEDGE, 'write_todos', 'ls', 'read_file', 'write_file', 'eval']);

const LITERATURE = {
  query: 'statins muscle pain',
  source: 'pubmed',
  total: 1234,
  articles: [
    {
      title: 'Statin-associated muscle symptoms: a review.',
      authors: ['Smith J', 'Lee K'],
      journal: 'Journal of Lipid Research',
      year: 2023,
      pmid: '37144896',
      pmcid: 'PMC10123456',
      doi: '10.1000/jlr.1',
      abstract_snippet: 'Muscle symptoms are the most common complaint…',
      url: 'https://pubmed.ncbi.nlm.nih.gov/37144896/',
      open_access: true,
    },
    {
      title: 'Placebo-controlled trial of statin rechallenge.',
      authors: ['Wood F'],
      journal: 'BMJ',
      year: 2021,
      pmid: '33627334',
      url: 'https://pubmed.ncbi.nlm.nih.gov/33627334/',
      open_access: false,
    },
    {
      title: 'Nocebo effects of statins.',
      authors: [],
      journal: null,
      year: 2020,
      pmid: '32000001',
      url: 'https://pubmed.ncbi.nlm.nih.gov/32000001/',
    },
    { title: 'A fourth article.', year: 2019, pmid: '31000001', url: 'https://pubmed.ncbi.nlm.nih.gov/31000001/' },
  ],
  truncated: false,
};

const TRIALS = {
  trials: [
    {
      nct_id: 'NCT05013879',
      title: 'Semaglutide in Adults With Type 2 Diabetes',
      status: 'RECRUITING',
      phases: ['PHASE2'],
      conditions: ['Type 2 Diabetes'],
      interventions: [{ type: 'DRUG', name: 'Semaglutide' }],
      locations: [{ facility: 'MGH', city: 'Boston', country: 'United States' }],
      locations_total: 12,
      url: 'https://clinicaltrials.gov/study/NCT05013879',
    },
    {
      nct_id: 'NCT04000002',
      title: 'Exercise and Glycemic Control',
      status: 'RECRUITING',
      phases: ['NA'],
      url: 'https://clinicaltrials.gov/study/NCT04000002',
    },
    {
      nct_id: 'NCT04000003',
      title: 'Early Insulin Study',
      status: 'NOT_YET_RECRUITING',
      phases: ['PHASE1', 'PHASE2'],
      url: 'https://clinicaltrials.gov/study/NCT04000003',
    },
    { nct_id: 'NCT04000004', title: 'A fourth trial', status: 'RECRUITING', phases: [], url: 'https://x.test/4' },
  ],
  total: 87,
  next_page_token: 'abc',
  truncated: false,
};

const ARTICLE = {
  pmcid: 'PMC6267067',
  open_access: true,
  title: 'Sleep duration and cardiometabolic risk',
  source: 'pmc_bioc',
  sections: [
    {
      name: 'ABSTRACT',
      text: 'Short sleep is common. We followed 4,000 adults for ten years.  Short sleepers had more diabetes. The effect was larger in women.',
    },
    { name: 'RESULTS', text: 'Results text.' },
  ],
  omitted_sections: ['METHODS'],
  chars: 11890,
  truncated: true,
  url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC6267067/',
};

const NOT_OPEN = {
  pmcid: 'PMC1234567',
  open_access: false,
  message: 'PMC1234567 is not in the PMC open-access subset; only its abstract can be read',
  url: 'https://pmc.ncbi.nlm.nih.gov/articles/PMC1234567/',
  evidence: false,
};

const PAGE = {
  url: 'https://example.org/health/sleep',
  final_url: 'https://example.org/health/sleep/',
  title: 'How much sleep do adults need?',
  byline: null,
  site_name: 'Example Health',
  content_type: 'text/html',
  text: 'How much sleep do adults need?\n\nAdults need seven or more hours of sleep per night for the best health. Sleeping less is linked to weight gain.\n\nA second paragraph.',
  chars: 160,
  truncated: false,
  fetched_at: '2026-11-21T10:00:00Z',
};

const unreachable = (source: string, retry?: number) =>
  JSON.stringify({
    error: `${source} did not answer`,
    source,
    reachable: false,
    ...(retry ? { retry_after_s: retry } : {}),
  });

/** The data tools over `world`, and each knowledge tool answering `results[name]`. */
function knowledgeWorld(results: Record<string, unknown>, world: World = sampleWorld()) {
  return (tc: ModelToolCall): string => {
    if (tc.name in results) {
      const r = results[tc.name];
      return typeof r === 'string' ? r : JSON.stringify(r);
    }
    return runTool(world, tc);
  };
}

/** `eval` as the sandbox runs it: the program over `input` and the turn's files, its last value the result. */
function evalTool(files: Record<string, string> = {}) {
  return (tc: ModelToolCall): string => {
    const { code, input } = argsOf(tc) as { code: string; input: unknown };
    const result = runInNewContext(code, { input: structuredClone(input), files: { ...files } });
    return JSON.stringify({ result, logs: [], ms: 1 });
  };
}

describe('literature', () => {
  it('searches the question without its cue words, and lists the top 3 with year, journal, link and the count', async () => {
    const turn = await runTurn(
      userTurn('What does research say about statins and muscle pain?'),
      knowledgeWorld({ search_medical_literature: LITERATURE }),
      { tools: FLASH },
    );
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([
      ['search_medical_literature', { query: 'statins muscle pain', limit: 5 }],
    ]);
    expect(turn.answer).toContain('I found **1234 articles** on PubMed for "statins muscle pain"; the first 3:');
    expect(turn.answer).toContain(
      '- **Statin-associated muscle symptoms: a review.** (2023, *Journal of Lipid Research*): https://pubmed.ncbi.nlm.nih.gov/37144896/',
    );
    expect(turn.answer).toContain(
      '- **Placebo-controlled trial of statin rechallenge.** (2021, *BMJ*): https://pubmed.ncbi.nlm.nih.gov/33627334/',
    );
    expect(turn.answer).toContain('- **Nocebo effects of statins.** (2020): https://pubmed.ncbi.nlm.nih.gov/32000001/');
    expect(turn.answer).not.toContain('A fourth article');
  });

  it.each([
    [
      'es',
      '¿Qué dicen los estudios sobre las estatinas y el dolor muscular?',
      'estatinas dolor muscular',
      'Encontré **1234 artículos** en PubMed',
    ],
    [
      'de',
      'Was sagen Studien über Statine und Muskelschmerzen?',
      'Statine Muskelschmerzen',
      'Ich habe auf PubMed **1234 Artikel**',
    ],
    [
      'fr',
      'Que disent les études sur les statines et les douleurs musculaires ?',
      'statines douleurs musculaires',
      'J’ai trouvé **1234 articles** sur PubMed',
    ],
    ['zh', '关于他汀类药物和肌肉疼痛的研究怎么说？', '他汀类药物和肌肉疼痛', '我在 PubMed 上找到 **1234 篇**'],
  ])('in %s: the topic in the question’s words, the answer in its language', async (_l, question, query, found) => {
    const turn = await runTurn(userTurn(question), knowledgeWorld({ search_medical_literature: LITERATURE }), {
      tools: FLASH,
    });
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([
      ['search_medical_literature', { query, limit: 5 }],
    ]);
    expect(turn.answer).toContain(found);
    expect(turn.answer).toContain('https://pubmed.ncbi.nlm.nih.gov/37144896/');
  });

  it.each([
    [
      'en',
      'What does research say about statins and muscle pain?',
      'I could not reach PubMed right now, so I cannot cite studies. It may answer again in about 30 seconds.',
    ],
    [
      'es',
      '¿Qué dicen los estudios sobre las estatinas y el dolor muscular?',
      'No pude conectar con PubMed en este momento, así que no puedo citar estudios.',
    ],
    [
      'it',
      'Cosa dicono gli studi sulle statine e il dolore muscolare?',
      'Non è stato possibile raggiungere PubMed in questo momento, quindi non posso citare studi.',
    ],
  ])('in %s: an unreachable source is said plainly, and nothing is cited', async (_l, question, sentence) => {
    const turn = await runTurn(
      userTurn(question),
      knowledgeWorld({ search_medical_literature: unreachable('pubmed', 30) }),
      {
        tools: FLASH,
      },
    );
    expect(turn.answer).toContain(sentence);
    expect(turn.answer).not.toMatch(/https?:\/\//);
  });

  it('with the Subject’s data beside it: the unreachable sentence, then what the readings say', async () => {
    const turn = await runTurn(
      userTurn('What do studies say about LDL, and how has my LDL changed this year?'),
      knowledgeWorld({ search_medical_literature: unreachable('europepmc') }),
      { tools: FLASH },
    );
    expect(turn.toolCalls.map((tc) => tc.name)).toEqual(['search_medical_literature', 'summarize_health_data']);
    expect(turn.answer).toContain('I could not reach Europe PMC right now, so I cannot cite studies.');
    expect(turn.answer).toMatch(/LDL.*151 mg\/dL.*118 mg\/dL/s);
  });

  it('is not searched when the tool is not offered: the engine answers as it always has', async () => {
    const question = 'What does the research say about intermittent fasting?';
    const without = await runTurn(userTurn(question), sampleWorld(), { tools: toolsOf(DATA) });
    expect(without.toolCalls.map((tc) => tc.name)).not.toContain('search_medical_literature');
    expect(without.answer).not.toContain('PubMed');
    const withIt = await runTurn(userTurn(question), knowledgeWorld({ search_medical_literature: LITERATURE }), {
      tools: FLASH,
    });
    expect(withIt.toolCalls.map((tc) => tc.name)).toEqual(['search_medical_literature']);
  });

  it('says when nothing was found, and reports a tool error as given', async () => {
    const none = await runTurn(
      userTurn('what does research say about zorblax?'),
      knowledgeWorld({ search_medical_literature: { query: 'zorblax', source: 'europepmc', total: 0, articles: [] } }),
      { tools: FLASH },
    );
    expect(none.answer).toContain('I found no articles on Europe PMC for "zorblax".');
    const bad = await runTurn(
      userTurn('what does research say about zorblax?'),
      knowledgeWorld({ search_medical_literature: { error: 'query must be 1..300 characters' } }),
      { tools: FLASH },
    );
    expect(bad.answer).toContain('I could not read studies: query must be 1..300 characters.');
  });
});

describe('trials', () => {
  it('asks for the condition, the place and the status, and lists up to 3 with NCT id, title, status, phase and link', async () => {
    const turn = await runTurn(
      userTurn('recruiting trials for type 2 diabetes near Boston'),
      knowledgeWorld({ get_clinical_trials: TRIALS }),
      { tools: FLASH },
    );
    // The condition names the diabetes tests, but the question asks nothing of the readings.
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([
      ['get_clinical_trials', { condition: 'type 2 diabetes', location: 'Boston', status: ['RECRUITING'] }],
    ]);
    expect(turn.answer).toContain('I found **87 clinical trials** for type 2 diabetes near Boston; the first 3:');
    expect(turn.answer).toContain(
      '- **NCT05013879**: Semaglutide in Adults With Type 2 Diabetes (recruiting, Phase 2): https://clinicaltrials.gov/study/NCT05013879',
    );
    expect(turn.answer).toContain(
      '- **NCT04000002**: Exercise and Glycemic Control (recruiting): https://clinicaltrials.gov/study/NCT04000002',
    );
    expect(turn.answer).toContain('(not yet recruiting, Phase 1/2)');
    expect(turn.answer).not.toContain('NCT04000004');
  });

  it.each([
    [
      'es',
      'ensayos clínicos que reclutan para diabetes tipo 2 cerca de Madrid',
      { condition: 'diabetes tipo 2', location: 'Madrid', status: ['RECRUITING'] },
      '- **NCT05013879**: Semaglutide in Adults With Type 2 Diabetes (reclutando, Phase 2)',
    ],
    [
      'it',
      'studi clinici che reclutano per il diabete di tipo 2 vicino a Milano',
      { condition: 'diabete tipo 2', location: 'Milano', status: ['RECRUITING'] },
      'Ho trovato **87 sperimentazioni cliniche** su diabete tipo 2 vicino a Milano',
    ],
    [
      'zh',
      '北京附近正在招募的2型糖尿病临床试验',
      { condition: '2型糖尿病', location: '北京', status: ['RECRUITING'] },
      '（正在招募，Phase 2）',
    ],
    [
      'de',
      'Gibt es klinische Studien zu Asthma in Hamburg?',
      { condition: 'Asthma', location: 'Hamburg' },
      'Ich habe **87 klinische Studien** zu Asthma in der Nähe von Hamburg gefunden',
    ],
  ])('in %s', async (_l, question, args, line) => {
    const turn = await runTurn(userTurn(question), knowledgeWorld({ get_clinical_trials: TRIALS }), { tools: FLASH });
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([['get_clinical_trials', args]]);
    expect(turn.answer).toContain(line);
  });

  it.each([
    [
      'en',
      'Are there clinical trials for asthma in Chicago?',
      'I could not reach ClinicalTrials.gov right now, so I cannot cite trials.',
    ],
    [
      'pt',
      'ensaios clínicos recrutando para diabetes tipo 2 perto de São Paulo',
      'Não consegui acessar o ClinicalTrials.gov agora, então não posso citar ensaios.',
    ],
    [
      'fr',
      'essais cliniques qui recrutent pour le diabète de type 2 près de Lyon',
      'Je n’ai pas pu joindre ClinicalTrials.gov pour le moment, je ne peux donc pas citer d’essais.',
    ],
  ])('in %s: unreachable', async (_l, question, sentence) => {
    const turn = await runTurn(
      userTurn(question),
      knowledgeWorld({ get_clinical_trials: unreachable('clinicaltrials') }),
      {
        tools: FLASH,
      },
    );
    expect(turn.answer).toContain(sentence);
    expect(turn.answer).not.toContain('NCT');
  });

  it('asks for a condition when the question names none, and plans nothing it is not offered', async () => {
    const bare = await runTurn(userTurn('any recruiting clinical trials near me?'), knowledgeWorld({}), {
      tools: FLASH,
    });
    expect(bare.toolCalls).toEqual([]);
    expect(bare.answer).toContain('To look for clinical trials I need a condition to search for');
    const notOffered = await runTurn(userTurn('recruiting trials for asthma near Boston'), sampleWorld(), {
      tools: toolsOf(DATA),
    });
    expect(notOffered.toolCalls.map((tc) => tc.name)).not.toContain('get_clinical_trials');
    expect(notOffered.answer).not.toContain('ClinicalTrials.gov');
  });
});

describe('article', () => {
  it('reads the PMC id named, and answers with the title and the abstract’s first sentences', async () => {
    const turn = await runTurn(
      userTurn('Summarize PMC6267067 for me'),
      knowledgeWorld({ get_article_by_pmcid: ARTICLE }),
      {
        tools: FLASH,
      },
    );
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([
      ['get_article_by_pmcid', { pmcid: 'PMC6267067' }],
    ]);
    expect(turn.answer).toContain(
      '**Sleep duration and cardiometabolic risk** (PMC6267067):\n\n> Short sleep is common. We followed 4,000 adults for ten years.\n\nRead it at https://pmc.ncbi.nlm.nih.gov/articles/PMC6267067/',
    );
    expect(turn.answer).not.toContain('Short sleepers had more diabetes');
  });

  it.each([
    [
      'en',
      'what does pmc1234567 say?',
      'PMC1234567 is not in the PubMed Central open-access subset, so I cannot read its text here; it is at https://pmc.ncbi.nlm.nih.gov/articles/PMC1234567/',
    ],
    [
      'fr',
      'Que dit l’article PMC1234567 ?',
      'PMC1234567 ne fait pas partie du sous-ensemble en libre accès de PubMed Central',
    ],
    ['pt', 'O que diz o artigo PMC1234567?', 'PMC1234567 não está no subconjunto de acesso aberto do PubMed Central'],
  ])('in %s: an article outside the open-access subset is said so', async (_l, question, sentence) => {
    const turn = await runTurn(userTurn(question), knowledgeWorld({ get_article_by_pmcid: NOT_OPEN }), {
      tools: FLASH,
    });
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([
      ['get_article_by_pmcid', { pmcid: 'PMC1234567' }],
    ]);
    expect(turn.answer).toContain(sentence);
  });

  it.each([
    ['en', 'Summarize PMC6267067', 'I could not reach PubMed Central right now, so I cannot cite the article.'],
    [
      'de',
      'Fasse den Artikel PMC6267067 zusammen',
      'Ich konnte PubMed Central gerade nicht erreichen, daher kann ich den Artikel nicht zitieren.',
    ],
    ['zh', '请总结PMC6267067这篇文章', '我现在无法连接 PubMed Central，所以无法引用这篇文章。'],
  ])('in %s: unreachable', async (_l, question, sentence) => {
    const turn = await runTurn(userTurn(question), knowledgeWorld({ get_article_by_pmcid: unreachable('pmc') }), {
      tools: FLASH,
    });
    expect(turn.toolCalls.map((tc) => argsOf(tc))).toEqual([{ pmcid: 'PMC6267067' }]);
    expect(turn.answer).toContain(sentence);
  });

  it('is not read when the tool is not offered', async () => {
    const turn = await runTurn(userTurn('Summarize PMC6267067'), sampleWorld(), { tools: toolsOf(DATA) });
    expect(turn.toolCalls.map((tc) => tc.name)).not.toContain('get_article_by_pmcid');
  });
});

describe('url', () => {
  it('fetches the address, and answers with the title and the first paragraph', async () => {
    const turn = await runTurn(
      userTurn('What does https://example.org/health/sleep say?'),
      knowledgeWorld({ fetch_url: PAGE }),
      { tools: FLASH },
    );
    expect(turn.toolCalls.map((tc) => [tc.name, argsOf(tc)])).toEqual([
      ['fetch_url', { url: 'https://example.org/health/sleep' }],
    ]);
    expect(turn.answer).toContain(
      '**How much sleep do adults need?** (https://example.org/health/sleep/):\n\n> Adults need seven or more hours of sleep per night for the best health. Sleeping less is linked to weight gain.',
    );
    expect(turn.answer).not.toContain('A second paragraph');
  });

  it.each([
    [
      'en',
      'read http://169.254.169.254/latest/meta-data/ please',
      'I could not read the page: fetch_url refuses addresses that are not on the public internet.',
    ],
    [
      'es',
      '¿Qué dice esta página? http://169.254.169.254/latest/meta-data/',
      'No pude leer la página: fetch_url refuses addresses that are not on the public internet.',
    ],
    [
      'de',
      'Was steht auf http://169.254.169.254/latest/meta-data/ ?',
      'Ich konnte die Seite nicht lesen: fetch_url refuses addresses that are not on the public internet.',
    ],
  ])('in %s: a refusal is reported plainly', async (_l, question, sentence) => {
    const refused = {
      error: 'fetch_url refuses addresses that are not on the public internet',
      url: 'http://169.254.169.254/latest/meta-data/',
    };
    const turn = await runTurn(userTurn(question), knowledgeWorld({ fetch_url: refused }), { tools: FLASH });
    expect(turn.toolCalls.map((tc) => argsOf(tc))).toEqual([{ url: 'http://169.254.169.254/latest/meta-data/' }]);
    expect(turn.answer).toContain(sentence);
  });

  it.each([
    [
      'zh',
      '这个网页说了什么？https://example.org/health/sleep',
      '**How much sleep do adults need?**（https://example.org/health/sleep/）：',
    ],
    [
      'it',
      'Cosa dice questa pagina: https://example.org/health/sleep ?',
      '**How much sleep do adults need?** (https://example.org/health/sleep/):',
    ],
  ])('in %s', async (_l, question, line) => {
    const turn = await runTurn(userTurn(question), knowledgeWorld({ fetch_url: PAGE }), { tools: FLASH });
    expect(turn.toolCalls.map((tc) => argsOf(tc))).toEqual([{ url: 'https://example.org/health/sleep' }]);
    expect(turn.answer).toContain(line);
  });

  it('an unreachable page names its host; not offered, the address is not fetched', async () => {
    const down = await runTurn(
      userTurn('summarize https://example.org/health/sleep'),
      knowledgeWorld({ fetch_url: unreachable('example.org') }),
      { tools: FLASH },
    );
    expect(down.answer).toContain('I could not reach example.org right now, so I cannot cite the page.');
    const turn = await runTurn(userTurn('summarize https://example.org/health/sleep'), sampleWorld(), {
      tools: toolsOf(DATA),
    });
    expect(turn.toolCalls.map((tc) => tc.name)).not.toContain('fetch_url');
  });
});

/** Weight and steps on the same five days (steps rise as weight falls), and a lone weight on another day. */
function pairedWorld(): World {
  const days = ['2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04', '2026-10-05'];
  return {
    readings: [
      ...days.map((d, i) => reading('Body weight', 80 - i * 0.5, 'kg', d)),
      ...days.map((d, i) => reading('Steps', 6000 + i * 1000 + (i === 2 ? 1500 : 0), '{steps}', d)),
      reading('Body weight', 81, 'kg', '2026-09-01'),
    ],
  };
}

describe('statistic', () => {
  it('expert tier: reads the readings, then runs the engine’s own program in eval, and answers the figure with its count', async () => {
    const world = sampleWorld();
    const run = (tc: ModelToolCall) => (tc.name === 'eval' ? evalTool()(tc) : runTool(world, tc));
    const turn = await runTurn(userTurn('what is the standard deviation of my weight this year?'), run, {
      tier: 'hds-expert',
      tools: EXPERT,
    });
    expect(turn.toolCalls.map((tc) => tc.name)).toEqual(['query_health_data', 'eval']);
    expect(argsOf(turn.toolCalls[0] as ModelToolCall)).toEqual({ indicator: 'weight', from: '2026-01-01', limit: 200 });
    const evalArgs = argsOf(turn.toolCalls[1] as ModelToolCall) as { code: string; input: Record<string, unknown> };
    expect(evalArgs.code).toBe(STATISTIC_PROGRAM);
    expect(evalArgs.code).not.toMatch(/weight|standard deviation/i);
    expect(evalArgs.input).toMatchObject({ statistic: 'sd', series: [{ readings: expect.any(Array) }] });
    // 81.2, 79.5, 77.8 kg: mean 79.5, sample variance 2.89.
    expect(turn.answer).toContain(
      'The standard deviation of your **weight** readings this year (since 1 Jan 2026) is **1.7 kg**, from 3 readings.',
    );
  });

  it('a correlation pairs the two series by day', async () => {
    const world = pairedWorld();
    const run = (tc: ModelToolCall) => (tc.name === 'eval' ? evalTool()(tc) : runTool(world, tc));
    const turn = await runTurn(userTurn('what is the correlation between my weight and my steps?'), run, {
      tier: 'hds-expert',
      tools: EXPERT,
    });
    expect(turn.toolCalls.map((tc) => [tc.name, tc.name === 'eval' ? argsOf(tc).input : argsOf(tc)])).toMatchObject([
      ['query_health_data', { indicator: 'weight', limit: 200 }],
      ['query_health_data', { indicator: 'steps', limit: 200 }],
      ['eval', { statistic: 'correlation' }],
    ]);
    expect(turn.answer).toMatch(
      /The correlation \(Pearson's r\) between your \*\*weight\*\* and \*\*steps\*\* readings in your records is \*\*-0\.92\*\*, from 5 days with readings of both\./,
    );
  });

  it('reads a result the harness kept in the turn’s files through eval’s files', async () => {
    const world = sampleWorld();
    const files: Record<string, string> = {};
    const run = (tc: ModelToolCall) => {
      if (tc.name === 'eval') return evalTool(files)(tc);
      const path = `/tool_results/${tc.id}.json`;
      files[path] = runTool(world, tc);
      return JSON.stringify({
        offloaded: path,
        chars: files[path].length,
        preview: files[path].slice(0, 50),
        hint: 'read_file or eval it',
      });
    };
    const turn = await runTurn(userTurn('median LDL?'), run, { tier: 'hds-expert', tools: EXPERT });
    expect(turn.toolCalls.map((tc) => tc.name)).toEqual(['query_health_data', 'eval']);
    expect(argsOf(turn.toolCalls[1] as ModelToolCall).input).toEqual({
      statistic: 'median',
      series: [{ file: '/tool_results/call_1.json' }],
    });
    // 118, 138, 151, 162 mg/dL.
    expect(turn.answer).toContain(
      'The median of your **LDL** readings in your records is **144.5 mg/dL**, from 4 readings.',
    );
  });

  it.each([
    [
      'es',
      '¿Cuál es la desviación estándar de mi peso este año?',
      'La desviación estándar de tus mediciones de **peso** este año',
    ],
    [
      'de',
      'Wie hoch ist die Standardabweichung meines Gewichts dieses Jahr?',
      'Die Standardabweichung deiner Werte für **Gewichts** dieses Jahr',
    ],
    ['zh', '我今年体重的标准差是多少？', '你的**体重**读数的标准差为 **1.7 kg**，基于 3 条记录。'],
  ])('in %s', async (_l, question, line) => {
    const world = sampleWorld();
    const run = (tc: ModelToolCall) => (tc.name === 'eval' ? evalTool()(tc) : runTool(world, tc));
    const turn = await runTurn(userTurn(question), run, { tier: 'hds-expert', tools: EXPERT });
    expect(turn.toolCalls.map((tc) => tc.name)).toEqual(['query_health_data', 'eval']);
    expect(turn.answer).toContain(line);
    expect(turn.answer).toContain('1.7 kg');
  });

  it('a percentile takes its number; too few readings are said, and an eval error is reported', async () => {
    const world = sampleWorld();
    const run = (tc: ModelToolCall) => (tc.name === 'eval' ? evalTool()(tc) : runTool(world, tc));
    const p = await runTurn(userTurn('what is the 90th percentile of my LDL?'), run, {
      tier: 'hds-expert',
      tools: EXPERT,
    });
    expect(argsOf(p.toolCalls[1] as ModelToolCall).input).toMatchObject({ statistic: 'percentile', percentile: 90 });
    expect(p.answer).toContain(
      'The 90th percentile of your **LDL** readings in your records is **158.7 mg/dL**, from 4 readings.',
    );
    const few = await runTurn(userTurn('standard deviation of my TSH'), run, { tier: 'hds-expert', tools: EXPERT });
    expect(few.answer).toContain(
      'There is only 1 reading of **TSH** in your records, too few for a standard deviation.',
    );
    const failing = (tc: ModelToolCall) =>
      tc.name === 'eval' ? JSON.stringify({ error: 'InternalError: interrupted' }) : runTool(world, tc);
    const failed = await runTurn(userTurn('median LDL'), failing, { tier: 'hds-expert', tools: EXPERT });
    expect(failed.answer).toContain('I could not compute it: InternalError: interrupted.');
  });

  it('without eval offered, the engine answers as it always has, with no eval call', async () => {
    const question = 'what is the standard deviation of my weight this year?';
    const flash = await runTurn(userTurn(question), sampleWorld(), { tools: FLASH });
    expect(flash.toolCalls.map((tc) => tc.name)).toEqual(['summarize_health_data']);
    expect(flash.answer).not.toContain('standard deviation');
    const noData = await runTurn(userTurn(question), sampleWorld(), { tier: 'hds-expert', tools: toolsOf(['eval']) });
    expect(noData.toolCalls.map((tc) => tc.name)).not.toContain('eval');
  });
});

describe('server tools and client tools', () => {
  it('every catalogue name is a server tool; any other name is the caller’s own', () => {
    for (const name of [...DATA, ...KNOWLEDGE, 'write_fhir_observation', 'eval', 'task', 'read_file']) {
      expect(isServerTool(name), name).toBe(true);
    }
    expect(isServerTool('get_weather')).toBe(false);
    expect(isServerTool('search_papers')).toBe(false);
  });

  it('a caller’s own tool beside the knowledge tools is still called for what it names', async () => {
    const weather = {
      name: 'get_weather',
      description: 'Weather of a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    };
    const turn = await runTurn(userTurn("What's the weather in Oslo?"), () => '{"temp": 3}', {
      tools: [...FLASH, weather],
    });
    expect(turn.toolCalls.map((tc) => tc.name)).toEqual(['get_weather']);
  });
});

describe('reading the asks', () => {
  it('reads no cue inside a test’s name, and no address as words of the question', () => {
    expect(analyseQuestion('我的葡萄糖耐量试验结果怎么样？', NOW).intents).not.toContain('trials');
    const page = analyseQuestion('What does https://example.org/trends/sleep-and-glucose say?', NOW);
    expect(page.intents).toEqual(['url']);
    expect(page.indicators).toEqual([]);
  });

  it('a follow-up asks its own statistic of the tests before, and never inherits a source', async () => {
    const world = sampleWorld();
    const run = (tc: ModelToolCall) => (tc.name === 'eval' ? evalTool()(tc) : runTool(world, tc));
    const history = userTurn("what's my latest LDL?").slice(1);
    const turn = await runTurn(userTurn('and the median?', [...history, { role: 'assistant', content: '…' }]), run, {
      tier: 'hds-expert',
      tools: EXPERT,
    });
    expect(turn.toolCalls.map((tc) => tc.name)).toEqual(['query_health_data', 'eval']);
    expect(turn.answer).toContain(
      'The median of your **LDL** readings in your records is **144.5 mg/dL**, from 4 readings.',
    );
    const after = await runTurn(
      userTurn('and last year?', [
        { role: 'user', content: 'What do studies say about LDL?' },
        { role: 'assistant', content: '…' },
      ]),
      knowledgeWorld({ search_medical_literature: LITERATURE }),
      { tools: FLASH },
    );
    expect(after.toolCalls.map((tc) => tc.name)).not.toContain('search_medical_literature');
  });
});

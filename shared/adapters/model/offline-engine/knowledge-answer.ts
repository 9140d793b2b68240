import type { FailedOutcome, ToolOutcome } from './conversation';
import { displayUnit, withUnit } from './format';
import type { KnowledgeWhat, Messages } from './messages/types';
import { statisticOutcome, statisticTests } from './plan';
import type { QuestionAnalysis } from './question';
import { has, inWindow } from './series-text';
import { statisticFigure } from './statistic';

/**
 * The parts of an answer that come from public sources (literature, trials, an article, a web page) and from `eval`.
 * Every title, link, status and figure is read from a tool result; a source that did not answer is named as such, and
 * nothing is cited in its place.
 */

/** Articles and trials an answer lists. */
const SHOWN = 3;
/** Sentences of an abstract an answer quotes, and the longest quote. */
const ABSTRACT_SENTENCES = 2;
const MAX_QUOTE = 600;

/** How the answer names a source, from the `source` of the tools' results (`KnowledgeSource`). */
const SOURCE_NAMES: Readonly<Record<string, string>> = {
  pubmed: 'PubMed',
  europepmc: 'Europe PMC',
  clinicaltrials: 'ClinicalTrials.gov',
  pmc: 'PubMed Central',
};

export function sourceName(source: string): string {
  return SOURCE_NAMES[source.toLowerCase()] ?? source;
}

/** `PHASE2` → `Phase 2`; `PHASE1`+`PHASE2` → `Phase 1/2`; `EARLY_PHASE1` → `Early Phase 1`; `NA` → none. */
export function phaseOf(phases: readonly string[] | null | undefined): string | null {
  const named = (phases ?? []).filter((p) => /PHASE\d/.test(p));
  if (named.length === 0) return null;
  const early = named.some((p) => p.startsWith('EARLY_'));
  const numbers = named.map((p) => p.replace(/\D/g, ''));
  return `${early ? 'Early ' : ''}Phase ${numbers.join('/')}`;
}

/** The first sentences of a text, whitespace collapsed, at most `MAX_QUOTE` characters (cut at a word). */
export function firstSentences(text: string, count: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const sentences = flat.split(/(?<=[.!?。！？])\s+/).slice(0, count);
  return cut(sentences.join(' '));
}

function cut(text: string): string {
  if (text.length <= MAX_QUOTE) return text;
  const head = text.slice(0, MAX_QUOTE);
  const space = head.lastIndexOf(' ');
  return `${space > MAX_QUOTE / 2 ? head.slice(0, space) : head}…`;
}

/** A page's first paragraph of prose: the first block of text longer than a heading, or the first block. */
export function firstParagraph(text: string, title: string | null): string {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => b.replace(/\s+/g, ' ').trim())
    .filter((b) => b && b !== title);
  const prose = blocks.find((b) => b.length >= 80 || /[.!?。！？]$/.test(b)) ?? blocks[0] ?? '';
  return cut(prose);
}

function find(outcomes: readonly ToolOutcome[], name: string): ToolOutcome | undefined {
  return outcomes.find((o) => o.name === name);
}

/** A failed knowledge call in the answer's words: the unreachable sentence, or the tool's error as given. */
function failure(o: FailedOutcome, what: KnowledgeWhat, fallbackSource: string, m: Messages): string {
  if (o.unreachable) return m.knowledge.unreachable(sourceName(o.unreachable.source), what, o.unreachable.retryAfterS);
  if (/unreachable|timed? ?out|could not reach/i.test(o.error) && !o.offloaded) {
    return m.knowledge.unreachable(fallbackSource, what, null);
  }
  return m.knowledge.failed(what, o.error);
}

function literatureSection(a: QuestionAnalysis, outcomes: readonly ToolOutcome[], m: Messages): string[] {
  const o = find(outcomes, 'search_medical_literature');
  if (!o) return [];
  if (!o.ok) return [failure(o, 'studies', 'PubMed', m)];
  if (o.name !== 'search_medical_literature') return [];
  const { articles, total, source } = o.value;
  const query = typeof o.args.query === 'string' ? o.args.query : (a.knowledge.literature?.query ?? '');
  const where = sourceName(source ?? 'pubmed');
  if (articles.length === 0) return [m.knowledge.noArticles(query, where)];
  const shown = articles.slice(0, SHOWN);
  const lines = shown.map((article) =>
    m.knowledge.article({
      title: article.title.trim(),
      year: typeof article.year === 'number' ? article.year : null,
      journal: article.journal?.trim() || null,
      url: article.url,
    }),
  );
  const found = Math.max(typeof total === 'number' ? total : 0, articles.length);
  return [`${m.knowledge.articlesFound(found, query, where, shown.length)}\n${lines.join('\n')}`];
}

function trialsSection(a: QuestionAnalysis, outcomes: readonly ToolOutcome[], m: Messages): string[] {
  const o = find(outcomes, 'get_clinical_trials');
  if (!o) return a.knowledge.trials && !a.knowledge.trials.condition ? [m.knowledge.trialsNeedCondition] : [];
  if (!o.ok) return [failure(o, 'trials', 'ClinicalTrials.gov', m)];
  if (o.name !== 'get_clinical_trials') return [];
  const condition = typeof o.args.condition === 'string' ? o.args.condition : '';
  const location = typeof o.args.location === 'string' ? o.args.location : null;
  const { trials, total } = o.value;
  if (trials.length === 0) return [m.knowledge.noTrials(condition, location)];
  const shown = trials.slice(0, SHOWN);
  const lines = shown.map((t) =>
    m.knowledge.trial({
      nctId: t.nct_id,
      title: t.title?.trim() || t.nct_id,
      status: t.status ? m.knowledge.status(t.status) : '–',
      phase: phaseOf(t.phases),
      url: t.url,
    }),
  );
  const found = Math.max(typeof total === 'number' ? total : 0, trials.length);
  return [`${m.knowledge.trialsFound(found, condition, location, shown.length)}\n${lines.join('\n')}`];
}

function articleSection(outcomes: readonly ToolOutcome[], m: Messages): string[] {
  const o = find(outcomes, 'get_article_by_pmcid');
  if (!o) return [];
  if (!o.ok) return [failure(o, 'article', 'PubMed Central', m)];
  if (o.name !== 'get_article_by_pmcid') return [];
  const article = o.value;
  const url = article.url ?? `https://pmc.ncbi.nlm.nih.gov/articles/${article.pmcid}/`;
  if (article.open_access === false) return [m.knowledge.articleNotOpen(article.pmcid, url)];
  const abstract =
    article.sections.find((s) => s.name.toUpperCase() === 'ABSTRACT') ?? article.sections.find((s) => s.text.trim());
  const text = abstract ? firstSentences(abstract.text, ABSTRACT_SENTENCES) : '';
  return [m.knowledge.articleText({ pmcid: article.pmcid, title: article.title.trim(), text, url })];
}

function pageSection(outcomes: readonly ToolOutcome[], m: Messages): string[] {
  const o = find(outcomes, 'fetch_url');
  if (!o) return [];
  const asked = typeof o.args.url === 'string' ? o.args.url : '';
  if (!o.ok) return [failure(o, 'page', hostOf(asked), m)];
  if (o.name !== 'fetch_url') return [];
  const page = o.value;
  const url = page.final_url || page.url;
  const title = page.title?.trim() || null;
  const paragraph = firstParagraph(page.text, title);
  if (!paragraph) return [m.knowledge.pageEmpty(url)];
  return [m.knowledge.page({ title: title ?? url, url, paragraph })];
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** The sections of the knowledge intents the question kept, in a fixed order. */
export function knowledgeSections(a: QuestionAnalysis, outcomes: readonly ToolOutcome[], m: Messages): string[] {
  return [
    ...(has(a, 'literature') ? literatureSection(a, outcomes, m) : []),
    ...(has(a, 'trials') ? trialsSection(a, outcomes, m) : []),
    ...(has(a, 'article') ? articleSection(outcomes, m) : []),
    ...(has(a, 'url') ? pageSection(outcomes, m) : []),
  ];
}

/** A computed figure, rounded for reading: a correlation to 2 decimals, others to 2 (1 from 100 on). */
function formatFigure(value: number, kind: string): string {
  const decimals = kind === 'correlation' || Math.abs(value) < 100 ? 2 : 1;
  return String(Number(value.toFixed(decimals)));
}

/** The statistic `eval` computed, with the readings it came from; or why there is none. */
export function statisticSection(a: QuestionAnalysis, outcomes: readonly ToolOutcome[], m: Messages): string[] {
  const stat = a.knowledge.statistic;
  if (!stat) return [];
  const tests = statisticTests(a);
  const names = tests.map((t) => t.label);
  const where = inWindow(a, m);
  const run = find(outcomes, 'eval');
  if (!run) {
    for (const test of tests) {
      const o = statisticOutcome(test, outcomes);
      if (o && !o.ok) return [m.lookupFailedFor(test.label, o.error)];
      if (!o || (o.ok && o.name === 'query_health_data' && o.value.records.every((r) => r.parsed_value === null)))
        return [m.knowledge.statisticNoData(test.label, where)];
    }
    return [];
  }
  if (!run.ok) return [m.knowledge.statisticFailed(run.error)];
  const figure = run.name === 'eval' ? statisticFigure(run.value.result) : null;
  if (!figure) return [m.knowledge.statisticFailed('eval returned no figure')];
  if (figure.value === null) return [m.knowledge.statisticTooFew({ kind: stat.kind, names, n: figure.n, where })];
  const unit = figure.units[0] ?? null;
  const shown = formatFigure(figure.value, stat.kind);
  const value =
    stat.kind === 'correlation'
      ? shown
      : stat.kind === 'variance'
        ? unit
          ? `${shown} (${displayUnit(unit, m.unitWords)})²`
          : shown
        : withUnit(shown, unit, m.unitWords);
  return [m.knowledge.statistic({ kind: stat.kind, percentile: stat.percentile, names, value, n: figure.n, where })];
}

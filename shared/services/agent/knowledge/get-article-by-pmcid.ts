import { ToolInputError } from '../tools/types';
import { type Args, onlyKnown, optionalInt, optionalStringList } from './args';
import { cachedResult, cacheKey } from './cache';
import { isUnreachable, type UnreachableResult, unreachable } from './failure';
import type { KnowledgeContext, KnowledgeRunner } from './knowledge-context';
import { cutAtSentence } from './text';
import { bodyJson, bodyText, getUpstream, isOk, JSON_TYPES, statusFailure, XML_TYPES } from './upstream';
import { attr, child, childrenNamed, descendantsNamed, isElement, parseXml, textOf, type XmlElement } from './xml';

/**
 * `get_article_by_pmcid`: the full text of an article in the PMC open-access subset. First NCBI's BioC service
 * (`/BioC_json/<PMCID>/unicode`: passages labelled with `infons.section_type`), then Europe PMC's
 * `/<PMCID>/fullTextXML` (JATS, "only provided for the Open Access subset"); when neither has it, a plain
 * "not open access" result the model repeats. The text is cut to a budget by section priority. Design §3.3.
 */
export const GET_ARTICLE_BY_PMCID = 'get_article_by_pmcid';

const PMCID = /^PMC\d{1,9}$/i;
const DEFAULT_MAX_CHARS = 12_000;
/** A section is cut rather than dropped only when at least this much of the budget is left. */
const MIN_PART_CHARS = 300;
const CAPTION_CHARS = 300;
const PRIORITY = ['ABSTRACT', 'RESULTS', 'CONCL', 'DISCUSS', 'METHODS', 'INTRO'];
const HEADINGS: Record<string, string> = {
  ABSTRACT: 'Abstract',
  INTRO: 'Introduction',
  METHODS: 'Methods',
  RESULTS: 'Results',
  DISCUSS: 'Discussion',
  CONCL: 'Conclusions',
  FIG: 'Figures',
  TABLE: 'Tables',
};
/** Names a model may use for a section, beside the codes themselves. */
const ALIASES: Record<string, string> = {
  INTRODUCTION: 'INTRO',
  BACKGROUND: 'INTRO',
  METHOD: 'METHODS',
  'MATERIALS AND METHODS': 'METHODS',
  RESULT: 'RESULTS',
  DISCUSSION: 'DISCUSS',
  CONCLUSION: 'CONCL',
  CONCLUSIONS: 'CONCL',
  FIGURES: 'FIG',
  TABLES: 'TABLE',
};

export const getArticleByPmcidDescription =
  'Read the full text of an open-access article from PubMed Central by its PMCID (e.g. PMC6267067, as given by ' +
  'search_medical_literature). Returns the article by section (abstract, results, conclusions, discussion, methods, ' +
  'introduction first), cut to max_chars; omitted_sections names what did not fit, and `sections` asks for those. ' +
  'Articles outside the open-access subset cannot be read: only their abstract, from the search.';

export const getArticleByPmcidParameters = {
  type: 'object',
  properties: {
    pmcid: {
      type: 'string',
      pattern: '^[Pp][Mm][Cc][0-9]{1,9}$',
      description: 'PubMed Central id, e.g. "PMC6267067".',
    },
    sections: {
      type: 'array',
      items: { type: 'string', maxLength: 60 },
      maxItems: 20,
      description: 'Only these sections, e.g. ["RESULTS", "CONCL"] (names as in sections / omitted_sections).',
    },
    max_chars: {
      type: 'integer',
      minimum: 2000,
      maximum: 24000,
      default: DEFAULT_MAX_CHARS,
      description: 'Characters of article text to return, 2000-24000 (default 12000).',
    },
  },
  required: ['pmcid'],
  additionalProperties: false,
} as const;

export interface ArticleSection {
  /** A BioC `section_type` code (ABSTRACT, INTRO, METHODS, RESULTS, DISCUSS, CONCL, FIG, TABLE, …) or a JATS title. */
  name: string;
  text: string;
}

/** The whole article as read, before any budget: what the harness stores as `/articles/PMC<id>.md`. */
export interface ArticleText {
  pmcid: string;
  open_access: true;
  title: string | null;
  source: 'pmc_bioc' | 'europepmc';
  /** In document order, one per section name. */
  sections: ArticleSection[];
  url: string;
}

export interface NotOpenAccess {
  pmcid: string;
  open_access: false;
  message: string;
  url: string;
  /** Nothing was read, so the step is no citation. */
  evidence: false;
}

export interface ArticleResult {
  pmcid: string;
  open_access: true;
  title: string | null;
  source: 'pmc_bioc' | 'europepmc';
  sections: ArticleSection[];
  omitted_sections: string[];
  chars: number;
  truncated: boolean;
  url: string;
}

export const getArticleByPmcid: KnowledgeRunner = async (raw, ctx) => {
  const args: Args = onlyKnown(raw, Object.keys(getArticleByPmcidParameters.properties));
  const pmcid = normalizePmcid(args.pmcid);
  const sections = optionalStringList(args, 'sections', 20, 60);
  const maxChars = optionalInt(args, 'max_chars', 2000, 24000) ?? DEFAULT_MAX_CHARS;
  const article = await loadArticle(pmcid, ctx);
  if (isUnreachable(article) || !article.open_access) return article;
  const budgeted = budgetArticle(article, { sections, maxChars });
  const file = budgeted.truncated
    ? ctx.saveFile?.(`/articles/${pmcid.toLowerCase()}.md`, articleMarkdown(article))
    : null;
  return file ? { ...budgeted, file } : budgeted;
};

export function normalizePmcid(value: unknown): string {
  if (typeof value !== 'string' || !PMCID.test(value.trim())) {
    throw new ToolInputError('pmcid must look like PMC6267067 (PMC followed by up to 9 digits)');
  }
  return `PMC${value.trim().slice(3)}`;
}

export function articleUrl(pmcid: string): string {
  return `https://pmc.ncbi.nlm.nih.gov/articles/${pmcid}/`;
}

/**
 * The article's whole text (cached per process), the not-open-access result, or a failure. Both mirrors are asked
 * before "not open access" is said; when one failed and the other did not have it, the answer is a failure, since
 * the failed one might have.
 */
export async function loadArticle(
  pmcid: string,
  ctx: KnowledgeContext,
): Promise<ArticleText | NotOpenAccess | UnreachableResult> {
  return cachedResult(cacheKey(GET_ARTICLE_BY_PMCID, { pmcid }), ctx.config.cacheTtlMs, async () => {
    const bioc = await fromBioc(pmcid, ctx);
    if (bioc !== 'missing' && !isUnreachable(bioc)) return bioc;
    const europe = await fromEuropePmc(pmcid, ctx);
    if (europe !== 'missing' && !isUnreachable(europe)) return europe;
    if (bioc === 'missing' && europe === 'missing') return notOpenAccess(pmcid);
    const failed = isUnreachable(europe) ? europe : (bioc as UnreachableResult);
    return unreachable(
      'pmc',
      `the full text of ${pmcid} could not be fetched from either mirror`,
      failed.retry_after_s,
    );
  });
}

export function notOpenAccess(pmcid: string): NotOpenAccess {
  return {
    pmcid,
    open_access: false,
    message: `${pmcid} is not in the PMC open-access subset; only its abstract can be read`,
    url: articleUrl(pmcid),
    evidence: false,
  };
}

// ---- BioC (NCBI) ----

interface BiocPassage {
  infons?: Record<string, unknown>;
  text?: unknown;
}

async function fromBioc(pmcid: string, ctx: KnowledgeContext): Promise<ArticleText | 'missing' | UnreachableResult> {
  const url = new URL(`${ctx.config.pmcBiocUrl}/BioC_json/${pmcid}/unicode`);
  const got = await getUpstream(ctx, 'pmc_bioc', 'pmc', url, JSON_TYPES);
  if (!got.ok) return got.failure;
  const res = got.response;
  if (res.status === 404) return 'missing';
  if (!isOk(res)) return statusFailure('pmc_bioc', 'pmc', res);
  // Not in the OA subset: HTTP 200 with a text body such as "[Error] : No result can be found. <br/>…".
  if (bodyText(res).trimStart().startsWith('[Error]')) return 'missing';
  const article = biocArticle(pmcid, bodyJson(res));
  return article ?? 'missing';
}

/** A BioC JSON collection (or a one-element array of one) as sections; null when it holds no text. */
export function biocArticle(pmcid: string, body: unknown): ArticleText | null {
  const collection = (Array.isArray(body) ? body[0] : body) as { documents?: { passages?: unknown }[] } | undefined;
  const passages = collection?.documents?.[0]?.passages;
  if (!Array.isArray(passages)) return null;
  let title: string | null = null;
  const groups = new Map<string, string[]>();
  for (const p of passages as BiocPassage[]) {
    const text = typeof p.text === 'string' ? p.text.trim() : '';
    if (!text) continue;
    const sectionType = String(p.infons?.section_type ?? 'OTHER').toUpperCase();
    const type = String(p.infons?.type ?? '');
    if (sectionType === 'TITLE') {
      title ??= text;
      continue;
    }
    if (sectionType === 'REF') continue;
    if (sectionType === 'FIG' || sectionType === 'TABLE') {
      if (!type.includes('caption')) continue;
      add(groups, sectionType, cutAtSentence(text, CAPTION_CHARS));
      continue;
    }
    add(groups, sectionType, text);
  }
  const sections = [...groups].map(([name, parts]) => ({ name, text: parts.join('\n\n') }));
  if (sections.length === 0) return null;
  return { pmcid, open_access: true, title, source: 'pmc_bioc', sections, url: articleUrl(pmcid) };
}

// ---- Europe PMC (JATS) ----

async function fromEuropePmc(
  pmcid: string,
  ctx: KnowledgeContext,
): Promise<ArticleText | 'missing' | UnreachableResult> {
  const url = new URL(`${ctx.config.europePmcUrl}/${pmcid}/fullTextXML`);
  const got = await getUpstream(ctx, 'europe_pmc', 'europepmc', url, XML_TYPES);
  if (!got.ok) return got.failure;
  const res = got.response;
  if (res.status === 404) return 'missing';
  if (!isOk(res)) return statusFailure('europe_pmc', 'europepmc', res);
  return (await jatsArticle(pmcid, bodyText(res))) ?? 'missing';
}

/**
 * A JATS `<article>` as sections: the abstract, each top-level body `<sec>` under its code (by `sec-type` or title),
 * figure and table captions; `<ref-list>` and the rest of `<back>` are dropped. Null when no text was found.
 */
export async function jatsArticle(pmcid: string, xml: string): Promise<ArticleText | null> {
  const article = (await parseXml(xml)).find((el) => el.name === 'article');
  if (!article) return null;
  const front = child(article, 'front');
  const meta = child(front, 'article-meta');
  const title = textOf(descendantsNamed(meta ? [meta] : [], 'article-title')[0]) || null;
  const groups = new Map<string, string[]>();
  const abstract =
    childrenNamed(meta ?? [], 'abstract').find((a) => !attr(a, 'abstract-type')) ??
    childrenNamed(meta ?? [], 'abstract')[0];
  if (abstract) add(groups, 'ABSTRACT', blockLines(abstract, 0).join('\n\n'));
  const body = child(article, 'body');
  for (const node of body?.children ?? []) {
    if (!isElement(node)) continue;
    if (node.name === 'sec') {
      add(groups, sectionCode(attr(node, 'sec-type'), textOf(child(node, 'title'))), blockLines(node, 0).join('\n\n'));
    } else if (node.name === 'p') {
      add(groups, 'BODY', textOf(node));
    }
  }
  for (const fig of descendantsNamed(article, 'fig')) add(groups, 'FIG', caption(fig));
  for (const table of descendantsNamed(article, 'table-wrap')) add(groups, 'TABLE', caption(table));
  const sections = [...groups].map(([name, parts]) => ({ name, text: parts.join('\n\n') }));
  if (!sections.some((s) => s.name !== 'FIG' && s.name !== 'TABLE')) return null;
  return { pmcid, open_access: true, title, source: 'europepmc', sections, url: articleUrl(pmcid) };
}

/** Paragraph-level lines of a block: nested section titles as their own lines, figures and tables left out. */
function blockLines(el: XmlElement, depth: number): string[] {
  const lines: string[] = [];
  for (const node of el.children) {
    if (!isElement(node)) continue;
    switch (node.name) {
      case 'title':
        if (depth > 0) lines.push(textOf(node));
        break;
      case 'p':
        lines.push(textOf(node));
        break;
      case 'sec':
        lines.push(...blockLines(node, depth + 1));
        break;
      case 'list':
        lines.push(...descendantsNamed(node, 'list-item').map((li) => `- ${textOf(li)}`));
        break;
      case 'fig':
      case 'table-wrap':
      case 'ref-list':
      case 'label':
        break;
      default:
        lines.push(...blockLines(node, depth));
    }
  }
  return lines.filter(Boolean);
}

function caption(el: XmlElement): string {
  const text = [textOf(child(el, 'label')), textOf(child(el, 'caption'))].filter(Boolean).join(' ');
  return text ? cutAtSentence(text, CAPTION_CHARS) : '';
}

function sectionCode(secType: string | undefined, title: string): string {
  const said = `${secType ?? ''} ${title}`.toLowerCase();
  if (/intro|background/.test(said)) return 'INTRO';
  if (/method|material|study design|participants/.test(said)) return 'METHODS';
  if (/result|finding/.test(said)) return 'RESULTS';
  if (/discussion/.test(said)) return 'DISCUSS';
  if (/conclu/.test(said)) return 'CONCL';
  return title || 'OTHER';
}

// ---- budget and markdown ----

/**
 * The article cut to `maxChars`: sections taken by priority (ABSTRACT, RESULTS, CONCL, DISCUSS, METHODS, INTRO, then
 * the rest in document order) or only those `sections` names; the section that no longer fits whole is cut at a
 * sentence end, and later ones are listed in `omitted_sections`. Sections come back in document order.
 */
export function budgetArticle(
  article: ArticleText,
  options: { sections?: string[] | undefined; maxChars: number },
): ArticleResult {
  const wanted = options.sections?.map(canonicalName);
  const order = wanted
    ? article.sections.filter((s) => wanted.includes(s.name.toUpperCase()))
    : [
        ...PRIORITY.flatMap((name) => article.sections.filter((s) => s.name === name)),
        ...article.sections.filter((s) => !PRIORITY.includes(s.name)),
      ];
  let remaining = options.maxChars;
  let truncated = false;
  const taken = new Map<string, string>();
  for (const section of order) {
    if (section.text.length <= remaining) {
      taken.set(section.name, section.text);
      remaining -= section.text.length;
    } else {
      truncated = true;
      if (remaining >= MIN_PART_CHARS) {
        const cut = cutAtSentence(section.text, remaining);
        taken.set(section.name, cut);
        remaining -= cut.length;
      }
    }
  }
  const sections = article.sections
    .filter((s) => taken.has(s.name))
    .map((s) => ({ name: s.name, text: taken.get(s.name)! }));
  return {
    pmcid: article.pmcid,
    open_access: true,
    title: article.title,
    source: article.source,
    sections,
    omitted_sections: article.sections.filter((s) => !taken.has(s.name)).map((s) => s.name),
    chars: sections.reduce((n, s) => n + s.text.length, 0),
    truncated,
    url: article.url,
  };
}

/** The whole article as Markdown (title, then one `##` heading per section), for `/articles/PMC<id>.md`. */
export function articleMarkdown(article: ArticleText): string {
  const head = `# ${article.title ?? article.pmcid}\n\n${article.pmcid} · ${article.url}\n`;
  const body = article.sections.map((s) => `## ${HEADINGS[s.name] ?? s.name}\n\n${s.text}\n`);
  return [head, ...body].join('\n');
}

function canonicalName(name: string): string {
  const upper = name.trim().toUpperCase();
  return ALIASES[upper] ?? upper;
}

function add(groups: Map<string, string[]>, name: string, text: string): void {
  if (!text) return;
  const parts = groups.get(name);
  if (parts) parts.push(text);
  else groups.set(name, [text]);
}

import { ToolInputError } from '../tools/types';
import { type Args, onlyKnown, optionalEnum, optionalInt, requiredText } from './args';
import { cachedResult, cacheKey } from './cache';
import { isUnreachable, type UnreachableResult } from './failure';
import type { KnowledgeContext, KnowledgeRunner } from './knowledge-context';
import { abortableSleep } from './pacer';
import { cutAtSentence, stripTags } from './text';
import {
  bodyJson,
  bodyText,
  getUpstream,
  isOk,
  JSON_TYPES,
  malformed,
  retryAfterSeconds,
  statusFailure,
  type Upstream,
  XML_TYPES,
} from './upstream';
import { attr, child, childrenNamed, parseXml, textOf, type XmlElement } from './xml';

/**
 * `search_medical_literature`: PubMed through NCBI E-utilities (esearch for the ids by relevance, then efetch for
 * the abstracts; esummary has none), with Europe PMC's REST search as the second source when PubMed throttles or
 * fails (`source: 'auto'`). Design §3.1; E-utilities parameters: https://www.ncbi.nlm.nih.gov/books/NBK25499/;
 * Europe PMC search: https://europepmc.org/RestfulWebService.
 */
export const SEARCH_MEDICAL_LITERATURE = 'search_medical_literature';

const SOURCES = ['auto', 'pubmed', 'europepmc'] as const;
type SourceChoice = (typeof SOURCES)[number];
const MIN_YEAR = 1800;
const MAX_YEAR = 2100;
const MAX_AUTHORS = 6;
const SNIPPET_CHARS = 600;
/** A 429 is retried once when the service asks for at most this wait. */
const MAX_RETRY_WAIT_S = 1;

export const searchMedicalLiteratureDescription =
  'Search the biomedical literature (PubMed, with Europe PMC as a second source) for studies, reviews and guidelines. ' +
  'Returns titles, authors, journal, year, identifiers (PMID, PMCID, DOI), a short abstract snippet and a link for each ' +
  'article, most relevant first. Use it to ground medical statements in published evidence and cite what it returns; ' +
  'get_article_by_pmcid reads the full text of an open-access article. Never send personal details in the query.';

export const searchMedicalLiteratureParameters = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      minLength: 1,
      maxLength: 300,
      description:
        'Search terms in English, e.g. "statin myopathy randomized trial". PubMed syntax (AND, OR, [tiab]) works.',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: 20,
      default: 8,
      description: 'How many articles, 1-20 (default 8).',
    },
    from_year: { type: 'integer', minimum: MIN_YEAR, maximum: MAX_YEAR, description: 'Earliest publication year.' },
    to_year: { type: 'integer', minimum: MIN_YEAR, maximum: MAX_YEAR, description: 'Latest publication year.' },
    source: {
      type: 'string',
      enum: [...SOURCES],
      default: 'auto',
      description: 'auto (PubMed, then Europe PMC if PubMed is unavailable), pubmed, or europepmc.',
    },
  },
  required: ['query'],
  additionalProperties: false,
} as const;

export interface LiteratureArticle {
  title: string;
  /** First six as "LastName Initials", then "et al.". */
  authors: string[];
  journal: string | null;
  year: number | null;
  pmid: string | null;
  pmcid: string | null;
  doi: string | null;
  /** At most 600 characters of the abstract. */
  abstract_snippet: string | null;
  url: string;
  /** PubMed: the article has a PMC copy; Europe PMC: its `isOpenAccess`. */
  open_access: boolean;
}

export interface LiteratureSearchResult {
  query: string;
  source: 'pubmed' | 'europepmc';
  /** Matches the service counted (more than `articles` holds). */
  total: number;
  articles: LiteratureArticle[];
  truncated: boolean;
}

export interface LiteratureSearchArgs {
  query: string;
  limit: number;
  fromYear: number | undefined;
  toYear: number | undefined;
  source: SourceChoice;
}

export const searchMedicalLiterature: KnowledgeRunner = async (raw, ctx) => {
  const args = parseSearchArgs(raw);
  return cachedResult(cacheKey(SEARCH_MEDICAL_LITERATURE, args), ctx.config.cacheTtlMs, () => search(args, ctx));
};

export function parseSearchArgs(raw: unknown): LiteratureSearchArgs {
  const args: Args = onlyKnown(raw, Object.keys(searchMedicalLiteratureParameters.properties));
  const fromYear = optionalInt(args, 'from_year', MIN_YEAR, MAX_YEAR);
  const toYear = optionalInt(args, 'to_year', MIN_YEAR, MAX_YEAR);
  if (fromYear !== undefined && toYear !== undefined && fromYear > toYear) {
    throw new ToolInputError(`from_year (${fromYear}) is after to_year (${toYear})`);
  }
  return {
    query: requiredText(args, 'query', 300),
    limit: optionalInt(args, 'limit', 1, 20) ?? 8,
    fromYear,
    toYear,
    source: optionalEnum(args, 'source', SOURCES) ?? 'auto',
  };
}

async function search(
  args: LiteratureSearchArgs,
  ctx: KnowledgeContext,
): Promise<LiteratureSearchResult | UnreachableResult> {
  if (args.source === 'europepmc') return searchEuropePmc(args, ctx);
  const pubmed = await searchPubmed(args, ctx);
  if (!isUnreachable(pubmed) || args.source === 'pubmed') return pubmed;
  const europe = await searchEuropePmc(args, ctx);
  if (!isUnreachable(europe)) return europe;
  return {
    ...pubmed,
    error: `${pubmed.error} Europe PMC, tried instead, failed too: ${europe.error}`,
  };
}

// ---- PubMed (E-utilities) ----

async function searchPubmed(
  args: LiteratureSearchArgs,
  ctx: KnowledgeContext,
): Promise<LiteratureSearchResult | UnreachableResult> {
  const base = ctx.config.ncbiEutilsUrl;
  const identity = await ncbiIdentity(ctx);
  const esearch = new URL(`${base}/esearch.fcgi`);
  setParams(esearch, {
    db: 'pubmed',
    term: withYears(args.query, args.fromYear, args.toYear, (a, b) => `${a}:${b}[dp]`),
    retmode: 'json',
    retmax: String(args.limit),
    sort: 'relevance',
    ...identity,
  });
  const found = await ncbiGet(ctx, esearch, JSON_TYPES);
  if (!found.ok) return found.failure;
  if (!isOk(found.response)) return statusFailure('ncbi_eutils', 'pubmed', found.response);
  const result = (bodyJson(found.response) as { esearchresult?: { count?: unknown; idlist?: unknown } } | undefined)
    ?.esearchresult;
  const ids = result?.idlist;
  if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
    return malformed('ncbi_eutils', 'pubmed', 'esearch answer without an id list');
  }
  const total = Number(result?.count ?? ids.length);
  const idList = (ids as string[]).slice(0, args.limit);
  if (idList.length === 0) return { query: args.query, source: 'pubmed', total: 0, articles: [], truncated: false };

  const efetch = new URL(`${base}/efetch.fcgi`);
  setParams(efetch, { db: 'pubmed', id: idList.join(','), rettype: 'abstract', retmode: 'xml', ...identity });
  const fetched = await ncbiGet(ctx, efetch, XML_TYPES);
  if (!fetched.ok) return fetched.failure;
  if (!isOk(fetched.response)) return statusFailure('ncbi_eutils', 'pubmed', fetched.response);
  const parsed = await parsePubmedArticles(bodyText(fetched.response));
  if (!parsed) return malformed('ncbi_eutils', 'pubmed', 'efetch answer is not a PubmedArticleSet');
  const byPmid = new Map(parsed.map((a) => [a.pmid, a]));
  const articles = idList.map((id) => byPmid.get(id)).filter((a): a is LiteratureArticle => a !== undefined);
  return {
    query: args.query,
    source: 'pubmed',
    total: Number.isFinite(total) ? total : articles.length,
    articles,
    truncated: false,
  };
}

async function ncbiIdentity(ctx: KnowledgeContext): Promise<Record<string, string>> {
  const key = await ctx.ncbiApiKey();
  return {
    tool: ctx.config.ncbiTool,
    ...(ctx.config.ncbiEmail ? { email: ctx.config.ncbiEmail } : {}),
    ...(key ? { api_key: key } : {}),
  };
}

/** A GET to E-utilities; a 429 asking for at most a second's wait is tried once more (NCBI limits per IP). */
async function ncbiGet(ctx: KnowledgeContext, url: URL, accept: typeof JSON_TYPES): Promise<Upstream> {
  const first = await getUpstream(ctx, 'ncbi_eutils', 'pubmed', url, accept);
  if (!first.ok || first.response.status !== 429) return first;
  const wait = retryAfterSeconds(first.response.headers.get('retry-after')) ?? MAX_RETRY_WAIT_S;
  if (wait > MAX_RETRY_WAIT_S) return first;
  await abortableSleep(wait * 1000, ctx.signal);
  return getUpstream(ctx, 'ncbi_eutils', 'pubmed', url, accept);
}

/**
 * Articles of an efetch `PubmedArticleSet` (rettype=abstract, retmode=xml); null when the text is not one. Book
 * records (`PubmedBookArticle`) are skipped.
 */
export async function parsePubmedArticles(xml: string): Promise<LiteratureArticle[] | null> {
  const root = (await parseXml(xml)).find((el) => el.name === 'PubmedArticleSet');
  if (!root) return null;
  return childrenNamed(root, 'PubmedArticle').flatMap((el) => {
    const article = pubmedArticle(el);
    return article ? [article] : [];
  });
}

function pubmedArticle(el: XmlElement): LiteratureArticle | null {
  const citation = child(el, 'MedlineCitation');
  const pmid = textOf(child(citation, 'PMID'));
  const article = child(citation, 'Article');
  if (!pmid || !article) return null;
  const ids = childrenNamed(child(el, 'PubmedData', 'ArticleIdList') ?? [], 'ArticleId');
  const idOf = (type: string) => textOf(ids.find((id) => attr(id, 'IdType') === type)) || null;
  const doi =
    idOf('doi') || textOf(childrenNamed(article, 'ELocationID').find((e) => attr(e, 'EIdType') === 'doi')) || null;
  const pmcid = idOf('pmc');
  const abstract = childrenNamed(child(article, 'Abstract') ?? [], 'AbstractText')
    .map((part) => {
      const label = attr(part, 'Label');
      const text = textOf(part);
      return label && text ? `${label}: ${text}` : text;
    })
    .filter(Boolean)
    .join(' ');
  const pubDate = child(article, 'Journal', 'JournalIssue', 'PubDate');
  return {
    title: textOf(child(article, 'ArticleTitle')) || textOf(child(article, 'VernacularTitle')),
    authors: firstAuthors(
      childrenNamed(child(article, 'AuthorList') ?? [], 'Author').map((a) => {
        const collective = textOf(child(a, 'CollectiveName'));
        if (collective) return collective;
        return [textOf(child(a, 'LastName')), textOf(child(a, 'Initials'))].filter(Boolean).join(' ');
      }),
    ),
    journal: textOf(child(article, 'Journal', 'Title')) || null,
    year: yearIn(textOf(child(pubDate, 'Year')) || textOf(child(pubDate, 'MedlineDate'))),
    pmid,
    pmcid,
    doi,
    abstract_snippet: abstract ? cutAtSentence(abstract, SNIPPET_CHARS) : null,
    url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`,
    open_access: pmcid !== null,
  };
}

// ---- Europe PMC ----

interface EuropePmcHit {
  id?: string;
  source?: string;
  pmid?: string;
  pmcid?: string;
  doi?: string;
  title?: string;
  authorString?: string;
  journalInfo?: { journal?: { title?: string } };
  journalTitle?: string;
  pubYear?: string;
  abstractText?: string;
  isOpenAccess?: string;
}

async function searchEuropePmc(
  args: LiteratureSearchArgs,
  ctx: KnowledgeContext,
): Promise<LiteratureSearchResult | UnreachableResult> {
  const url = new URL(`${ctx.config.europePmcUrl}/search`);
  setParams(url, {
    query: withYears(args.query, args.fromYear, args.toYear, (a, b) => `PUB_YEAR:[${a} TO ${b}]`),
    format: 'json',
    resultType: 'core',
    pageSize: String(args.limit),
    cursorMark: '*',
  });
  const got = await getUpstream(ctx, 'europe_pmc', 'europepmc', url, JSON_TYPES);
  if (!got.ok) return got.failure;
  if (!isOk(got.response)) return statusFailure('europe_pmc', 'europepmc', got.response);
  const body = bodyJson(got.response) as { hitCount?: unknown; resultList?: { result?: unknown } } | undefined;
  const hits = body?.resultList?.result;
  if (!Array.isArray(hits)) return malformed('europe_pmc', 'europepmc', 'search answer without a result list');
  const articles = (hits as EuropePmcHit[]).slice(0, args.limit).map(europePmcArticle);
  const total = typeof body?.hitCount === 'number' ? body.hitCount : articles.length;
  return { query: args.query, source: 'europepmc', total, articles, truncated: false };
}

export function europePmcArticle(hit: EuropePmcHit): LiteratureArticle {
  const pmid = hit.pmid || (hit.source === 'MED' ? hit.id : undefined) || null;
  const abstract = hit.abstractText ? stripTags(hit.abstractText) : '';
  return {
    title: stripTags(hit.title ?? ''),
    authors: firstAuthors(
      (hit.authorString ?? '')
        .replace(/\.$/, '')
        .split(', ')
        .map((a) => a.trim())
        .filter(Boolean),
    ),
    journal: hit.journalInfo?.journal?.title ?? hit.journalTitle ?? null,
    year: yearIn(hit.pubYear ?? ''),
    pmid,
    pmcid: hit.pmcid ?? null,
    doi: hit.doi ?? null,
    abstract_snippet: abstract ? cutAtSentence(abstract, SNIPPET_CHARS) : null,
    url: pmid
      ? `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`
      : `https://europepmc.org/article/${encodeURIComponent(hit.source ?? 'MED')}/${encodeURIComponent(hit.id ?? '')}`,
    open_access: hit.isOpenAccess === 'Y',
  };
}

// ---- shared ----

function firstAuthors(names: string[]): string[] {
  return names.length > MAX_AUTHORS ? [...names.slice(0, MAX_AUTHORS), 'et al.'] : names;
}

function yearIn(text: string): number | null {
  const m = /\b(1[89]\d\d|2\d\d\d)\b/.exec(text);
  return m ? Number(m[1]) : null;
}

/** The query, narrowed to a publication-year range when one is given (open ends become 1800 / 3000). */
function withYears(
  query: string,
  from: number | undefined,
  to: number | undefined,
  range: (from: number, to: number) => string,
): string {
  if (from === undefined && to === undefined) return query;
  return `(${query}) AND ${range(from ?? MIN_YEAR, to ?? 3000)}`;
}

function setParams(url: URL, params: Record<string, string>): void {
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
}

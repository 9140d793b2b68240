import { log } from '../../../log';
import { EgressRefused, type EgressResponse } from '../../../ports/egress';
import { ToolInputError } from '../tools/types';
import type { KnowledgeContext, KnowledgeRunner } from './knowledge-context';
import { type PageText, READABLE_TYPES, readPage } from './page-readers';

export const FETCH_URL_NAME = 'fetch_url';

export const fetchUrlDescription =
  'Read a public web page or document the user named or a search result pointed to: HTML (the main article text), ' +
  'plain text, Markdown, CSV, JSON or PDF (its text layer). Returns the title, byline, site name and text, cut to ' +
  'max_chars. Only addresses on the public internet are read; images and other files are not.';

const MAX_URL_CHARS = 2048;
const MIN_CHARS = 1000;
const MAX_CHARS = 20_000;
const DEFAULT_CHARS = 12_000;
/** Redirects followed, each checked again by the egress guard. */
const MAX_REDIRECTS = 5;
/** A PDF may be larger than a page (`fetchUrlMaxBytes`): reports and guidelines run to megabytes of fonts. */
const PDF_MAX_BYTES = 10 * 1024 * 1024;

export const fetchUrlParameters = {
  type: 'object',
  properties: {
    url: {
      type: 'string',
      description: 'The absolute http or https URL to read.',
      maxLength: MAX_URL_CHARS,
    },
    max_chars: {
      type: 'integer',
      description: `Most characters of text to return (default ${DEFAULT_CHARS}).`,
      minimum: MIN_CHARS,
      maximum: MAX_CHARS,
    },
  },
  required: ['url'],
  additionalProperties: false,
} as const;

export interface FetchUrlResult {
  url: string;
  final_url: string;
  title: string | null;
  byline: string | null;
  site_name: string | null;
  content_type: string;
  text: string;
  chars: number;
  truncated: boolean;
  fetched_at: string;
}

/** A page that could not be read: a sentence for the model, never the address a name resolved to. */
export interface FetchUrlFailure {
  error: string;
  url: string;
  /** Set when the network failed (no answer, no name, too slow): the page may exist. */
  reachable?: false;
  status?: number;
}

/**
 * `fetch_url`: one public page through the egress guard (`trust: 'public'`, redirects re-checked, size and time caps
 * from the knowledge configuration), read by its type. Every failure is a result the model reads; only bad arguments
 * throw (`ToolInputError`), and the request's own abort is passed on.
 */
export const fetchUrl: KnowledgeRunner = async (args, ctx) => {
  const { url, maxChars } = parseArguments(args);
  let response: EgressResponse;
  try {
    response = await ctx.egress.fetch({
      url,
      trust: 'public',
      headers: { accept: ACCEPT_HEADER, 'user-agent': 'hds-fetch-url/1.0' },
      // A page is cut off at the page cap while it is read; only a PDF may run to the PDF cap.
      accept: READABLE_TYPES.map((type) =>
        type === 'application/pdf'
          ? { type, maxBytes: Math.max(ctx.config.fetchUrlMaxBytes, PDF_MAX_BYTES) }
          : { type },
      ),
      maxBytes: ctx.config.fetchUrlMaxBytes,
      timeoutMs: ctx.config.fetchUrlTimeoutMs,
      maxRedirects: MAX_REDIRECTS,
      signal: ctx.signal,
    });
  } catch (err) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    return failure(err, url.href, ctx);
  }
  const given = url.href;
  if (response.status < 200 || response.status > 299) {
    return { error: `the page answered HTTP ${response.status}`, url: given, status: response.status };
  }
  let page: PageText;
  try {
    page = await readPage(response.contentType, response.body, response.headers.get('content-type'));
  } catch (err) {
    log('warn', 'fetch_url could not read a page', { contentType: response.contentType, error: (err as Error)?.name });
    return { error: `the ${describeType(response.contentType)} could not be read`, url: given };
  }
  const truncated = page.text.length > maxChars;
  const text = truncated ? page.text.slice(0, maxChars).trimEnd() : page.text;
  return {
    url: given,
    final_url: response.finalUrl.href,
    title: page.title,
    byline: page.byline,
    site_name: page.siteName,
    content_type: response.contentType,
    text,
    chars: text.length,
    truncated,
    fetched_at: new Date().toISOString(),
  } satisfies FetchUrlResult;
};

const ACCEPT_HEADER =
  'text/html,application/xhtml+xml;q=0.9,text/plain;q=0.8,text/markdown;q=0.8,text/csv;q=0.7,application/json;q=0.7,application/pdf;q=0.6';

function parseArguments(args: Record<string, unknown>): { url: URL; maxChars: number } {
  const raw = args.url;
  if (typeof raw !== 'string' || raw.trim() === '') throw new ToolInputError('url is required: an http or https URL');
  if (raw.length > MAX_URL_CHARS) throw new ToolInputError(`url is longer than ${MAX_URL_CHARS} characters`);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ToolInputError('url must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ToolInputError(`url must be http or https, not ${url.protocol.slice(0, -1)}`);
  }
  const chars = args.max_chars ?? DEFAULT_CHARS;
  if (typeof chars !== 'number' || !Number.isInteger(chars) || chars < MIN_CHARS || chars > MAX_CHARS) {
    throw new ToolInputError(`max_chars must be a whole number from ${MIN_CHARS} to ${MAX_CHARS}`);
  }
  return { url, maxChars: chars };
}

/** A refusal or a network failure as a result. Anything else is logged and answered in general terms. */
function failure(err: unknown, url: string, ctx: KnowledgeContext): FetchUrlFailure {
  if (!(err instanceof EgressRefused)) {
    log('warn', 'fetch_url failed', { error: (err as Error)?.name });
    return { error: 'the page could not be fetched', url, reachable: false };
  }
  switch (err.reason) {
    case 'non_public_address':
      return { error: 'fetch_url refuses addresses that are not on the public internet', url };
    case 'scheme':
      return { error: 'fetch_url reads only http and https addresses, and the page redirected elsewhere', url };
    case 'credentials_in_url':
      return { error: 'fetch_url refuses addresses with a user name or password in them', url };
    case 'content_type':
      return { error: `fetch_url reads HTML, text, JSON and PDF; this page is ${err.contentType || 'untyped'}`, url };
    case 'too_large':
      return { error: tooLargeSentence(ctx), url };
    case 'too_many_redirects':
      return { error: `the page redirects more than ${MAX_REDIRECTS} times`, url };
    case 'timeout':
      return { error: `the page did not load within ${ctx.config.fetchUrlTimeoutMs / 1000} s`, url, reachable: false };
    case 'dns':
      return { error: 'the host name could not be resolved', url, reachable: false };
    case 'connect':
      return { error: 'the page could not be reached', url, reachable: false };
  }
}

function tooLargeSentence(ctx: KnowledgeContext): string {
  const mb = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  const pdf = Math.max(ctx.config.fetchUrlMaxBytes, PDF_MAX_BYTES);
  return `the page is larger than fetch_url reads (${mb(ctx.config.fetchUrlMaxBytes)}; ${mb(pdf)} for a PDF)`;
}

function describeType(type: string): string {
  return type === 'application/pdf' ? 'PDF' : `${type} page`;
}

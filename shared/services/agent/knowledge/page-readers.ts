import { Readable } from 'node:stream';
import { PdfReader } from '../../../adapters/documents/pdf-reader';

/** What `fetch_url` takes from a page, whatever its type. */
export interface PageText {
  title: string | null;
  byline: string | null;
  siteName: string | null;
  text: string;
}

/** The media types `fetch_url` reads, as the egress `accept` list; anything else is refused before its body is read. */
export const READABLE_TYPES = [
  'text/html',
  'application/xhtml+xml',
  'text/plain',
  'text/markdown',
  'text/csv',
  'application/json',
  'application/pdf',
] as const;

/** Pages of a PDF read: a report or a guideline's first chapters; past that, the text would be cut anyway. */
const MAX_PDF_PAGES = 30;

/**
 * The page's text by its media type: HTML through Readability (the main article, without navigation), text as
 * decoded, JSON pretty-printed, PDF through its text layer (no OCR).
 */
export async function readPage(type: string, body: Uint8Array, contentTypeHeader: string | null): Promise<PageText> {
  switch (type) {
    case 'text/html':
    case 'application/xhtml+xml':
      return readHtml(decode(body, contentTypeHeader));
    case 'application/json':
      return untitled(prettyJson(decode(body, contentTypeHeader)));
    case 'application/pdf':
      return untitled(await readPdf(body));
    default:
      return untitled(decode(body, contentTypeHeader));
  }
}

/**
 * An article-like page gives Readability's article (title, byline, site name, text); any other page, or one
 * Readability cannot parse under linkedom, gives the body's text. Both libraries load on the first HTML page: they
 * are lazy packages, kept out of the functions' bundles (infra/bundling.ts).
 */
async function readHtml(html: string): Promise<PageText> {
  const { parseHTML } = await import('linkedom');
  const article = await readArticle(parseHTML(html).document);
  if (article) return article;
  const { document } = parseHTML(html);
  const title = tidy(document.title ?? '') || null;
  for (const hidden of document.querySelectorAll('script, style, noscript, template, svg, head')) hidden.remove();
  return {
    title,
    byline: null,
    siteName: null,
    text: tidy(document.body?.textContent ?? document.documentElement?.textContent ?? ''),
  };
}

async function readArticle(document: unknown): Promise<PageText | null> {
  // A CommonJS package: its exports object is the default export both under Node and from its bundle in the asset.
  const { Readability, isProbablyReaderable } = (await import('@mozilla/readability')).default;
  const doc = document as ConstructorParameters<typeof Readability>[0];
  try {
    if (!isProbablyReaderable(doc)) return null;
    const article = new Readability(doc).parse();
    const text = tidy(article?.textContent ?? '');
    if (!article || !text) return null;
    return {
      title: tidy(article.title ?? '') || null,
      byline: tidy(article.byline ?? '') || null,
      siteName: tidy(article.siteName ?? '') || null,
      text,
    };
  } catch {
    return null; // a DOM feature linkedom lacks: the body text is still worth reading
  }
}

async function readPdf(body: Uint8Array): Promise<string> {
  const reader = new PdfReader({ maxPages: MAX_PDF_PAGES, maxBytes: body.byteLength + 1 });
  const read = await reader.read(Readable.from([Buffer.from(body.buffer, body.byteOffset, body.byteLength)]), {
    filename: 'the PDF',
    contentType: 'application/pdf',
    bytes: body.byteLength,
  });
  return read.text;
}

/** The header's charset when it names one the runtime knows, else UTF-8. */
function decode(body: Uint8Array, contentTypeHeader: string | null): string {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentTypeHeader ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body); // a charset label the runtime does not know
  }
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text; // declared JSON that is not: read as the text it is
  }
}

/** Runs of spaces and tabs to one space, lines trimmed, at most one blank line in a row. */
function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function untitled(text: string): PageText {
  return { title: null, byline: null, siteName: null, text };
}

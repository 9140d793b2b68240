import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGuardedEgress } from '../../../shared/adapters/egress/guarded-egress';
import { type KnowledgeConfig, readConfig } from '../../../shared/config/config';
import type { Egress, EgressRequest } from '../../../shared/ports/egress';
import { fetchUrl, fetchUrlParameters } from '../../../shared/services/agent/knowledge/fetch-url';
import type { KnowledgeContext } from '../../../shared/services/agent/knowledge/knowledge-context';
import { ToolInputError } from '../../../shared/services/agent/tools/types';
import { POSING_HOST, startServer, type TestServer, tableResolver } from '../../support/egress-servers';

/**
 * `fetch_url` end to end over real HTTP: the fixtures of test/fixtures/knowledge/web served by a loopback server
 * posing as `public.example` (injected resolver + that name alone on the allow list), read through the guarded
 * egress. A second loopback server, `target`, stands for everything the guard must keep the tool from reaching.
 */

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/knowledge/web/${name}`, import.meta.url));
let site: TestServer;
let target: TestServer;

beforeAll(async () => {
  target = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('private'));
  const pages: Record<string, [string, Buffer | string]> = {
    '/article': ['text/html; charset=utf-8', fixture('article.html')],
    '/hours': ['text/html', fixture('not-article.html')],
    '/report.pdf': ['application/pdf', fixture('report.pdf')],
    '/image.png': ['image/png', fixture('image.png')],
    '/notes.txt': ['text/plain; charset=iso-8859-1', Buffer.from([0x63, 0x61, 0x66, 0xe9])], // "café" in Latin-1
    '/readings.csv': ['text/csv', 'date,glucose\n2024-01-02,5.4\n'],
    '/data.json': ['application/json', '{"glucose":{"value":5.4,"unit":"mmol/L"}}'],
    '/big.html': ['text/html', `<html><body><p>${'x'.repeat(20_000)}</p></body></html>`],
  };
  site = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    if (url.pathname === '/redirect' && to) {
      res.writeHead(302, { location: to }).end();
      return;
    }
    if (url.pathname === '/stall') return;
    const page = pages[url.pathname];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>');
      return;
    }
    res.writeHead(200, { 'content-type': page[0] }).end(page[1]);
  });
}, 30_000);

afterAll(async () => {
  await site?.close();
  await target?.close();
});

beforeEach(() => {
  target.requests.length = 0;
});

const page = (path: string) => `http://${POSING_HOST}:${site.port}${path}`;

function context(
  options: { egress?: Egress; config?: Partial<KnowledgeConfig>; signal?: AbortSignal } = {},
): KnowledgeContext {
  const egress =
    options.egress ??
    createGuardedEgress({ allowHosts: [POSING_HOST], resolve: tableResolver({ [POSING_HOST]: ['127.0.0.1'] }) });
  return {
    egress,
    config: { ...readConfig({}).knowledge, ...options.config },
    signal: options.signal ?? new AbortController().signal,
    ncbiApiKey: async () => undefined,
  };
}

type Result = Record<string, unknown>;
const run = async (args: Record<string, unknown>, ctx = context()) => (await fetchUrl(args, ctx)) as Result;

describe('fetch_url reads', () => {
  it('an article through Readability: title, byline, site name, the article text and nothing around it', async () => {
    const r = await run({ url: page('/article') });
    expect(r).toMatchObject({
      url: page('/article'),
      final_url: page('/article'),
      content_type: 'text/html',
      byline: 'Dana Example',
      site_name: 'HDS Test Health Notes',
      truncated: false,
    });
    expect(r.title).toBe('Walking after meals and blood glucose');
    const text = r.text as string;
    expect(text).toContain('A short walk after a meal is often suggested');
    expect(text).toContain('carrying a fast-acting carbohydrate');
    expect(text).not.toContain('window.tracker');
    expect(text).not.toContain('Sign in');
    expect(text).not.toContain('Footer links');
    expect(text).not.toMatch(/ {2,}/);
    expect(r.chars).toBe(text.length);
    expect(new Date(r.fetched_at as string).toISOString()).toBe(r.fetched_at);
  });

  it('a page that is not an article as its body text, whitespace collapsed, scripts left out', async () => {
    const r = await run({ url: page('/hours') });
    expect(r).toMatchObject({
      title: 'Clinic opening hours',
      byline: null,
      site_name: null,
      content_type: 'text/html',
    });
    expect(r.text).toContain('Monday 08:00–18:00');
    expect(r.text).toContain('Wednesday closed');
    expect(r.text).toContain('Phone: +1 555 0100');
    expect(r.text).not.toContain('no script text');
  });

  it('a PDF through its text layer', async () => {
    const r = await run({ url: page('/report.pdf') });
    expect(r).toMatchObject({ content_type: 'application/pdf', truncated: false });
    expect(r.text).toContain('Annual report of a test clinic');
    expect(r.text).toContain('Patients seen in the year: 1234');
  });

  it('plain text in the charset its header names', async () => {
    expect(await run({ url: page('/notes.txt') })).toMatchObject({ content_type: 'text/plain', text: 'café' });
  });

  it('CSV as text', async () => {
    const r = await run({ url: page('/readings.csv') });
    expect(r).toMatchObject({ content_type: 'text/csv', text: 'date,glucose\n2024-01-02,5.4\n' });
  });

  it('JSON pretty-printed', async () => {
    const r = await run({ url: page('/data.json') });
    expect(r.text).toBe(JSON.stringify({ glucose: { value: 5.4, unit: 'mmol/L' } }, null, 2));
  });

  it('cuts the text at max_chars and says so', async () => {
    const r = await run({ url: page('/article'), max_chars: 1000 });
    expect(r.truncated).toBe(true);
    expect((r.text as string).length).toBeLessThanOrEqual(1000);
    expect(r.chars).toBe((r.text as string).length);
  });

  it('follows a redirect and reports the final URL', async () => {
    const r = await run({ url: page(`/redirect?to=${encodeURIComponent('/hours')}`) });
    expect(r).toMatchObject({ url: page('/redirect?to=%2Fhours'), final_url: page('/hours') });
  });
});

describe('fetch_url answers with a sentence, never a throw', () => {
  it('for an image', async () => {
    expect(await run({ url: page('/image.png') })).toEqual({
      error: 'fetch_url reads HTML, text, JSON and PDF; this page is image/png',
      url: page('/image.png'),
    });
  });

  it('for a missing page', async () => {
    expect(await run({ url: page('/nothing') })).toEqual({
      error: 'the page answered HTTP 404',
      url: page('/nothing'),
      status: 404,
    });
  });

  it('for a page over the size cap', async () => {
    const r = await run({ url: page('/big.html') }, context({ config: { fetchUrlMaxBytes: 10_000 } }));
    expect(r.error).toMatch(/^the page is larger than fetch_url reads/);
  });

  it('asks the egress to cut a page at the page cap and only a PDF at the larger PDF cap', async () => {
    const seen: EgressRequest[] = [];
    const base = context({ config: { fetchUrlMaxBytes: 1_000 } });
    const recording: Egress = {
      ...base.egress,
      fetch: (req) => {
        seen.push(req);
        return base.egress.fetch(req);
      },
    };
    // A 1.6 KB PDF under a 1 KB page cap is still read: its own cap is the PDF one.
    const pdf = await run({ url: page('/report.pdf') }, { ...base, egress: recording });
    expect(pdf.error).toBeUndefined();
    const rules = seen[0]!.accept;
    expect(seen[0]!.maxBytes).toBe(1_000);
    expect(rules.find((r) => 'type' in r && r.type === 'application/pdf')?.maxBytes).toBe(10 * 1024 * 1024);
    expect(
      rules.filter((r) => 'type' in r && r.type !== 'application/pdf').every((r) => r.maxBytes === undefined),
    ).toBe(true);
  });

  it('for a page too slow to load, as unreachable', async () => {
    const r = await run({ url: page('/stall') }, context({ config: { fetchUrlTimeoutMs: 300 } }));
    expect(r).toEqual({ error: 'the page did not load within 0.3 s', url: page('/stall'), reachable: false });
  });

  it('for a host name that does not resolve, as unreachable', async () => {
    const r = await run({ url: `http://nowhere.example:${site.port}/` });
    expect(r).toMatchObject({ reachable: false, url: `http://nowhere.example:${site.port}/` });
  });
});

describe('fetch_url keeps to the public internet (SSRF, end to end)', () => {
  it('refuses a loopback literal when nothing is allow-listed, without reaching it', async () => {
    const url = `http://127.0.0.1:${target.port}/`;
    const r = await run({ url }, context({ egress: createGuardedEgress({ allowHosts: [] }) }));
    expect(r).toEqual({ error: 'fetch_url refuses addresses that are not on the public internet', url });
    expect(target.requests).toEqual([]);
  });

  it('refuses a redirect from a public page to a private address, at the hop', async () => {
    const url = page(`/redirect?to=${encodeURIComponent(`http://127.0.0.1:${target.port}/`)}`);
    const r = await run({ url });
    expect(r).toEqual({ error: 'fetch_url refuses addresses that are not on the public internet', url });
    expect(target.requests).toEqual([]);
  });

  it('refuses a redirect to the cloud metadata address', async () => {
    const url = page(`/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`);
    expect((await run({ url })).error).toBe('fetch_url refuses addresses that are not on the public internet');
  });

  it('refuses a URL with a user name and password in it', async () => {
    const url = `http://user:pw@${POSING_HOST}:${site.port}/article`;
    expect((await run({ url })).error).toBe('fetch_url refuses addresses with a user name or password in them');
  });
});

describe('fetch_url arguments', () => {
  it.each([
    ['no url', {}, 'url is required'],
    ['an empty url', { url: '' }, 'url is required'],
    ['a url that is not a string', { url: 42 }, 'url is required'],
    ['a url that is not a URL', { url: 'not a url' }, 'absolute http or https URL'],
    ['file:', { url: 'file:///etc/passwd' }, 'http or https, not file'],
    ['ftp:', { url: 'ftp://example.com/x' }, 'http or https, not ftp'],
    ['a url over 2048 characters', { url: `https://example.com/${'a'.repeat(2048)}` }, 'longer than 2048'],
    ['max_chars 999', { url: 'https://example.com/', max_chars: 999 }, 'max_chars'],
    ['max_chars 20001', { url: 'https://example.com/', max_chars: 20_001 }, 'max_chars'],
    ['a fractional max_chars', { url: 'https://example.com/', max_chars: 1500.5 }, 'max_chars'],
    ['max_chars as a string', { url: 'https://example.com/', max_chars: '2000' }, 'max_chars'],
  ])('refuses %s with ToolInputError', async (_name, args, message) => {
    const pending = fetchUrl(args, context());
    await expect(pending).rejects.toBeInstanceOf(ToolInputError);
    await expect(pending).rejects.toThrow(message);
  });

  it('publishes the schema it checks', () => {
    expect(fetchUrlParameters).toMatchObject({
      required: ['url'],
      additionalProperties: false,
      properties: { url: { maxLength: 2048 }, max_chars: { minimum: 1000, maximum: 20_000 } },
    });
  });

  it("passes the request's own abort on", async () => {
    const controller = new AbortController();
    const pending = fetchUrl({ url: page('/stall') }, context({ signal: controller.signal }));
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    await expect(pending).rejects.toThrow('client went away');
  });
});

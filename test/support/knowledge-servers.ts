import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { KnowledgeConfig } from '../../shared/config/config';

/**
 * One loopback server per knowledge service (design §7.1), each answering from `test/fixtures/knowledge/<service>/`
 * under the path prefix the real service has, and recording every request (path and query) so tests assert what
 * the real service expects. Failure modes per server: an error status (optionally only for the next n requests, with
 * headers such as `Retry-After`), a stall (the request is held open and never answered), and stopped.
 */
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'knowledge');

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
}

export type Failure =
  | { kind: 'status'; status: number; headers?: Record<string, string>; body?: string; times?: number }
  | { kind: 'stall'; times?: number };

type Route = (path: string, query: URLSearchParams) => Reply;
interface Reply {
  status: number;
  type: string;
  body: string;
}

export class FixtureServer {
  readonly requests: RecordedRequest[] = [];
  private failure: Failure | null = null;
  private server: Server | null = null;
  private readonly stalled = new Set<ServerResponse>();
  baseUrl = '';

  constructor(
    private readonly prefix: string,
    private readonly route: Route,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}${this.prefix}`;
  }

  /** The next requests fail this way (all of them unless `times` is given); null answers normally again. */
  fail(failure: Failure | null): void {
    this.failure = failure;
  }

  /** Forgets recorded requests, clears the failure mode and drops stalled requests. */
  reset(): void {
    this.requests.length = 0;
    this.failure = null;
    for (const res of this.stalled) res.destroy();
    this.stalled.clear();
  }

  /** Closes the listener and every open connection: later requests find nothing listening. */
  async stop(): Promise<void> {
    for (const res of this.stalled) res.destroy();
    this.stalled.clear();
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Requests whose path ends with `suffix`. */
  calls(suffix: string): RecordedRequest[] {
    return this.requests.filter((r) => r.path.endsWith(suffix));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fixture');
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams });
    const failure = this.takeFailure();
    if (failure?.kind === 'stall') {
      this.stalled.add(res);
      res.on('close', () => this.stalled.delete(res));
      return;
    }
    if (failure?.kind === 'status') {
      res.writeHead(failure.status, { 'content-type': 'application/json', ...failure.headers });
      res.end(failure.body ?? JSON.stringify({ error: `fixture ${failure.status}` }));
      return;
    }
    const inside = url.pathname.startsWith(this.prefix);
    reply(res, inside ? this.route(url.pathname.slice(this.prefix.length), url.searchParams) : notFound);
  }

  private takeFailure(): Failure | null {
    const failure = this.failure;
    if (!failure) return null;
    if (failure.times !== undefined) {
      if (failure.times <= 1) this.failure = null;
      else this.failure = { ...failure, times: failure.times - 1 };
    }
    return failure;
  }
}

function reply(res: ServerResponse, r: Reply): void {
  res.writeHead(r.status, { 'content-type': r.type });
  res.end(r.body);
}

function fixture(service: string, name: string): string {
  return readFileSync(join(FIXTURES, service, name), 'utf8');
}

const json = (service: string, name: string): Reply => ({
  status: 200,
  type: 'application/json;charset=UTF-8',
  body: fixture(service, name),
});
const notFound: Reply = { status: 404, type: 'text/plain', body: '' };

/** E-utilities: `/entrez/eutils/esearch.fcgi`, `/efetch.fcgi`. A term containing "nothing" finds no article. */
function ncbiRoute(path: string, query: URLSearchParams): Reply {
  if (path === '/esearch.fcgi') {
    return json('ncbi', query.get('term')?.includes('nothing') ? 'esearch-empty.json' : 'esearch-pubmed.json');
  }
  if (path === '/efetch.fcgi') {
    return { status: 200, type: 'text/xml; charset=UTF-8', body: fixture('ncbi', 'efetch-pubmed.xml') };
  }
  return notFound;
}

/** Europe PMC REST: `/search`, `/{PMCID}/fullTextXML` (only PMC3569037 has one here). */
function europePmcRoute(path: string): Reply {
  if (path === '/search') return json('europepmc', 'search-core.json');
  if (path === '/PMC3569037/fullTextXML') {
    return { status: 200, type: 'application/xml', body: fixture('europepmc', 'fulltext-PMC3569037.xml') };
  }
  return notFound;
}

/** ClinicalTrials.gov v2: `/studies`, paged by the fixture's `nextPageToken`; any other token is a 400. */
function ctgovRoute(path: string, query: URLSearchParams): Reply {
  if (path !== '/studies') return notFound;
  const token = query.get('pageToken');
  if (token === null) return json('ctgov', 'studies-page1.json');
  if (token === 'KV165pePlfg') return json('ctgov', 'studies-page2.json');
  return { status: 400, type: 'text/plain', body: fixture('ctgov', '400.txt') };
}

/** BioC-PMC: `/BioC_json/{PMCID}/unicode`; only PMC3206455 is in "the open-access subset" here. */
function biocRoute(path: string): Reply {
  const m = /^\/BioC_json\/([^/]+)\/unicode$/.exec(path);
  if (!m) return notFound;
  if (m[1] === 'PMC3206455') return json('bioc', 'PMC3206455.json');
  return { status: 200, type: 'text/html', body: fixture('bioc', 'not-oa.txt') };
}

export interface KnowledgeServers {
  ncbi: FixtureServer;
  europePmc: FixtureServer;
  ctgov: FixtureServer;
  bioc: FixtureServer;
  /** The knowledge configuration pointing at these servers. */
  config(overrides?: Partial<KnowledgeConfig>): KnowledgeConfig;
  /** Every server back to normal with no recorded request. */
  reset(): void;
  stop(): Promise<void>;
}

export async function startKnowledgeServers(): Promise<KnowledgeServers> {
  const ncbi = new FixtureServer('/entrez/eutils', ncbiRoute);
  const europePmc = new FixtureServer('/europepmc/webservices/rest', europePmcRoute);
  const ctgov = new FixtureServer('/api/v2', ctgovRoute);
  const bioc = new FixtureServer('/research/bionlp/RESTful/pmcoa.cgi', biocRoute);
  const all = [ncbi, europePmc, ctgov, bioc];
  await Promise.all(all.map((s) => s.start()));
  return {
    ncbi,
    europePmc,
    ctgov,
    bioc,
    config: (overrides = {}) => ({
      enabled: 'all',
      ncbiEutilsUrl: ncbi.baseUrl,
      ncbiTool: 'hds',
      ncbiEmail: 'ops@example.org',
      europePmcUrl: europePmc.baseUrl,
      clinicalTrialsUrl: ctgov.baseUrl,
      pmcBiocUrl: bioc.baseUrl,
      timeoutMs: 2000,
      cacheTtlMs: 600_000,
      fetchUrlMaxBytes: 5 * 1024 * 1024,
      fetchUrlTimeoutMs: 10_000,
      ...overrides,
    }),
    reset: () => {
      for (const s of all) s.reset();
    },
    stop: async () => {
      await Promise.all(all.map((s) => s.stop()));
    },
  };
}

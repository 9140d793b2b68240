import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { untilAborted } from '../../abort';
import {
  type ContentTypeRule,
  type Egress,
  EgressRefused,
  type EgressRequest,
  type EgressResponse,
} from '../../ports/egress';
import {
  bareHost,
  isAllowedHost,
  isPublicAddress,
  type Resolver,
  resolvePublicAddresses,
  systemResolver,
} from './address-guard';
import { pinnedFetch, pinnedLookup } from './pinned-fetch';

export interface GuardedEgressOptions {
  /**
   * Hosts (`name`, `name:port`, `[v6]:port`) a `public` request may reach although they resolve to non-public
   * addresses: `config().mcpAllowHosts`, for local tests and private deployments.
   */
  allowHosts: readonly string[];
  /** How host names are resolved; the system resolver (every address, in its order) unless a test supplies one. */
  resolve?: Resolver;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Dropped when a redirect leaves the origin: credentials meant for one host are not handed to the next. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
/** Dropped when a redirect turns a POST into a GET. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding'];

/**
 * The egress port over node:http(s), under the SSRF rules of docs/design/knowledge-tools.md §2.2, in order: scheme
 * and userinfo; the WHATWG parser's canonical host (every IPv4 spelling is already dotted-quad); every resolved
 * address public (unless `configured` or allow-listed); the socket pinned to the checked addresses; redirects
 * followed here, each hop checked again; the content type before the body; decompressed bytes counted; one deadline.
 */
export function createGuardedEgress(options: GuardedEgressOptions): Egress {
  const allow = options.allowHosts;
  const resolve = options.resolve ?? systemResolver;
  return {
    fetch: (req) => guardedFetch(req, allow, resolve),
    async pinnedOrigin(url, signal) {
      const addresses = await untilAborted(resolvePublicAddresses(url, allow, resolve), signal);
      return pinnedFetch(url.hostname, addresses);
    },
  };
}

async function guardedFetch(req: EgressRequest, allow: readonly string[], resolve: Resolver): Promise<EgressResponse> {
  const deadline = AbortSignal.timeout(req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, deadline]) : deadline;
  try {
    return await exchange(req, allow, resolve, signal);
  } catch (err) {
    if (req.signal?.aborted) throw req.signal.reason;
    if (deadline.aborted) throw new EgressRefused('timeout', `no complete answer within ${req.timeoutMs} ms`);
    throw err;
  }
}

/** The request and its redirects, hop by hop, each under the same checks as the first. */
async function exchange(
  req: EgressRequest,
  allow: readonly string[],
  resolve: Resolver,
  signal: AbortSignal,
): Promise<EgressResponse> {
  let url = req.url;
  let method = req.method ?? 'GET';
  let body = req.body;
  let headers = lowerCaseKeys(req.headers ?? {});
  for (let hop = 0; ; hop++) {
    const addresses = await checkedAddresses(url, req.trust, allow, resolve, signal);
    const res = await send(url, method, headers, body, addresses, signal);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (REDIRECT_STATUSES.has(status) && location && req.maxRedirects > 0) {
      res.destroy();
      if (hop >= req.maxRedirects) {
        throw new EgressRefused('too_many_redirects', `more than ${req.maxRedirects} redirects`);
      }
      const next = redirectTarget(location, url);
      // What browsers do (Fetch standard, HTTP-redirect fetch): 303 always, 301/302 after a POST, become a GET.
      if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers = without(headers, BODY_HEADERS);
      }
      if (next.origin !== url.origin) headers = without(headers, ORIGIN_BOUND_HEADERS);
      url = next;
      continue;
    }
    const contentType = mediaType(res.headers['content-type']);
    const rule = matchingRule(req.accept, contentType);
    // Only a success is held to `accept`: an error page (a 404 in HTML, a 429 in text) is the caller's to read.
    // An answer without content (a 204, a 202 with `Content-Length: 0`) has no type to hold it to.
    const empty = status === 204 || res.headers['content-length'] === '0';
    if (status >= 200 && status < 300 && !empty && !rule) {
      res.destroy();
      throw new EgressRefused(
        'content_type',
        `the answer is ${contentType || 'untyped'}, not a type asked for`,
        contentType,
      );
    }
    const bytes = await readBody(res, rule?.maxBytes ?? req.maxBytes, signal);
    return { status, finalUrl: url, contentType, headers: headersOf(res), body: bytes };
  }
}

/**
 * Rules 1–3 for one hop: the addresses its host resolves to, every one of them public unless the destination is
 * trusted. The URL parser has already canonicalized the host (`http://0x7f.1/` is `127.0.0.1` by now), so a literal
 * is checked as the address it is. Messages name neither the address nor the host's records.
 */
async function checkedAddresses(
  url: URL,
  trust: EgressRequest['trust'],
  allow: readonly string[],
  resolve: Resolver,
  signal: AbortSignal,
): Promise<LookupAddress[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EgressRefused('scheme', `only http and https URLs are fetched, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new EgressRefused('credentials_in_url', 'a URL with a user name or password in it is not fetched');
  }
  const host = bareHost(url.hostname);
  const family = isIP(host);
  let addresses: LookupAddress[];
  if (family) addresses = [{ address: host, family }];
  else {
    try {
      addresses = await untilAborted(resolve(host), signal);
    } catch (err) {
      if (signal.aborted) throw err;
      throw new EgressRefused('dns', `the host name ${host} could not be resolved`);
    }
  }
  if (addresses.length === 0) throw new EgressRefused('dns', `the host name ${host} has no address`);
  const trusted = trust === 'configured' || isAllowedHost(url, allow);
  if (!trusted && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new EgressRefused('non_public_address', 'the host is not on the public internet');
  }
  return addresses;
}

/**
 * Rule 4: one request on a fresh connection whose `lookup` hands the socket the checked addresses, so a second
 * resolution (DNS rebinding) cannot move it; the URL keeps the name, so `Host`, SNI and the certificate check use it.
 * No keep-alive: a pooled socket would outlive the check it was made under.
 */
function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: EgressRequest['body'],
  addresses: readonly LookupAddress[],
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const payload =
    body === undefined
      ? undefined
      : typeof body === 'string'
        ? Buffer.from(body)
        : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const outgoing: Record<string, string> = {
    'accept-encoding': 'gzip, deflate, br',
    ...headers,
    ...(payload ? { 'content-length': String(payload.length) } : {}),
  };
  const request = url.protocol === 'https:' ? https.request : http.request;
  const lookup = pinnedLookup(bareHost(url.hostname), addresses);
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: outgoing, agent: false, lookup, signal }, resolve);
    req.on('error', (err: NodeJS.ErrnoException) => {
      // Node's own message names the address it dialled ("connect ECONNREFUSED 10.0.0.5:80"): only its code is kept.
      reject(
        signal.aborted
          ? signal.reason
          : new EgressRefused('connect', `could not reach ${url.host} (${err.code ?? 'failed'})`),
      );
    });
    req.end(payload);
  });
}

/**
 * Rules 6–7: the body, decompressed, counted as it arrives; past `maxBytes` the connection is destroyed, so a
 * compressed bomb or an endless stream costs at most `maxBytes` of memory and no more reading.
 */
async function readBody(res: http.IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Uint8Array> {
  const encoding = (res.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decoder = decompressorFor(encoding);
  if (decoder === null) {
    res.destroy();
    throw new EgressRefused('content_type', `the answer is encoded as ${encoding}, which is not read`);
  }
  const declared = Number(res.headers['content-length']);
  if (!decoder && declared > maxBytes) {
    res.destroy();
    throw tooLarge(maxBytes);
  }
  const source: Readable = decoder ? pipeline(res, decoder, () => {}) : res;
  const stop = () => {
    res.destroy(signal.reason);
    decoder?.destroy(signal.reason);
  };
  if (signal.aborted) stop();
  signal.addEventListener('abort', stop, { once: true });
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > maxBytes) {
        res.destroy();
        decoder?.destroy();
        throw tooLarge(maxBytes);
      }
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof EgressRefused || signal.aborted) throw err;
    throw new EgressRefused('connect', 'the answer broke off or could not be decompressed');
  } finally {
    signal.removeEventListener('abort', stop);
  }
  return new Uint8Array(Buffer.concat(chunks, received));
}

/** A decompressor for the encoding, `undefined` for none, `null` for one this adapter does not read. */
function decompressorFor(encoding: string): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined | null {
  switch (encoding) {
    case '':
    case 'identity':
      return undefined;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

function tooLarge(maxBytes: number): EgressRefused {
  return new EgressRefused('too_large', `the answer is larger than ${maxBytes} bytes`);
}

/** `Location` resolved against the URL that sent it; one that is not a URL at all ends the exchange. */
function redirectTarget(location: string, base: URL): URL {
  try {
    return new URL(location, base);
  } catch {
    throw new EgressRefused('scheme', 'a redirect pointed to something that is not a URL');
  }
}

/** `text/html; charset=utf-8` → `text/html`. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

function matchingRule(rules: readonly ContentTypeRule[], type: string): ContentTypeRule | undefined {
  return rules.find((rule) => ('type' in rule ? rule.type.toLowerCase() === type : type.startsWith(rule.prefix)));
}

function headersOf(res: http.IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  return headers;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function without(headers: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name)));
}

/**
 * Outbound HTTP from the service to hosts it does not own: the knowledge services (PubMed, Europe PMC,
 * ClinicalTrials.gov, PMC), pages the model asks `fetch_url` to read, remote MCP servers, wearable providers' APIs
 * and, later, outbound webhooks. One port so the SSRF rules (public addresses only, pinned connections, redirects re-checked, size and
 * time caps) live in one adapter.
 */

/** The operator-configured services the knowledge tools call (each base URL is configuration). */
export type EgressTarget = 'ncbi_eutils' | 'europe_pmc' | 'clinical_trials' | 'pmc_bioc';

/**
 * A content type the caller accepts: an exact media type, or a prefix such as `text/`; `maxBytes` overrides the
 * request's cap for answers of this type (a PDF may be larger than a page).
 */
export type ContentTypeRule = ({ type: string } | { prefix: string }) & { maxBytes?: number };

export interface EgressRequest {
  url: URL;
  /**
   * `configured`: an operator's base URL (a trusted destination, which may be a proxy or mirror on a private
   * network; caps still apply). `public`: a URL a caller or the model chose; every address it resolves to must be
   * public unless its host is in the allow list.
   */
  trust: 'configured' | 'public';
  /** The provider APIs update and delete (subscriptions, grants) as well as read and create. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /**
   * Sent with any method that has one (POST, PUT, DELETE: some revocation endpoints take a form body); kept across
   * 307/308 redirects, dropped when a redirect turns the request into a GET.
   */
  body?: Uint8Array | string;
  accept: readonly ContentTypeRule[];
  /** Decompressed bytes read at most (unless the matching `accept` rule names its own); more is `too_large`. */
  maxBytes: number;
  /** One deadline over the whole exchange: DNS, connect, every redirect and the body. */
  timeoutMs: number;
  /** 0 for APIs (a redirect is then answered as it came, status 3xx); each hop is checked again. */
  maxRedirects: number;
  signal?: AbortSignal;
}

export interface EgressResponse {
  status: number;
  /** The URL after redirects. */
  finalUrl: URL;
  /** The media type without parameters, lower case (`text/html`). */
  contentType: string;
  headers: Headers;
  body: Uint8Array;
}

export type EgressRefusal =
  | 'non_public_address'
  | 'scheme'
  | 'credentials_in_url'
  | 'content_type'
  | 'too_large'
  | 'timeout'
  | 'too_many_redirects'
  | 'dns'
  | 'connect';

/** Why a request was not made or not finished. The message never names a resolved address. */
export class EgressRefused extends Error {
  constructor(
    readonly reason: EgressRefusal,
    message: string,
    /** For `content_type`: the media type the server answered with, so a caller can name it to its own reader. */
    readonly contentType?: string,
  ) {
    super(message);
    this.name = 'EgressRefused';
  }
}

/** The MCP SDK's transport takes a fetch-shaped function. */
export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface Egress {
  /** One request under the rules above; throws `EgressRefused` (or the caller's abort reason). */
  fetch(req: EgressRequest): Promise<EgressResponse>;
  /** A fetch pinned to one checked origin, for streaming transports (remote MCP servers). */
  pinnedOrigin(url: URL, signal?: AbortSignal): Promise<{ fetch: FetchLike; close(): void }>;
}

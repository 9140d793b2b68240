import { parseSeriesId } from '../series/reading-series';

/**
 * The stable names of a Subject's data as MCP resources (design §3.5): a URI names what the Subject holds (a LOINC
 * code, a file key), never the account, the Subject's id or a time, so it stays valid across connections and tokens
 * while the data lives. Which Subject it is read in is the endpoint's (its credential and `?user=`), never the URI's.
 */

export const SERIES_URI_TEMPLATE = 'hds://series/loinc/{code}';
export const FILE_URI_TEMPLATE = 'hds://files/{file_key}';

const SERIES_PREFIX = 'hds://series/loinc/';
const FILE_PREFIX = 'hds://files/';

export type HdsResource = { kind: 'series'; code: string } | { kind: 'file'; fileKey: string };

export function seriesUri(code: string): string {
  return SERIES_PREFIX + code;
}

/** A file key may hold `/` and any character: it is percent-encoded whole, so the URI has one path segment. */
export function fileUri(fileKey: string): string {
  return FILE_PREFIX + encodeURIComponent(fileKey);
}

/** What an HDS resource URI names, or null when it is not one (another scheme, a malformed code or escape). */
export function parseHdsUri(uri: string): HdsResource | null {
  if (uri.startsWith(SERIES_PREFIX)) {
    const code = uri.slice(SERIES_PREFIX.length);
    return parseSeriesId(code)?.kind === 'code' ? { kind: 'series', code } : null;
  }
  if (uri.startsWith(FILE_PREFIX)) {
    const encoded = uri.slice(FILE_PREFIX.length);
    if (encoded === '' || encoded.includes('/')) return null;
    try {
      return { kind: 'file', fileKey: decodeURIComponent(encoded) };
    } catch {
      return null;
    }
  }
  return null;
}

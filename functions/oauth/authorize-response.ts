import { clearAuthzCookie } from '../../shared/domain/oauth/csrf';
import { authorizePageHeaders } from '../../shared/domain/oauth/pages';
import type { RouteResult } from '../../shared/http/handler';
import type { HttpRequest } from '../../shared/http/request';
import type { AuthorizeOutcome } from '../../shared/services/oauth/authorize';

/**
 * An authorize step's outcome as HTTP (design §7.3 step 4): a page with the pages' security headers, its CSP letting
 * forms reach the client's redirect URI, and the cookie when one is set; or a 302 to the client that clears it.
 */
export function authorizeResponse(outcome: AuthorizeOutcome): RouteResult {
  if (outcome.kind === 'redirect') {
    return {
      status: 302,
      headers: {
        location: outcome.location,
        'cache-control': 'no-store',
        'referrer-policy': 'same-origin',
        ...(outcome.clearCookie ? { 'set-cookie': clearAuthzCookie() } : {}),
      },
    };
  }
  return {
    status: outcome.status,
    contentType: 'text/html; charset=utf-8',
    headers: {
      ...authorizePageHeaders(outcome.redirectUri),
      ...(outcome.setCookie ? { 'set-cookie': outcome.setCookie } : {}),
    },
    body: outcome.html,
  };
}

/** The query with every value of a repeated parameter, so the domain can refuse repeats (RFC 6749 §3.1). */
export function authorizeParams(req: HttpRequest): URLSearchParams {
  const params = new URLSearchParams();
  const all = req.queryAll && Object.keys(req.queryAll).length > 0 ? req.queryAll : null;
  if (all) {
    for (const [name, values] of Object.entries(all)) for (const v of values) params.append(name, v);
  } else {
    for (const [name, value] of Object.entries(req.query)) params.append(name, value);
  }
  return params;
}

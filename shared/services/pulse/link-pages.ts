import { authorizePageHeaders, escapeHtml } from '../../domain/oauth/pages';
import type { RouteResult } from '../../http/handler';

/** How a callback ended, as the `status` of the redirect back to the app (design §1.1). */
export type LinkOutcome = 'linked' | 'denied' | 'error';

/**
 * The callback's answer: a 302 to the app's allowed `return_url` with `provider` and `status`, or, without one, a
 * small page the browser shows (200 linked, 400 denied or expired, 502 the provider failed).
 */
export function callbackAnswer(
  providerName: string,
  slug: string,
  outcome: LinkOutcome,
  returnUrl: string | null,
): RouteResult {
  if (returnUrl) {
    const back = new URL(returnUrl);
    back.searchParams.set('provider', slug);
    back.searchParams.set('status', outcome);
    return { status: 302, headers: { location: back.toString(), 'cache-control': 'no-store' } };
  }
  const [status, title, message] =
    outcome === 'linked'
      ? [200, `${providerName} is connected`, `${providerName} is connected. You can close this window.`]
      : outcome === 'denied'
        ? [400, `${providerName} was not connected`, `You did not allow HDS to read your ${providerName} data.`]
        : [502, `${providerName} was not connected`, `${providerName} did not complete the connection; start again.`];
  return pageAnswer(status, title, message);
}

/** A page for a callback nothing can be redirected for (no attempt, or an expired one). */
export function pageAnswer(status: number, title: string, message: string): RouteResult {
  const body = [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} · HDS</title></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(message)}</p></main></body>`,
    '</html>',
    '',
  ].join('\n');
  return { status, body, contentType: 'text/html; charset=utf-8', headers: authorizePageHeaders() };
}

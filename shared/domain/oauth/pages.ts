import { createHash } from 'node:crypto';
import { OAUTH_PATHS } from './metadata';
import { formActionSource, redirectDisplayHost } from './redirect-uris';
import { SCOPE_CATALOGUE, SCOPES, type Scope } from './scopes';

/**
 * Escapes text for HTML element content and for double- or single-quoted attribute values: `&`, `<`, `>`, `"`, `'`.
 * Every value that reaches a page goes through it.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The pages' only styling, inline and allowed by its hash: no stylesheet request, no `'unsafe-inline'`. */
export const PAGE_CSS = [
  ':root{color-scheme:light dark;font-family:system-ui,-apple-system,"Segoe UI",sans-serif;line-height:1.5}',
  'body{margin:0;padding:2rem 1rem;display:flex;justify-content:center}',
  'main{width:100%;max-width:28rem}',
  'h1{font-size:1.4rem;margin:0 0 1rem}',
  'label{display:block;font-weight:600;margin:1rem 0 .25rem}',
  'input{box-sizing:border-box;width:100%;font:inherit;padding:.5rem;border:1px solid #888;border-radius:.375rem}',
  'button{font:inherit;padding:.5rem 1.25rem;margin:1rem .5rem 0 0;border:1px solid #888;border-radius:.375rem;cursor:pointer}',
  '.primary{background:#1d5bbf;border-color:#1d5bbf;color:#fff}',
  '.link{background:none;border:none;padding:0;color:inherit;text-decoration:underline}',
  '.notice{padding:.5rem .75rem;border-left:4px solid #b3261e;background:rgba(179,38,30,.1)}',
  '.muted{opacity:.75;font-size:.9rem}',
  ':focus-visible{outline:3px solid #1d5bbf;outline-offset:2px}',
].join('');

/** The CSP source allowing {@link PAGE_CSS}: `'sha256-<base64 of SHA-256 over the style text>'` (CSP3 §2.3.1). */
export const PAGE_CSS_SOURCE = `'sha256-${createHash('sha256').update(PAGE_CSS, 'utf8').digest('base64')}'`;

/**
 * The `Content-Security-Policy` of every authorize page (design §7.3 step 4). No script source at all; `form-action`
 * also lets the post's redirect reach the client (Chromium applies `form-action` to redirects after a form post).
 * Pass the client's redirect URI once phase 1 has validated it; pages shown before that allow `'self'` only.
 */
export function contentSecurityPolicy(redirectUri?: string): string {
  const formAction = redirectUri === undefined ? "'self'" : `'self' ${formActionSource(redirectUri)}`;
  return [
    "default-src 'none'",
    `style-src ${PAGE_CSS_SOURCE}`,
    "img-src 'self'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * The headers of every authorize page (design §7.3 step 4). One deliberate change from the design's
 * `Referrer-Policy: no-referrer`: under `no-referrer` a browser sends `Origin: null` on the page's own form posts
 * (Fetch, "append a request Origin header"), which the `Origin` check would have to wave through. `same-origin` sends
 * no `Referer` to any other origin, the client's redirect included, and keeps the real `Origin` on our posts.
 */
export function authorizePageHeaders(redirectUri?: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': contentSecurityPolicy(redirectUri),
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
}

/** The steps a form posts (design §7.3 step 2), carried in its hidden `step` field. */
export type AuthorizeStep = 'email' | 'code' | 'consent';

interface FormContext {
  /** Issuer URL: forms post to `<issuer>/oauth2/authorize`, right under a stage path too. */
  issuer: string;
  /** The csrf token for the hidden field (design §7.3 step 3). */
  csrf: string;
}

export interface EmailPageInput extends FormContext {
  clientName: string;
  /** The address to prefill after a refused attempt. */
  email?: string;
  /** Why the last attempt failed, shown above the form. */
  notice?: string;
}

/** Step 1: the address to send a code to. */
export function renderEmailPage(input: EmailPageInput): string {
  const fields = [
    '<label for="email">Email address</label>',
    `<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" autofocus${describedBy(input.notice)} value="${escapeHtml(input.email ?? '')}">`,
    '<button class="primary" type="submit">Send code</button>',
  ];
  return page('Sign in to HDS', [
    `<p>Sign in to HDS to continue to <strong>${escapeHtml(input.clientName)}</strong>. We will email you a 6-digit code.</p>`,
    notice(input.notice),
    form(input, 'email', fields),
  ]);
}

export interface CodePageInput extends FormContext {
  /** The address the code went to, shown so the user knows where to look. */
  email: string;
  notice?: string;
}

/** Step 2: the emailed code, with a way to ask for a new one. */
export function renderCodePage(input: CodePageInput): string {
  const fields = [
    // The address goes with the code: the pending authorization keeps only its keyed digest (design 3.5).
    `<input type="hidden" name="email" value="${escapeHtml(input.email)}">`,
    '<label for="code">Sign-in code</label>',
    `<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" minlength="6" maxlength="6" required autofocus${describedBy(input.notice)}>`,
    '<button class="primary" type="submit">Continue</button>',
  ];
  const resend = [
    `<input type="hidden" name="email" value="${escapeHtml(input.email)}">`,
    '<button class="link" type="submit">Send a new code</button>',
  ];
  return page('Enter your code', [
    `<p>We sent a 6-digit code to <strong>${escapeHtml(input.email)}</strong>. It is valid for 10 minutes.</p>`,
    notice(input.notice),
    form(input, 'code', fields),
    form(input, 'email', resend),
  ]);
}

export interface ConsentPageInput extends FormContext {
  clientName: string;
  /** The validated redirect URI; its host (or private-use scheme) is shown. */
  redirectUri: string;
  scopes: readonly Scope[];
  /** The signed-in address, so a user on a shared machine sees whose data this is. */
  email?: string;
}

/** Step 3: what the client asks for, with Allow and Deny (design §7.3 step 2). */
export function renderConsentPage(input: ConsentPageInput): string {
  const items = SCOPES.filter((s) => input.scopes.includes(s)).map(
    (s) => `<li>${escapeHtml(SCOPE_CATALOGUE[s].description)}</li>`,
  );
  const buttons = [
    '<button class="primary" type="submit" name="decision" value="allow">Allow</button>',
    '<button type="submit" name="decision" value="deny">Deny</button>',
  ];
  const host = escapeHtml(redirectDisplayHost(input.redirectUri));
  return page('Allow access?', [
    input.email ? `<p class="muted">Signed in as ${escapeHtml(input.email)}</p>` : '',
    `<p><strong>${escapeHtml(input.clientName)}</strong> is asking for access to your HDS account. It will be able to:</p>`,
    `<ul>\n${items.join('\n')}\n</ul>`,
    `<p>If you allow this, you will be sent to <strong>${host}</strong>. Allow only apps you trust.</p>`,
    form(input, 'consent', buttons),
  ]);
}

export interface ErrorPageInput {
  title?: string;
  message: string;
  /** The OAuth error code, shown small for whoever has to debug the client. */
  error?: string;
}

/** A page for a request that cannot go on and cannot be sent back (400, design §7.3 steps 1 and 3). */
export function renderErrorPage(input: ErrorPageInput): string {
  return page(input.title ?? 'This sign-in link cannot be used', [
    `<p role="alert">${escapeHtml(input.message)}</p>`,
    '<p>Go back to the app you came from and start again.</p>',
    input.error ? `<p class="muted">Error: <code>${escapeHtml(input.error)}</code></p>` : '',
  ]);
}

/** A whole page; `title` is both `<title>` and the one `<h1>`. Empty parts are dropped. */
function page(title: string, parts: readonly string[]): string {
  const head = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} · HDS</title>`,
    `<style>${PAGE_CSS}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(title)}</h1>`,
  ];
  return [...head, ...parts.filter((p) => p !== ''), '</main>', '</body>', '</html>', ''].join('\n');
}

/** A form posting `step` to the authorize endpoint with the csrf token (design §7.3 steps 2 and 3). */
function form(ctx: FormContext, step: AuthorizeStep, fields: readonly string[]): string {
  return [
    `<form method="post" action="${escapeHtml(ctx.issuer + OAUTH_PATHS.authorize)}">`,
    `<input type="hidden" name="step" value="${step}">`,
    `<input type="hidden" name="csrf" value="${escapeHtml(ctx.csrf)}">`,
    ...fields,
    '</form>',
  ].join('\n');
}

function notice(text: string | undefined): string {
  return text ? `<p class="notice" id="notice" role="alert">${escapeHtml(text)}</p>` : '';
}

function describedBy(text: string | undefined): string {
  return text ? ' aria-describedby="notice"' : '';
}

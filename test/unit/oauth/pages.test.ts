import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  authorizePageHeaders,
  contentSecurityPolicy,
  escapeHtml,
  PAGE_CSS,
  renderCodePage,
  renderConsentPage,
  renderEmailPage,
  renderErrorPage,
} from '../../../shared/domain/oauth/pages';
import { SCOPE_CATALOGUE } from '../../../shared/domain/oauth/scopes';

const ISSUER = 'https://api.hds.example/live';
const CSRF = 'csrf0123456789abcdefghijklmnopqrstuvwxyzABC';
const HOSTILE = `<script>alert("x")</script><img src=x onerror='y'>&amp;`;

const pages = () => ({
  email: renderEmailPage({ issuer: ISSUER, csrf: CSRF, clientName: 'Acme', notice: 'Try again', email: 'a@b.example' }),
  code: renderCodePage({ issuer: ISSUER, csrf: CSRF, email: 'a@b.example', notice: 'That code is not right' }),
  consent: renderConsentPage({
    issuer: ISSUER,
    csrf: CSRF,
    clientName: 'Acme',
    redirectUri: 'https://acme.example:8443/cb',
    scopes: ['mcp:write', 'mcp:read'],
    email: 'a@b.example',
  }),
  error: renderErrorPage({ message: 'redirect_uri is not registered for this client', error: 'invalid_request' }),
});

const decodeEntities = (s: string) =>
  s.replace(
    /&lt;|&gt;|&quot;|&#39;|&amp;/g,
    (e) => ({ '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' })[e]!,
  );

describe('escapeHtml', () => {
  it('escapes the five characters', () => {
    expect(escapeHtml(HOSTILE)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;y&#39;&gt;&amp;amp;',
    );
  });

  it('never emits a markup character from its input, and is reversible', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = escapeHtml(s);
        expect(out).not.toMatch(/[<>"']/);
        expect(decodeEntities(out)).toBe(s);
      }),
    );
  });
});

describe('pages', () => {
  it('have no script, one hashed style, lang, a title and one heading', () => {
    for (const html of Object.values(pages())) {
      expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(html).not.toMatch(/<script|javascript:|\son[a-z]+=/i);
      expect(html).not.toMatch(/\sstyle=/);
      expect(html.match(/<style>/g)).toHaveLength(1);
      expect(html.match(/<h1>/g)).toHaveLength(1);
      expect(html).toMatch(/<title>[^<]+ · HDS<\/title>/);
      const css = /<style>([^<]*)<\/style>/.exec(html)?.[1];
      expect(css).toBe(PAGE_CSS);
    }
  });

  it('every form posts to the issuer authorize endpoint with csrf and step', () => {
    const { email, code, consent } = pages();
    for (const [html, steps] of [
      [email, ['email']],
      [code, ['code', 'email']],
      [consent, ['consent']],
    ] as const) {
      const forms = html.match(/<form[\s\S]*?<\/form>/g) ?? [];
      expect(forms).toHaveLength(steps.length);
      forms.forEach((form, i) => {
        expect(form).toMatch(/^<form method="post" action="https:\/\/api\.hds\.example\/live\/oauth2\/authorize">/);
        expect(form).toContain(`<input type="hidden" name="step" value="${steps[i]}">`);
        expect(form).toContain(`<input type="hidden" name="csrf" value="${CSRF}">`);
      });
    }
    expect(pages().error).not.toContain('<form');
  });

  it('labels every visible input and marks the code input for one-time codes', () => {
    const { email, code } = pages();
    expect(email).toContain('<label for="email">');
    expect(email).toMatch(/<input id="email" name="email" type="email" autocomplete="email" required/);
    expect(email).toContain('value="a@b.example"');
    expect(code).toContain('<label for="code">');
    expect(code).toMatch(/<input id="code"[^>]* inputmode="numeric" autocomplete="one-time-code"[^>]*>/);
    expect(code).toContain('<strong>a@b.example</strong>');
    expect(code).toContain('<p class="notice" id="notice" role="alert">That code is not right</p>');
    expect(code).toContain('aria-describedby="notice"');
  });

  it('the consent page shows each scope, the redirect host, and Allow/Deny', () => {
    const { consent } = pages();
    expect(consent).toContain(`<li>${escapeHtml(SCOPE_CATALOGUE['mcp:read'].description)}</li>`);
    expect(consent).toContain(`<li>${escapeHtml(SCOPE_CATALOGUE['mcp:write'].description)}</li>`);
    expect(consent).not.toContain(SCOPE_CATALOGUE.console.description);
    expect(consent).toContain('<strong>acme.example:8443</strong>');
    expect(consent).toContain('name="decision" value="allow">Allow</button>');
    expect(consent).toContain('name="decision" value="deny">Deny</button>');
    expect(consent.indexOf('value="allow"')).toBeLessThan(consent.indexOf('value="deny"'));
  });

  it('renders a hostile client name, address, notice and message escaped', () => {
    const consent = renderConsentPage({
      issuer: ISSUER,
      csrf: CSRF,
      clientName: HOSTILE,
      redirectUri: 'com.example.app:/cb',
      scopes: ['mcp:read'],
      email: HOSTILE,
    });
    const email = renderEmailPage({ issuer: ISSUER, csrf: CSRF, clientName: HOSTILE, email: HOSTILE, notice: HOSTILE });
    const code = renderCodePage({ issuer: ISSUER, csrf: `"><script>`, email: HOSTILE });
    const error = renderErrorPage({ title: HOSTILE, message: HOSTILE, error: HOSTILE });
    for (const html of [consent, email, code, error]) {
      expect(html).not.toMatch(/<script|<img|onerror='/);
      expect(html).toContain(escapeHtml(HOSTILE));
    }
    expect(consent).toContain('<strong>com.example.app</strong>');
  });

  it('whatever the client name, it adds no markup to the consent page', () => {
    const tags = (html: string) => html.match(/[<>"]/g)?.length ?? 0;
    const base = { issuer: ISSUER, csrf: CSRF, redirectUri: 'https://acme.example/cb', scopes: ['mcp:read'] as const };
    const plain = tags(renderConsentPage({ ...base, clientName: 'x' }));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (name) => {
        expect(tags(renderConsentPage({ ...base, clientName: name }))).toBe(plain);
      }),
    );
  });
});

describe('headers (design §7.3 step 4)', () => {
  it('the CSP allows exactly the inline style by its hash', () => {
    const hash = createHash('sha256').update(PAGE_CSS).digest('base64');
    expect(contentSecurityPolicy()).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
  });

  it("form-action adds the redirect URI's origin, or its private-use scheme", () => {
    expect(contentSecurityPolicy('https://acme.example:8443/cb?x=1')).toContain(
      "form-action 'self' https://acme.example:8443;",
    );
    expect(contentSecurityPolicy('http://127.0.0.1:8080/cb')).toContain("form-action 'self' http://127.0.0.1:8080;");
    expect(contentSecurityPolicy('com.example.app:/cb')).toContain("form-action 'self' com.example.app:;");
  });

  it('sets the other security headers', () => {
    expect(authorizePageHeaders('https://acme.example/cb')).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': contentSecurityPolicy('https://acme.example/cb'),
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
  });
});

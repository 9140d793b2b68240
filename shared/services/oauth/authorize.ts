import { nowMs } from '../../clock';
import { emailKeyOf } from '../../domain/identity/email-address';
import {
  type AuthorizationParams,
  authorizationClientId,
  authorizationErrorLocation,
  authorizationSuccessLocation,
  validateAuthorizationRequest,
} from '../../domain/oauth/authorization-request';
import type { RegisteredClient } from '../../domain/oauth/client-registration';
import {
  authzCookie,
  issueBrowserBinding,
  originAllowed,
  parseAuthzCookie,
  verifyBrowserValue,
} from '../../domain/oauth/csrf';
import { OAuthError } from '../../domain/oauth/oauth-error';
import { renderCodePage, renderConsentPage, renderEmailPage } from '../../domain/oauth/pages';
import { formatScope, isSubset, parseScope, type Scope } from '../../domain/oauth/scopes';
import { AppError } from '../../errors';
import { addressKey, enforceKeyedLimit } from '../../http/rate-keys';
import type { AuthorizationRequest } from '../../ports/authorization-requests';
import type { Services } from '../container';
import { emailOf, requestLoginCode } from '../sign-in/request-login-code';
import { signInWithCode } from '../sign-in/verify-login-code';
import { findClient } from './clients';

/**
 * What an authorize step answers: a page (its CSP lets forms reach `redirectUri`, since a post may redirect there), or
 * the browser sent back to the client. Refusals that must not go to the client are thrown as `OAuthError`s, which the
 * `oauth-page` envelope shows as a 400 page.
 */
export type AuthorizeOutcome =
  | { kind: 'page'; status: number; html: string; redirectUri: string; setCookie?: string }
  | { kind: 'redirect'; location: string; clearCookie: boolean };

/** Authorize requests (GET and POST) one client address may make per minute (design §6). */
const AUTHORIZE_PER_ADDRESS_PER_MINUTE = 60;

/**
 * `GET /oauth2/authorize` (design §7.3 step 1): the client and the exact redirect URI first, refused on a page, never
 * redirected (no open redirect); every later problem goes back to the client with `error`, `state` and `iss`. A valid
 * request becomes a pending authorization bound to this browser by a cookie secret and to its forms by a csrf token
 * (both stored hashed), and the email form is shown.
 */
export async function startAuthorization(
  svc: Services,
  params: AuthorizationParams,
  sourceIp: string | undefined,
): Promise<AuthorizeOutcome> {
  await limitAuthorize(svc, sourceIp);
  const issuer = svc.config.auth.issuer;
  const clientId = authorizationClientId(params);
  const client = clientId ? await findClient(svc, clientId) : null;
  const validation = validateAuthorizationRequest(params, client, issuer);
  if (validation.kind === 'page-error') throw validation.error;
  if (validation.kind === 'redirect-error')
    return { kind: 'redirect', location: validation.location, clearCookie: false };
  const { request } = validation;
  const binding = issueBrowserBinding();
  const areq = await svc.authorizationRequests.create(
    {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      scope: formatScope(request.scope),
      ...(request.state !== undefined ? { state: request.state } : {}),
      ...(request.codeChallenge !== undefined ? { codeChallenge: request.codeChallenge } : {}),
      ...(request.prompt.length > 0 ? { prompt: request.prompt.join(' ') } : {}),
      browserHash: binding.secretHash,
      csrfHash: binding.csrfHash,
    },
    nowMs(),
  );
  return {
    kind: 'page',
    status: 200,
    html: renderEmailPage({ issuer, csrf: binding.csrf, clientName: client!.clientName }),
    redirectUri: request.redirectUri,
    setCookie: authzCookie(areq.areqId, binding.secret),
  };
}

export interface AuthorizePost {
  form: URLSearchParams;
  headers: Record<string, string>;
  sourceIp: string | undefined;
}

/**
 * `POST /oauth2/authorize` (design §7.3 steps 2–3). Every post proves it comes from the browser that started the
 * authorization (the cookie's secret), from our own form (the csrf field) and from our origin (`Origin`); any failure is
 * a 400 page. Then the step: `email` mails a code (the sign-in service, same 60 s guard and limits), `code` checks it
 * (same 5-try lock) and signs the person in, `consent` answers Allow or Deny. A stored consent covering the request
 * skips the consent page unless the client sent `prompt=consent`.
 */
export async function continueAuthorization(svc: Services, post: AuthorizePost): Promise<AuthorizeOutcome> {
  await limitAuthorize(svc, post.sourceIp);
  const issuer = svc.config.auth.issuer;
  if (!originAllowed(post.headers.origin, issuer, post.headers['sec-fetch-site'])) {
    throw refused('This form was not sent from HDS');
  }
  const cookie = parseAuthzCookie(post.headers.cookie);
  if (!cookie) throw refused('This sign-in has no session in this browser; allow cookies and start again');
  const areq = await svc.authorizationRequests.get(cookie.areqId, nowMs());
  if (!areq) throw refused('This sign-in has expired or was already answered');
  const csrf = post.form.getAll('csrf');
  if (
    !verifyBrowserValue(cookie.secret, areq.browserHash) ||
    csrf.length !== 1 ||
    !verifyBrowserValue(csrf[0], areq.csrfHash)
  ) {
    throw refused('This form does not belong to this sign-in');
  }
  const client = await findClient(svc, areq.clientId);
  if (!client) throw refused('The app that asked for access is no longer registered');
  const ctx: StepContext = { svc, areq, client, csrf: csrf[0]!, issuer, sourceIp: post.sourceIp };
  switch (post.form.get('step')) {
    case 'email':
      return emailStep(ctx, post.form.get('email'));
    case 'code':
      return codeStep(ctx, post.form.get('email'), post.form.get('code'));
    case 'consent':
      return consentStep(ctx, post.form.get('decision'));
    default:
      throw refused('This form has no step HDS knows');
  }
}

interface StepContext {
  svc: Services;
  areq: AuthorizationRequest;
  client: RegisteredClient;
  /** Proven on this post; the next page's forms carry it again. */
  csrf: string;
  issuer: string;
  sourceIp: string | undefined;
}

async function emailStep(ctx: StepContext, rawEmail: string | null): Promise<AuthorizeOutcome> {
  const { svc, areq, client, csrf, issuer } = ctx;
  if (areq.userId !== undefined) throw refused('You are already signed in for this request; go back and continue');
  const emailPage = (status: number, notice: string, email?: string) =>
    page(
      ctx,
      status,
      renderEmailPage({ issuer, csrf, clientName: client.clientName, notice, ...(email ? { email } : {}) }),
    );
  let email: string;
  try {
    email = emailOf(rawEmail);
  } catch {
    return emailPage(400, 'Enter a valid email address.', rawEmail?.slice(0, 254));
  }
  let notice: string | undefined;
  let status = 200;
  try {
    await requestLoginCode(svc, email, ctx.sourceIp);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.kind === 'mail_not_configured') {
      throw new OAuthError('temporarily_unavailable', 'Sign-in by email is not available on this server');
    }
    if (err.kind !== 'rate_limited') throw err;
    // The per-address limiter (it names a limit) is a refusal; the one-code-a-minute guard leaves the last code valid.
    if (err.limit !== undefined) return emailPage(429, err.message, email);
    status = 429;
    notice = `A code was sent to this address less than a minute ago; use it, or ask again in ${err.retryAfterSeconds ?? 60} s.`;
  }
  const emailKey = emailKeyOf(await svc.pepper(), email);
  if (!(await svc.authorizationRequests.rememberEmail(areq.areqId, emailKey, nowMs()))) {
    throw refused('This sign-in has expired or was already answered');
  }
  return page(ctx, status, renderCodePage({ issuer, csrf, email, ...(notice ? { notice } : {}) }));
}

async function codeStep(ctx: StepContext, rawEmail: string | null, code: string | null): Promise<AuthorizeOutcome> {
  const { svc, areq, issuer, csrf } = ctx;
  if (areq.userId !== undefined) throw refused('You are already signed in for this request; go back and continue');
  const email =
    rawEmail === null
      ? null
      : (() => {
          try {
            return emailOf(rawEmail);
          } catch {
            return null;
          }
        })();
  // The address must be the one the code went to for this request: the form cannot switch people mid-way.
  if (!email || !areq.emailKey || emailKeyOf(await svc.pepper(), email) !== areq.emailKey) {
    throw refused('This code form does not match this sign-in; start again');
  }
  let userId: number;
  try {
    ({ userId } = await signInWithCode(svc, { email, code }, ctx.sourceIp));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.kind === 'code_rejected' || err.kind === 'invalid_input') {
      return page(
        ctx,
        400,
        renderCodePage({
          issuer,
          csrf,
          email,
          notice: 'That code is not right, or it has expired. Try again or ask for a new code.',
        }),
      );
    }
    if (err.kind === 'rate_limited')
      return page(ctx, 429, renderCodePage({ issuer, csrf, email, notice: err.message }));
    throw err;
  }
  if (!(await svc.authorizationRequests.attachUser(areq.areqId, userId, nowMs()))) {
    throw refused('This sign-in has expired or was already answered');
  }
  const scopes = parseScope(areq.scope);
  const forced = (areq.prompt ?? '').split(' ').includes('consent');
  const consent = forced ? null : await svc.consents.get(userId, areq.clientId);
  if (consent && isSubset(scopes, consent.scopes as Scope[])) return allow(ctx);
  return page(
    ctx,
    200,
    renderConsentPage({
      issuer,
      csrf,
      clientName: ctx.client.clientName,
      redirectUri: areq.redirectUri,
      scopes,
      email,
    }),
  );
}

async function consentStep(ctx: StepContext, decision: string | null): Promise<AuthorizeOutcome> {
  if (decision === 'allow') return allow(ctx);
  if (decision !== 'deny') throw refused('Choose Allow or Deny');
  const areq = await ctx.svc.authorizationRequests.consume(ctx.areq.areqId, nowMs());
  if (!areq) throw refused('This sign-in has expired or was already answered');
  const denied = new OAuthError('access_denied', 'The user denied access');
  return {
    kind: 'redirect',
    location: authorizationErrorLocation(areq.redirectUri, denied, areq.state, ctx.issuer),
    clearCookie: true,
  };
}

/**
 * Allow (design §7.3 step 2): the pending authorization is consumed once (a replayed or concurrent post gets nothing),
 * the consent remembered, and a single-use code issued for the signed-in user, bound to client, redirect URI and the
 * PKCE challenge; the browser goes back to the client with `code`, `state` and `iss` (RFC 9207).
 */
async function allow(ctx: StepContext): Promise<AuthorizeOutcome> {
  const { svc, issuer } = ctx;
  const areq = await svc.authorizationRequests.consume(ctx.areq.areqId, nowMs());
  if (!areq || areq.userId === undefined) throw refused('This sign-in has expired or was already answered');
  const user = await svc.users.getUser(areq.userId, nowMs());
  if (!user || user.deletedAt !== undefined || user.state !== 'active') {
    throw refused('This account is no longer available');
  }
  const scopes = areq.scope.split(' ').filter(Boolean);
  await svc.consents.grant(user.userId, areq.clientId, scopes, nowMs());
  const { code } = await svc.authorizationCodes.issue(
    {
      clientId: areq.clientId,
      redirectUri: areq.redirectUri,
      userId: user.userId,
      accountId: user.accountId,
      scope: areq.scope,
      ...(areq.codeChallenge !== undefined ? { codeChallenge: areq.codeChallenge } : {}),
    },
    nowMs(),
  );
  return {
    kind: 'redirect',
    location: authorizationSuccessLocation(areq.redirectUri, { code, state: areq.state, issuer }),
    clearCookie: true,
  };
}

function page(ctx: StepContext, status: number, html: string): AuthorizeOutcome {
  return { kind: 'page', status, html, redirectUri: ctx.areq.redirectUri };
}

/** A post that cannot go on and cannot be sent back: the 400 page. */
function refused(message: string): OAuthError {
  return new OAuthError('invalid_request', message);
}

async function limitAuthorize(svc: Services, sourceIp: string | undefined): Promise<void> {
  await enforceKeyedLimit(
    svc,
    addressKey(sourceIp),
    'authorize',
    AUTHORIZE_PER_ADDRESS_PER_MINUTE,
    'authorization requests per minute from this address',
  );
}

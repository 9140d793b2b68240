/**
 * Webhook verification (design §7.1): each provider's signature or endpoint token, compared in constant time,
 * with a freshness window where the provider sends a timestamp. Pure: the secrets and the clock are arguments.
 * The events of a verified body are parsed in `webhook-events.ts` (re-exported here).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { constantTimeEqual } from '../constant-time';

export type { FetchStep } from './fetch-steps';
export type { ProviderEvent, PulseEventJob } from './webhook-events';
export {
  fitbitEvents,
  garminCallbackAllowed,
  garminEvents,
  ouraEvents,
  WebhookBodyError,
  whoopEvents,
  withingsEvents,
} from './webhook-events';

export type VerifyFailure = 'missing' | 'signature' | 'stale' | 'shape';
export type VerifyResult = { ok: true } | { ok: false; reason: VerifyFailure };

/** Request headers as the HTTP layer hands them; looked up case-insensitively. */
export type HeaderBag = Readonly<Record<string, string | undefined>>;

/** Freshness window where none is documented (Oura, WHOOP): `HDS_PULSE_WEBHOOK_TOLERANCE_SECONDS` overrides it. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const HEX = /^(?:[0-9a-fA-F]{2})+$/;
const BASE64_BODY = /^[A-Za-z0-9+/]*$/;
const BASE64URL_BODY = /^[A-Za-z0-9_-]*$/;

/** Hex of either case, even length, nothing else; null otherwise (`Buffer.from(…, 'hex')` stops silently instead). */
export function decodeHex(text: string): Buffer | null {
  return HEX.test(text) ? Buffer.from(text, 'hex') : null;
}

/**
 * Standard base64 with or without its `=` padding; null for any other character, a misplaced or excess `=`, an
 * impossible length, or non-zero unused bits (which `Buffer.from(…, 'base64')` ignores, letting two strings decode
 * to one value).
 */
export function decodeBase64(text: string): Buffer | null {
  return decodeStrict(text, BASE64_BODY, 'base64');
}

/** The URL-safe alphabet (RFC 4648 §5), same rules. */
export function decodeBase64Url(text: string): Buffer | null {
  return decodeStrict(text, BASE64URL_BODY, 'base64url');
}

function decodeStrict(text: string, alphabet: RegExp, encoding: 'base64' | 'base64url'): Buffer | null {
  const body = text.replace(/={1,2}$/, '');
  const padded = body.length !== text.length;
  if (!alphabet.test(body) || body.length === 0 || body.length % 4 === 1) return null;
  if (padded && text.length % 4 !== 0) return null;
  const bytes = Buffer.from(body, encoding);
  return bytes.toString(encoding).replace(/=+$/, '') === body ? bytes : null;
}

/**
 * Whether `presented` (text in `encoding`) is the MAC `expected`, in time that depends only on the lengths: a value
 * that does not decode or has another length still costs one comparison of `expected` with itself before failing.
 */
export function hmacEquals(expected: Buffer, presented: string, encoding: 'hex' | 'base64' | 'base64url'): boolean {
  const decoded =
    encoding === 'hex'
      ? decodeHex(presented)
      : encoding === 'base64'
        ? decodeBase64(presented)
        : decodeBase64Url(presented);
  if (!decoded || decoded.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(expected, decoded);
}

/** A timestamp within `toleranceSeconds` of now, either way (a clock ahead is as suspect as a replay). */
export function withinTolerance(
  timestampMs: number,
  nowMs: number,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): boolean {
  return Math.abs(nowMs - timestampMs) <= toleranceSeconds * 1000;
}

export function header(headers: HeaderBag, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

function mac(algorithm: 'sha256' | 'sha1', key: string | Buffer, ...parts: (string | Buffer)[]): Buffer {
  const hmac = createHmac(algorithm, key);
  for (const part of parts) hmac.update(part);
  return hmac.digest();
}

/** Unsigned decimal digits only; `Number('1e3')` or `' 12'` would otherwise pass. */
function integerText(text: string): number | null {
  return /^\d{1,16}$/.test(text) ? Number(text) : null;
}

export interface TimestampedSecret {
  secret: string;
  nowMs: number;
  toleranceSeconds?: number;
}

/**
 * Oura: `x-oura-signature` = hex(HMAC-SHA256(client_secret, x-oura-timestamp ‖ raw body)), timestamp in Unix
 * seconds. Oura's samples send upper-case hex; one integrator shows a `sha256=` prefix: both accepted.
 */
export function verifyOura(
  raw: Buffer,
  headers: HeaderBag,
  { secret, nowMs, toleranceSeconds }: TimestampedSecret,
): VerifyResult {
  const signature = header(headers, 'x-oura-signature')?.trim();
  const stamp = header(headers, 'x-oura-timestamp')?.trim();
  if (!signature || !stamp) return { ok: false, reason: 'missing' };
  const seconds = integerText(stamp);
  if (seconds === null) return { ok: false, reason: 'shape' };
  const presented = signature.replace(/^sha256=/i, '');
  if (!hmacEquals(mac('sha256', secret, stamp, raw), presented, 'hex')) return { ok: false, reason: 'signature' };
  return withinTolerance(seconds * 1000, nowMs, toleranceSeconds) ? { ok: true } : { ok: false, reason: 'stale' };
}

/**
 * WHOOP: `X-WHOOP-Signature` = base64(HMAC-SHA256(client_secret, X-WHOOP-Signature-Timestamp ‖ raw body)),
 * timestamp in Unix milliseconds.
 */
export function verifyWhoop(
  raw: Buffer,
  headers: HeaderBag,
  { secret, nowMs, toleranceSeconds }: TimestampedSecret,
): VerifyResult {
  const signature = header(headers, 'x-whoop-signature')?.trim();
  const stamp = header(headers, 'x-whoop-signature-timestamp')?.trim();
  if (!signature || !stamp) return { ok: false, reason: 'missing' };
  const ms = integerText(stamp);
  if (ms === null) return { ok: false, reason: 'shape' };
  if (!hmacEquals(mac('sha256', secret, stamp, raw), signature, 'base64')) return { ok: false, reason: 'signature' };
  return withinTolerance(ms, nowMs, toleranceSeconds) ? { ok: true } : { ok: false, reason: 'stale' };
}

/**
 * Fitbit: `X-Fitbit-Signature` = base64(HMAC-SHA1(client_secret + "&", raw body)). No timestamp is sent; replays are
 * the ledger's concern (§7.3).
 */
export function verifyFitbit(raw: Buffer, headers: HeaderBag, secret: string): VerifyResult {
  const signature = header(headers, 'x-fitbit-signature')?.trim();
  if (!signature) return { ok: false, reason: 'missing' };
  return hmacEquals(mac('sha1', `${secret}&`, raw), signature, 'base64')
    ? { ok: true }
    : { ok: false, reason: 'signature' };
}

/**
 * Withings signs no notification, so each link's subscription URL carries `t` = base64url(HMAC-SHA256(webhook key,
 * "withings|" + linkId)); the handler finds the link by the body's `userid` and checks `t` against it.
 */
export function withingsLinkToken(webhookKey: string | Buffer, linkId: string): string {
  return mac('sha256', webhookKey, `withings|${linkId}`).toString('base64url');
}

export function verifyWithingsLinkToken(
  presented: string | null | undefined,
  webhookKey: string | Buffer,
  linkId: string,
): VerifyResult {
  if (!presented) return { ok: false, reason: 'missing' };
  const expected = mac('sha256', webhookKey, `withings|${linkId}`);
  return hmacEquals(expected, presented, 'base64url') ? { ok: true } : { ok: false, reason: 'signature' };
}

/** Garmin signs nothing either: the configured endpoint URL carries the app's token `t`. */
export function verifyGarminEndpointToken(presented: string | null | undefined, configured: string): VerifyResult {
  if (!presented) return { ok: false, reason: 'missing' };
  return constantTimeEqual(configured, presented) ? { ok: true } : { ok: false, reason: 'signature' };
}

/**
 * Oura's subscription check (§7.2): `GET …?verification_token=…&challenge=…` is answered `{challenge}` when the
 * token is the configured one; null means 401.
 */
export function ouraChallenge(query: URLSearchParams, verificationToken: string): { challenge: string } | null {
  const token = query.get('verification_token');
  const challenge = query.get('challenge');
  if (token === null || challenge === null || challenge === '') return null;
  return constantTimeEqual(verificationToken, token) ? { challenge } : null;
}

/** Fitbit's subscriber check (§7.2): `GET …?verify=<code>` → 204 for the configured code, 404 for any other. */
export function fitbitVerifyStatus(query: URLSearchParams, verifyCode: string): 204 | 404 {
  const presented = query.get('verify');
  return presented !== null && constantTimeEqual(verifyCode, presented) ? 204 : 404;
}

import { describe, expect, it } from 'vitest';
import {
  decodeBase64,
  decodeBase64Url,
  decodeHex,
  fitbitVerifyStatus,
  type HeaderBag,
  ouraChallenge,
  verifyFitbit,
  verifyGarminEndpointToken,
  verifyOura,
  verifyWhoop,
  verifyWithingsLinkToken,
  withingsLinkToken,
  withinTolerance,
} from '../../../shared/domain/pulse/signatures';
import { fixtureBytes } from './fixtures';

// Vectors computed outside this code with `openssl dgst -hmac` over the fixture bytes (each provider folder's SOURCE.md).
const OURA = {
  secret: 'oura-fixture-client-secret',
  timestamp: '1795590000',
  signature: '9f4f9b9a2b9a19e79d46fe638954f201115df86b9decb16ff1aefb052362ed67',
};
const WHOOP = {
  secret: 'whoop-fixture-client-secret',
  timestamp: '1795590000123',
  signature: 'VKB+xuI3Xs1AaATjNxNnBo/Zn12vCH/3owf3GujxDfM=',
};
const FITBIT = { secret: 'fitbit-fixture-client-secret', signature: 'hZqIU2uCXr74phxWBIWOnALgTPI=' };
const WITHINGS = {
  key: 'withings-fixture-webhook-key',
  linkId: 'link-2f9c',
  token: 'oe0-7rvbTjBSTfFrxKZ8iEfeau-sUHZ0cKikiK0JARE',
};

function flipped(bytes: Buffer, at: number): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = (copy[at] as number) ^ 0x01;
  return copy;
}

describe('strict decoding', () => {
  it('hex: either case, even length, nothing else', () => {
    expect(decodeHex('0aFf')).toEqual(Buffer.from([0x0a, 0xff]));
    for (const bad of ['', 'abc', '0g', ' 0a', '0a ', '0x0a']) expect(decodeHex(bad), bad).toBeNull();
  });

  it('base64: padded or unpadded, refusing stray characters, excess padding and non-canonical bits', () => {
    expect(decodeBase64('aGk=')).toEqual(Buffer.from('hi'));
    expect(decodeBase64('aGk')).toEqual(Buffer.from('hi'));
    expect(decodeBase64('aGk==')).toBeNull();
    expect(decodeBase64('aGl=')).toBeNull(); // same bytes as aGk= under a lenient decoder
    expect(decodeBase64('a')).toBeNull();
    expect(decodeBase64('aG=k')).toBeNull();
    expect(decodeBase64('aG-k')).toBeNull();
    expect(decodeBase64('')).toBeNull();
    expect(decodeBase64Url('_-8')).toEqual(Buffer.from([0xff, 0xef]));
    expect(decodeBase64Url('/+8')).toBeNull();
  });
});

describe('Oura: hex HMAC-SHA256(client_secret, timestamp ‖ body), 300 s either way', () => {
  const body = fixtureBytes('oura', 'webhook-sleep-update.json');
  const now = Number(OURA.timestamp) * 1000;
  const headers = (signature: string, timestamp = OURA.timestamp): HeaderBag => ({
    'x-oura-signature': signature,
    'x-oura-timestamp': timestamp,
  });
  const verify = (h: HeaderBag, raw = body, secret = OURA.secret, nowMs = now) => verifyOura(raw, h, { secret, nowMs });

  it('accepts the signature in lower case, upper case, with a sha256= prefix, under any header case', () => {
    expect(verify(headers(OURA.signature))).toEqual({ ok: true });
    expect(verify(headers(OURA.signature.toUpperCase()))).toEqual({ ok: true });
    expect(verify(headers(`sha256=${OURA.signature}`))).toEqual({ ok: true });
    expect(verify({ 'X-Oura-Signature': OURA.signature, 'X-Oura-Timestamp': OURA.timestamp })).toEqual({ ok: true });
  });

  it('refuses a wrong secret, a flipped body byte, a truncated or non-hex signature, another timestamp', () => {
    const refused = { ok: false, reason: 'signature' };
    expect(verify(headers(OURA.signature), body, 'another-secret')).toEqual(refused);
    expect(verify(headers(OURA.signature), flipped(body, 10))).toEqual(refused);
    expect(verify(headers(OURA.signature.slice(0, -2)))).toEqual(refused);
    expect(verify(headers(`${OURA.signature.slice(0, -1)}g`))).toEqual(refused);
    expect(verify(headers(OURA.signature, String(Number(OURA.timestamp) + 1)))).toEqual(refused);
  });

  it('refuses missing headers and a timestamp that is not Unix seconds', () => {
    expect(verify({ 'x-oura-timestamp': OURA.timestamp })).toEqual({ ok: false, reason: 'missing' });
    expect(verify({ 'x-oura-signature': OURA.signature })).toEqual({ ok: false, reason: 'missing' });
    expect(verify(headers(OURA.signature, '1.7e9'))).toEqual({ ok: false, reason: 'shape' });
  });

  it('refuses a genuine signature 301 s old or 301 s ahead; 300 s passes', () => {
    expect(verify(headers(OURA.signature), body, OURA.secret, now + 301_000)).toEqual({ ok: false, reason: 'stale' });
    expect(verify(headers(OURA.signature), body, OURA.secret, now - 301_000)).toEqual({ ok: false, reason: 'stale' });
    expect(verify(headers(OURA.signature), body, OURA.secret, now + 300_000)).toEqual({ ok: true });
    expect(withinTolerance(0, 60_001, 60)).toBe(false);
  });
});

describe('WHOOP: base64 HMAC-SHA256(client_secret, ms timestamp ‖ body), 300 s either way', () => {
  const body = fixtureBytes('whoop', 'webhook-sleep-updated.json');
  const now = Number(WHOOP.timestamp);
  const verify = (signature: string, raw = body, secret = WHOOP.secret, nowMs = now, timestamp = WHOOP.timestamp) =>
    verifyWhoop(raw, { 'X-WHOOP-Signature': signature, 'X-WHOOP-Signature-Timestamp': timestamp }, { secret, nowMs });

  it('accepts the signature padded and unpadded', () => {
    expect(verify(WHOOP.signature)).toEqual({ ok: true });
    expect(verify(WHOOP.signature.replace(/=+$/, ''))).toEqual({ ok: true });
  });

  it('refuses a wrong secret, a flipped byte, bad padding, hex of the same MAC, and stale times', () => {
    expect(verify(WHOOP.signature, body, 'another-secret')).toEqual({ ok: false, reason: 'signature' });
    expect(verify(WHOOP.signature, flipped(body, 3))).toEqual({ ok: false, reason: 'signature' });
    expect(verify(`${WHOOP.signature}=`)).toEqual({ ok: false, reason: 'signature' });
    expect(verify(Buffer.from(WHOOP.signature, 'base64').toString('hex'))).toEqual({ ok: false, reason: 'signature' });
    expect(verify(WHOOP.signature, body, WHOOP.secret, now + 301_000)).toEqual({ ok: false, reason: 'stale' });
    expect(verify(WHOOP.signature, body, WHOOP.secret, now - 301_000)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyWhoop(body, { 'X-WHOOP-Signature': WHOOP.signature }, { secret: WHOOP.secret, nowMs: now })).toEqual({
      ok: false,
      reason: 'missing',
    });
  });
});

describe('Fitbit: base64 HMAC-SHA1(client_secret + "&", body)', () => {
  const body = fixtureBytes('fitbit', 'webhook-sleep.json');
  it('accepts the documented formula and nothing near it', () => {
    expect(verifyFitbit(body, { 'x-fitbit-signature': FITBIT.signature }, FITBIT.secret)).toEqual({ ok: true });
    expect(verifyFitbit(body, { 'x-fitbit-signature': FITBIT.signature.slice(0, -1) }, FITBIT.secret)).toEqual({
      ok: true,
    });
    expect(verifyFitbit(flipped(body, 5), { 'x-fitbit-signature': FITBIT.signature }, FITBIT.secret)).toEqual({
      ok: false,
      reason: 'signature',
    });
    // Without the "&" the key differs: the signature must not verify.
    expect(verifyFitbit(body, { 'x-fitbit-signature': FITBIT.signature }, `${FITBIT.secret}&`)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyFitbit(body, {}, FITBIT.secret)).toEqual({ ok: false, reason: 'missing' });
  });
});

describe('Withings per-link token and Garmin endpoint token', () => {
  it('Withings t = base64url(HMAC-SHA256(webhook key, "withings|" + linkId))', () => {
    expect(withingsLinkToken(WITHINGS.key, WITHINGS.linkId)).toBe(WITHINGS.token);
    expect(verifyWithingsLinkToken(WITHINGS.token, WITHINGS.key, WITHINGS.linkId)).toEqual({ ok: true });
    expect(verifyWithingsLinkToken(WITHINGS.token, WITHINGS.key, 'link-other')).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyWithingsLinkToken(WITHINGS.token, 'another-key', WITHINGS.linkId)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyWithingsLinkToken(`${WITHINGS.token}==`, WITHINGS.key, WITHINGS.linkId)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyWithingsLinkToken(undefined, WITHINGS.key, WITHINGS.linkId)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyWithingsLinkToken('', WITHINGS.key, WITHINGS.linkId)).toEqual({ ok: false, reason: 'missing' });
  });

  it('Garmin t equals the configured token exactly', () => {
    expect(verifyGarminEndpointToken('garmin-endpoint-token', 'garmin-endpoint-token')).toEqual({ ok: true });
    expect(verifyGarminEndpointToken('garmin-endpoint-toke', 'garmin-endpoint-token')).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyGarminEndpointToken('GARMIN-endpoint-token', 'garmin-endpoint-token')).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyGarminEndpointToken(null, 'garmin-endpoint-token')).toEqual({ ok: false, reason: 'missing' });
  });
});

describe('handshakes on the webhook path (§7.2)', () => {
  it('Oura challenge: echoed only for the configured verification token', () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(ouraChallenge(q('verification_token=oura-verify&challenge=c-123'), 'oura-verify')).toEqual({
      challenge: 'c-123',
    });
    expect(ouraChallenge(q('verification_token=other&challenge=c-123'), 'oura-verify')).toBeNull();
    expect(ouraChallenge(q('challenge=c-123'), 'oura-verify')).toBeNull();
    expect(ouraChallenge(q('verification_token=oura-verify'), 'oura-verify')).toBeNull();
  });

  it('Fitbit verify: 204 for the configured code, 404 for a wrong or missing one', () => {
    expect(fitbitVerifyStatus(new URLSearchParams('verify=fitbit-code'), 'fitbit-code')).toBe(204);
    expect(fitbitVerifyStatus(new URLSearchParams('verify=wrong'), 'fitbit-code')).toBe(404);
    expect(fitbitVerifyStatus(new URLSearchParams(''), 'fitbit-code')).toBe(404);
  });
});

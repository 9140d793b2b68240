import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KMSClient } from '@aws-sdk/client-kms';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeyTokenSigner } from '../../../shared/adapters/tokens/file-key-signer';
import { KmsTokenSigner } from '../../../shared/adapters/tokens/kms-token-signer';
import { ACCESS_TOKEN_SECONDS, issueAccessToken } from '../../../shared/domain/tokens/jwt';
import { accessTokenVerifier } from '../../../shared/http/token-verifier';
import type { TokenSigner } from '../../../shared/ports/token-signer';
import { startTestKms, type TestKms } from '../../support/kms-server';

const ISSUER = 'https://api.hds.example';
const NOW = Math.floor(Date.UTC(2026, 10, 25) / 1000);
const claims = {
  issuer: ISSUER,
  userId: 4_812_774_091,
  clientId: 'hds-console',
  scopes: ['console'],
  grantId: 'g_1',
  nowSeconds: NOW,
};

let dir: string;
let kms: TestKms;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hds-keys-'));
  kms = await startTestKms();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await kms?.stop();
});

/** What every signer must give: a token a third-party library verifies against the published key, and ours too. */
async function holdsForSigner(signer: TokenSigner): Promise<void> {
  const token = await issueAccessToken(signer, claims);
  const jwk = await signer.publicJwk();
  const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet({ keys: [jwk] }), {
    issuer: ISSUER,
    audience: ISSUER,
    typ: 'at+jwt',
    currentDate: new Date((NOW + 60) * 1000),
  });
  expect(protectedHeader).toEqual({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid });
  expect(payload).toMatchObject({ sub: '4812774091', client_id: 'hds-console', scope: 'console', fid: 'g_1' });
  expect(payload.exp).toBe(NOW + ACCESS_TOKEN_SECONDS);

  const verify = accessTokenVerifier(ISSUER, [jwk]);
  // aws-jwt-verify checks expiry against the real clock: a token issued now is valid, one issued 31 days ago is not.
  const fresh = await issueAccessToken(signer, { ...claims, nowSeconds: Math.floor(Date.now() / 1000) });
  expect(verify(fresh)).toMatchObject({
    userId: 4_812_774_091,
    clientId: 'hds-console',
    scopes: ['console'],
    grantId: 'g_1',
  });
  const expired = await issueAccessToken(signer, {
    ...claims,
    nowSeconds: Math.floor(Date.now() / 1000) - ACCESS_TOKEN_SECONDS - 60,
  });
  expect(verify(expired)).toBeNull();
  const [h, p, s] = fresh.split('.');
  const tampered = JSON.parse(Buffer.from(p!, 'base64url').toString());
  tampered.sub = '1';
  expect(verify(`${h}.${Buffer.from(JSON.stringify(tampered)).toString('base64url')}.${s}`)).toBeNull();
  expect(accessTokenVerifier('https://other.example', [jwk])(fresh)).toBeNull();
  const idTokenHeader = Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: jwk.kid })).toString('base64url');
  const input = `${idTokenHeader}.${p}`;
  expect(verify(`${input}.${(await signer.sign(Buffer.from(input))).toString('base64url')}`)).toBeNull();
}

describe('access tokens', () => {
  it('the local key file signs RS256 tokens, is private, and survives a restart with the same kid', async () => {
    const path = join(dir, 'keys', 'token-signing.jwk.json');
    const signer = new FileKeyTokenSigner(path);
    await holdsForSigner(signer);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await new FileKeyTokenSigner(path).publicJwk()).kid).toBe((await signer.publicJwk()).kid);
  });

  it('a KMS key signs a SHA-256 digest whose PKCS#1 signature is the RS256 signature', async () => {
    const client = new KMSClient({
      endpoint: kms.endpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      maxAttempts: 1,
    });
    await holdsForSigner(new KmsTokenSigner(client, kms.keyId));
    const signs = kms.calls.filter((c) => c.target === 'TrentService.Sign');
    expect(signs.length).toBeGreaterThan(0);
    expect(
      signs.every((c) => c.body.MessageType === 'DIGEST' && c.body.SigningAlgorithm === 'RSASSA_PKCS1_V1_5_SHA_256'),
    ).toBe(true);
    expect(kms.calls.filter((c) => c.target === 'TrentService.GetPublicKey')).toHaveLength(1);
  });
});

import { createHash, randomUUID } from 'node:crypto';
import type { PublicJwk, TokenSigner } from '../../ports/token-signer';

/** Access tokens live 30 days (`expires_in: 2592000`). */
export const ACCESS_TOKEN_SECONDS = 30 * 24 * 3600;

export interface AccessTokenClaims {
  issuer: string;
  /** The user id (`sub`), a number written as a string as JWT wants. */
  userId: number;
  clientId: string;
  scopes: readonly string[];
  /** The grant (refresh-token family) the token belongs to: revoking it revokes the token. */
  grantId: string;
  nowSeconds: number;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** The RFC 7638 thumbprint of an RSA key (`{"e","kty","n"}` hashed), its `kid`. */
export function rsaThumbprint(jwk: Pick<PublicJwk, 'e' | 'n'>): string {
  return createHash('sha256')
    .update(JSON.stringify({ e: jwk.e, kty: 'RSA', n: jwk.n }))
    .digest('base64url');
}

/** An access token (RFC 9068 `at+jwt`), signed by the signer: `aud` is the issuer itself. */
export async function issueAccessToken(signer: TokenSigner, claims: AccessTokenClaims): Promise<string> {
  const { kid } = await signer.publicJwk();
  const header = { alg: 'RS256', typ: 'at+jwt', kid };
  const payload = {
    iss: claims.issuer,
    aud: claims.issuer,
    sub: String(claims.userId),
    iat: claims.nowSeconds,
    exp: claims.nowSeconds + ACCESS_TOKEN_SECONDS,
    jti: randomUUID(),
    client_id: claims.clientId,
    scope: claims.scopes.join(' '),
    fid: claims.grantId,
  };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  const signature = await signer.sign(Buffer.from(input));
  return `${input}.${base64url(signature)}`;
}

import { JwtVerifier } from 'aws-jwt-verify';
import type { PublicJwk } from '../ports/token-signer';

export interface VerifiedAccessToken {
  userId: number;
  clientId: string;
  scopes: string[];
  grantId: string;
  tokenId: string;
  expiresAt: number;
}

/**
 * Verifies HDS access tokens with `aws-jwt-verify` against a JWKS handed in at start (read from HDS's own store, never
 * fetched per request): signature, `iss`, `aud` = issuer, expiry, `typ: at+jwt`. Returns null for any token that
 * fails, so the caller answers one 401 whatever the reason.
 */
export function accessTokenVerifier(issuer: string, keys: readonly PublicJwk[]) {
  const verifier = JwtVerifier.create({
    issuer,
    audience: issuer,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    customJwtCheck: ({ header }) => {
      if (header.typ !== 'at+jwt') throw new Error('not an access token');
    },
  });
  verifier.cacheJwks({ keys: keys.map((k) => ({ ...k })) });
  return (token: string): VerifiedAccessToken | null => {
    try {
      const payload = verifier.verifySync(token);
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || typeof payload.fid !== 'string' || typeof payload.jti !== 'string') {
        return null;
      }
      return {
        userId,
        clientId: String(payload.client_id ?? ''),
        scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
        grantId: payload.fid,
        tokenId: payload.jti,
        expiresAt: Number(payload.exp),
      };
    } catch {
      return null;
    }
  };
}

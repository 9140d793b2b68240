/** An RSA public key as a JWKS publishes it. */
export interface PublicJwk {
  kty: 'RSA';
  n: string;
  e: string;
  kid: string;
  alg: 'RS256';
  use: 'sig';
}

/**
 * Signs access tokens (RS256) with a key that never leaves its store: a KMS key in the cloud, a key file in the data
 * folder locally. `sign` takes the JWS signing input and returns the RSASSA-PKCS1-v1_5 SHA-256 signature.
 */
export interface TokenSigner {
  publicJwk(): Promise<PublicJwk>;
  sign(signingInput: Buffer): Promise<Buffer>;
}

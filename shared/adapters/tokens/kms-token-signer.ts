import { createHash, createPublicKey } from 'node:crypto';
import { GetPublicKeyCommand, type KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { rsaThumbprint } from '../../domain/tokens/jwt';
import type { PublicJwk, TokenSigner } from '../../ports/token-signer';

const ALGORITHM = 'RSASSA_PKCS1_V1_5_SHA_256';

/**
 * The cloud signer: an RSA_2048 SIGN_VERIFY KMS key whose private half never leaves KMS. The SHA-256 digest is taken
 * here and sent as `MessageType: DIGEST` (RAW caps at 4,096 bytes); KMS's PKCS#1 v1.5 signature is the JWS RS256
 * signature byte for byte. The public key is read once per process.
 */
export class KmsTokenSigner implements TokenSigner {
  private jwk: Promise<PublicJwk> | null = null;

  constructor(
    private readonly kms: KMSClient,
    private readonly keyId: string,
  ) {}

  publicJwk(): Promise<PublicJwk> {
    this.jwk ??= this.readPublicKey();
    this.jwk.catch(() => {
      this.jwk = null;
    });
    return this.jwk;
  }

  async sign(signingInput: Buffer): Promise<Buffer> {
    const out = await this.kms.send(
      new SignCommand({
        KeyId: this.keyId,
        Message: createHash('sha256').update(signingInput).digest(),
        MessageType: 'DIGEST',
        SigningAlgorithm: ALGORITHM,
      }),
    );
    if (!out.Signature) throw new Error('KMS Sign returned no signature');
    return Buffer.from(out.Signature);
  }

  private async readPublicKey(): Promise<PublicJwk> {
    const out = await this.kms.send(new GetPublicKeyCommand({ KeyId: this.keyId }));
    if (!out.PublicKey) throw new Error('KMS GetPublicKey returned no key');
    const { n, e } = createPublicKey({ key: Buffer.from(out.PublicKey), format: 'der', type: 'spki' }).export({
      format: 'jwk',
    }) as { n: string; e: string };
    return { kty: 'RSA', n, e, kid: rsaThumbprint({ n, e }), alg: 'RS256', use: 'sig' };
  }
}

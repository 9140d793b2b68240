import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { rsaThumbprint } from '../../domain/tokens/jwt';
import type { PublicJwk, TokenSigner } from '../../ports/token-signer';

/**
 * The local signer: an RSA-2048 key generated once into the data folder (`keys/token-signing.jwk.json`, 0600, a
 * private JWK) and read on every later start, so tokens survive restarts. Written whole (temp name, then rename).
 */
export class FileKeyTokenSigner implements TokenSigner {
  private key: Promise<{ privateKey: KeyObject; jwk: PublicJwk }> | null = null;

  constructor(private readonly path: string) {}

  publicJwk(): Promise<PublicJwk> {
    return this.load().then((k) => k.jwk);
  }

  async sign(signingInput: Buffer): Promise<Buffer> {
    const { privateKey } = await this.load();
    return sign('sha256', signingInput, privateKey);
  }

  private load() {
    this.key ??= this.readOrCreate();
    return this.key;
  }

  private async readOrCreate(): Promise<{ privateKey: KeyObject; jwk: PublicJwk }> {
    let privateKey: KeyObject;
    try {
      privateKey = createPrivateKey({ key: JSON.parse(await readFile(this.path, 'utf8')), format: 'jwk' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      const partial = `${this.path}.partial`;
      await writeFile(partial, JSON.stringify(privateKey.export({ format: 'jwk' })), { mode: 0o600 });
      await rename(partial, this.path);
    }
    const { n, e } = createPublicKey(privateKey).export({ format: 'jwk' }) as { n: string; e: string };
    return { privateKey, jwk: { kty: 'RSA', n, e, kid: rsaThumbprint({ n, e }), alg: 'RS256', use: 'sig' } };
  }
}

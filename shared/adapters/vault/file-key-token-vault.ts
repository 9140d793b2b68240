import { randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SealedSecret, TokenVault, VaultContext } from '../../ports/token-vault';
import { canonicalContext, expectKek, gcmOpen, gcmSeal, openPayload, sealPayload } from './envelope';

const KEY_BYTES = 32;

/**
 * The local vault: a 32-byte key-encryption key generated on first use at `path` (0600) and read on every later
 * start; each secret's data key is AES-256-GCM-wrapped under it with the context as AAD. `wrappedKey` is iv‖tag‖key.
 */
export class FileKeyTokenVault implements TokenVault {
  private kek: Promise<Buffer> | null = null;

  constructor(private readonly path: string) {}

  async seal(plaintext: Uint8Array, context: VaultContext): Promise<SealedSecret> {
    const kek = await this.load();
    const dataKey = randomBytes(KEY_BYTES);
    try {
      const wrapped = gcmSeal(kek, dataKey, canonicalContext(context));
      return sealPayload(
        'file',
        dataKey,
        Buffer.concat([wrapped.iv, wrapped.tag, wrapped.ciphertext]),
        plaintext,
        context,
      );
    } finally {
      dataKey.fill(0);
    }
  }

  async open(sealed: SealedSecret, context: VaultContext): Promise<Uint8Array> {
    expectKek(sealed, 'file');
    const kek = await this.load();
    const wrapped = Buffer.from(sealed.wrappedKey, 'base64');
    const dataKey = gcmOpen(
      kek,
      { iv: wrapped.subarray(0, 12), tag: wrapped.subarray(12, 28), ciphertext: wrapped.subarray(28) },
      canonicalContext(context),
    );
    try {
      return openPayload(dataKey, sealed, context);
    } finally {
      dataKey.fill(0);
    }
  }

  private load(): Promise<Buffer> {
    this.kek ??= this.readOrCreate();
    this.kek.catch(() => {
      this.kek = null;
    });
    return this.kek;
  }

  /**
   * Written whole under a unique temp name, as FileKeyTokenSigner does, but published with `link` rather than
   * `rename`: `link` never replaces an existing file, so when two processes race on first use the loser reads the
   * winner's key instead of overwriting it and orphaning secrets the winner already sealed.
   */
  private async readOrCreate(): Promise<Buffer> {
    try {
      return checked(await readFile(this.path));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
    const partial = `${this.path}.${randomUUID()}.partial`;
    await writeFile(partial, randomBytes(KEY_BYTES), { mode: 0o600 });
    try {
      await link(partial, this.path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      await unlink(partial);
    }
    return checked(await readFile(this.path));
  }
}

function checked(key: Buffer): Buffer {
  if (key.length !== KEY_BYTES) throw new Error(`token vault key file must hold ${KEY_BYTES} bytes`);
  return key;
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SealedSecret, VaultContext } from '../../ports/token-vault';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The context as AAD: keys sorted, so the same context always authenticates the same bytes. */
export function canonicalContext(context: VaultContext): Buffer {
  const sorted = Object.fromEntries(Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return Buffer.from(JSON.stringify(sorted), 'utf8');
}

/** The context as KMS's EncryptionContext (a string map), which KMS binds into its CiphertextBlob. */
export function encryptionContext(context: VaultContext): Record<string, string> {
  return { purpose: context.purpose, subjectId: context.subjectId, provider: context.provider };
}

export interface GcmBox {
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

export function gcmSeal(key: Uint8Array, plaintext: Uint8Array, aad: Buffer): GcmBox {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES }).setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

/** Throws on a wrong key, AAD, IV or tag. The tag length is pinned: GCM would otherwise accept a truncated tag. */
export function gcmOpen(key: Uint8Array, box: GcmBox, aad: Buffer): Buffer {
  if (box.iv.length !== IV_BYTES || box.tag.length !== TAG_BYTES) throw new Error('sealed secret is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, box.iv, { authTagLength: TAG_BYTES }).setAAD(aad);
  decipher.setAuthTag(box.tag);
  return Buffer.concat([decipher.update(box.ciphertext), decipher.final()]);
}

/** Encrypts the payload under a data key the caller made and will zero; `wrappedKey` is the caller's wrapping. */
export function sealPayload(
  kek: SealedSecret['kek'],
  dataKey: Uint8Array,
  wrappedKey: Uint8Array,
  plaintext: Uint8Array,
  context: VaultContext,
): SealedSecret {
  const box = gcmSeal(dataKey, plaintext, canonicalContext(context));
  return {
    v: 1,
    kek,
    wrappedKey: Buffer.from(wrappedKey).toString('base64'),
    iv: box.iv.toString('base64'),
    tag: box.tag.toString('base64'),
    ciphertext: box.ciphertext.toString('base64'),
  };
}

export function openPayload(dataKey: Uint8Array, sealed: SealedSecret, context: VaultContext): Uint8Array {
  return gcmOpen(
    dataKey,
    {
      iv: Buffer.from(sealed.iv, 'base64'),
      tag: Buffer.from(sealed.tag, 'base64'),
      ciphertext: Buffer.from(sealed.ciphertext, 'base64'),
    },
    canonicalContext(context),
  );
}

/** Refuses a blob of another version or sealed by the other kind of vault before any key is unwrapped. */
export function expectKek(sealed: SealedSecret, kek: SealedSecret['kek']): void {
  if (sealed.v !== 1 || sealed.kek !== kek) throw new Error(`sealed secret is not a v1 '${kek}' secret`);
}

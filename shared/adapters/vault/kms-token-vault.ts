import { DecryptCommand, GenerateDataKeyCommand, type KMSClient } from '@aws-sdk/client-kms';
import type { SealedSecret, TokenVault, VaultContext } from '../../ports/token-vault';
import { encryptionContext, expectKek, openPayload, sealPayload } from './envelope';

/**
 * The cloud vault: each secret gets a data key from `GenerateDataKey` on a symmetric KMS key, with the context as
 * EncryptionContext, so both KMS (on `Decrypt`) and the GCM AAD refuse a blob moved to another Subject or provider,
 * and IAM can condition `Decrypt` on the purpose. The plaintext data key is used once and zeroed; nothing is cached.
 */
export class KmsTokenVault implements TokenVault {
  constructor(
    private readonly kms: KMSClient,
    private readonly keyId: string,
  ) {}

  async seal(plaintext: Uint8Array, context: VaultContext): Promise<SealedSecret> {
    const out = await this.kms.send(
      new GenerateDataKeyCommand({
        KeyId: this.keyId,
        KeySpec: 'AES_256',
        EncryptionContext: encryptionContext(context),
      }),
    );
    if (!out.Plaintext || !out.CiphertextBlob) throw new Error('KMS GenerateDataKey returned no key');
    try {
      return sealPayload('kms', out.Plaintext, out.CiphertextBlob, plaintext, context);
    } finally {
      out.Plaintext.fill(0);
    }
  }

  async open(sealed: SealedSecret, context: VaultContext): Promise<Uint8Array> {
    expectKek(sealed, 'kms');
    const out = await this.kms.send(
      new DecryptCommand({
        KeyId: this.keyId,
        CiphertextBlob: Buffer.from(sealed.wrappedKey, 'base64'),
        EncryptionContext: encryptionContext(context),
      }),
    );
    if (!out.Plaintext) throw new Error('KMS Decrypt returned no key');
    try {
      return openPayload(out.Plaintext, sealed, context);
    } finally {
      out.Plaintext.fill(0);
    }
  }
}

import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KMSClient } from '@aws-sdk/client-kms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileKeyTokenVault } from '../../../shared/adapters/vault/file-key-token-vault';
import { KmsTokenVault } from '../../../shared/adapters/vault/kms-token-vault';
import type { SealedSecret, TokenVault, VaultContext } from '../../../shared/ports/token-vault';
import { startTestKms, type TestKms } from '../../support/kms-server';

const context: VaultContext = { purpose: 'pulse-token', subjectId: 'sub_7Q2', provider: 'oura' };
const tokens = new TextEncoder().encode(JSON.stringify({ access_token: 'at-1', refresh_token: 'rt-1' }));

let dir: string;
let kms: TestKms;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hds-vault-'));
  kms = await startTestKms();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await kms?.stop();
});

function kmsClient(): KMSClient {
  return new KMSClient({
    endpoint: kms.endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    maxAttempts: 1,
  });
}

/** The same blob with one byte of one base64 field flipped. */
function flipped(sealed: SealedSecret, field: 'ciphertext' | 'tag' | 'wrappedKey' | 'iv'): SealedSecret {
  const bytes = Buffer.from(sealed[field], 'base64');
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0x01;
  return { ...sealed, [field]: bytes.toString('base64') };
}

const vaults: [string, () => TokenVault][] = [
  ['FileKeyTokenVault', () => new FileKeyTokenVault(join(dir, 'shared', 'keys', 'pulse-token.key'))],
  ['KmsTokenVault', () => new KmsTokenVault(kmsClient(), kms.symmetricKeyId)],
];

describe.each(vaults)('%s', (_name, makeVault) => {
  it('opens what it sealed, and a fresh data key makes two seals of one plaintext differ', async () => {
    const vault = makeVault();
    const a = await vault.seal(tokens, context);
    const b = await vault.seal(tokens, context);
    expect(a.v).toBe(1);
    expect(Buffer.from(await vault.open(a, context))).toEqual(Buffer.from(tokens));
    expect(Buffer.from(await vault.open(b, context))).toEqual(Buffer.from(tokens));
    expect(a.wrappedKey).not.toBe(b.wrappedKey);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(JSON.stringify(a)).not.toContain('at-1');
  });

  it.each([
    ['subject', { ...context, subjectId: 'sub_other' }],
    ['provider', { ...context, provider: 'withings' }],
    ['purpose', { ...context, purpose: 'pulse-link-attempt' as const }],
  ])('refuses to open under another %s', async (_field, other) => {
    const vault = makeVault();
    const sealed = await vault.seal(tokens, context);
    await expect(vault.open(sealed, other)).rejects.toThrow();
  });

  it.each(['ciphertext', 'tag', 'wrappedKey', 'iv'] as const)(
    'refuses a blob with a flipped byte in %s',
    async (field) => {
      const vault = makeVault();
      const sealed = await vault.seal(tokens, context);
      await expect(vault.open(flipped(sealed, field), context)).rejects.toThrow();
    },
  );

  it('refuses a truncated tag rather than checking fewer bytes', async () => {
    const vault = makeVault();
    const sealed = await vault.seal(tokens, context);
    const short = Buffer.from(sealed.tag, 'base64').subarray(0, 4).toString('base64');
    await expect(vault.open({ ...sealed, tag: short }, context)).rejects.toThrow();
  });
});

describe('FileKeyTokenVault key file', () => {
  it('is created once, 0600, and a second instance on the same path opens the first one’s blobs', async () => {
    const path = join(dir, 'once', 'keys', 'pulse-token.key');
    const first = new FileKeyTokenVault(path);
    const sealed = await first.seal(tokens, context);
    const made = await stat(path);
    expect(made.mode & 0o777).toBe(0o600);
    expect(made.size).toBe(32);

    const second = new FileKeyTokenVault(path);
    expect(Buffer.from(await second.open(sealed, context))).toEqual(Buffer.from(tokens));
    await second.seal(tokens, context);
    const after = await stat(path);
    expect(after.ino).toBe(made.ino);
    expect(after.mtimeMs).toBe(made.mtimeMs);
  });

  it('two vaults racing on first use end up with one key', async () => {
    const path = join(dir, 'race', 'keys', 'pulse-token.key');
    const racers = Array.from({ length: 4 }, () => new FileKeyTokenVault(path));
    const sealed = await Promise.all(racers.map((v) => v.seal(tokens, context)));
    for (const vault of racers) {
      for (const blob of sealed) expect(Buffer.from(await vault.open(blob, context))).toEqual(Buffer.from(tokens));
    }
  });

  it('will not open a KMS-sealed blob', async () => {
    const sealed = await new KmsTokenVault(kmsClient(), kms.symmetricKeyId).seal(tokens, context);
    await expect(new FileKeyTokenVault(join(dir, 'kek', 'k.key')).open(sealed, context)).rejects.toThrow(/'file'/);
  });
});

describe('KmsTokenVault on the KMS wire', () => {
  it('asks GenerateDataKey and Decrypt with the context as EncryptionContext', async () => {
    const vault = new KmsTokenVault(kmsClient(), kms.symmetricKeyId);
    const from = kms.calls.length;
    const sealed = await vault.seal(tokens, context);
    await vault.open(sealed, context);
    const [generate, decrypt] = kms.calls.slice(from);
    expect(generate?.target).toBe('TrentService.GenerateDataKey');
    expect(generate?.body).toMatchObject({ KeyId: kms.symmetricKeyId, KeySpec: 'AES_256', EncryptionContext: context });
    expect(decrypt?.target).toBe('TrentService.Decrypt');
    expect(decrypt?.body).toMatchObject({ CiphertextBlob: sealed.wrappedKey, EncryptionContext: context });
  });

  it('a mismatched context fails in KMS itself with InvalidCiphertextException', async () => {
    const vault = new KmsTokenVault(kmsClient(), kms.symmetricKeyId);
    const sealed = await vault.seal(tokens, context);
    await expect(vault.open(sealed, { ...context, subjectId: 'sub_other' })).rejects.toMatchObject({
      name: 'InvalidCiphertextException',
    });
  });
});

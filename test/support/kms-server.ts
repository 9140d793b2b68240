import {
  constants,
  createCipheriv,
  createDecipheriv,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  privateEncrypt,
  randomBytes,
} from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** DER prefix of a SHA-256 DigestInfo (RFC 8017 §9.2): what PKCS#1 v1.5 signs around a digest. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

export interface TestKms {
  endpoint: string;
  keyId: string;
  /** The symmetric ENCRYPT_DECRYPT key, for `GenerateDataKey` and `Decrypt`. */
  symmetricKeyId: string;
  /** Every call as KMS received it: its target and JSON body. */
  calls: { target: string; body: Record<string, unknown> }[];
  stop(): Promise<void>;
}

/**
 * A local server speaking the KMS protocol (AWS JSON 1.1, `X-Amz-Target: TrentService.*`) for one RSA_2048
 * SIGN_VERIFY key: `Sign` (RSASSA_PKCS1_V1_5_SHA_256, DIGEST or RAW) and `GetPublicKey`, as the SDK calls them; and
 * one SYMMETRIC_DEFAULT key: `GenerateDataKey` and `Decrypt`, whose CiphertextBlob is iv‖tag‖key AES-GCM-sealed
 * with the EncryptionContext as AAD, so a mismatched context fails as KMS fails it (`InvalidCiphertextException`).
 */
export async function startTestKms(): Promise<TestKms> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyId = 'arn:aws:kms:eu-west-1:111122223333:key/0b5e7c1d-hds-token-signing';
  const symmetricKeyId = 'arn:aws:kms:eu-west-1:111122223333:key/6f1d2a90-hds-pulse-token';
  const symmetricKey = randomBytes(32);
  const calls: TestKms['calls'] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '');
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    calls.push({ target, body });
    const reply = (status: number, json: unknown, type?: string) => {
      res.writeHead(status, {
        'content-type': 'application/x-amz-json-1.1',
        ...(type ? { 'x-amzn-errortype': type } : {}),
      });
      res.end(JSON.stringify(json));
    };
    if (target === 'TrentService.GenerateDataKey' || target === 'TrentService.Decrypt') {
      // Decrypt may omit KeyId for a symmetric key: the real blob names its key.
      if (body.KeyId !== symmetricKeyId && !(target === 'TrentService.Decrypt' && body.KeyId === undefined)) {
        return reply(400, { __type: 'NotFoundException', message: 'Key not found' });
      }
      const aad = contextAad(body.EncryptionContext);
      if (target === 'TrentService.GenerateDataKey') {
        if (body.KeySpec !== 'AES_256')
          return reply(400, { __type: 'ValidationException', message: 'expected AES_256' });
        const dataKey = randomBytes(32);
        return reply(200, {
          KeyId: symmetricKeyId,
          Plaintext: dataKey.toString('base64'),
          CiphertextBlob: wrap(symmetricKey, dataKey, aad).toString('base64'),
        });
      }
      const plaintext = unwrap(symmetricKey, Buffer.from(String(body.CiphertextBlob), 'base64'), aad);
      if (!plaintext) return reply(400, { __type: 'InvalidCiphertextException', message: '' });
      return reply(200, {
        KeyId: symmetricKeyId,
        Plaintext: plaintext.toString('base64'),
        EncryptionAlgorithm: 'SYMMETRIC_DEFAULT',
      });
    }
    if (body.KeyId !== keyId) return reply(400, { __type: 'NotFoundException', message: 'Key not found' });
    if (target === 'TrentService.GetPublicKey') {
      const der = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
      return reply(200, {
        KeyId: keyId,
        PublicKey: der.toString('base64'),
        KeySpec: 'RSA_2048',
        KeyUsage: 'SIGN_VERIFY',
        SigningAlgorithms: ['RSASSA_PKCS1_V1_5_SHA_256'],
      });
    }
    if (target === 'TrentService.Sign') {
      if (body.SigningAlgorithm !== 'RSASSA_PKCS1_V1_5_SHA_256') {
        return reply(400, { __type: 'KMSInvalidStateException', message: 'unsupported algorithm' });
      }
      const message = Buffer.from(String(body.Message), 'base64');
      if (body.MessageType !== 'DIGEST' || message.length !== 32) {
        return reply(400, { __type: 'ValidationException', message: 'expected a SHA-256 digest' });
      }
      return reply(200, { KeyId: keyId, Signature: signDigest(privateKey, message).toString('base64') });
    }
    return reply(400, { __type: 'UnknownOperationException', message: target });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    keyId,
    symmetricKeyId,
    calls,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function signDigest(key: KeyObject, digest: Buffer): Buffer {
  return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO, digest]));
}

/** KMS compares EncryptionContext as a map, so order does not matter: sort the pairs before binding them. */
function contextAad(context: unknown): Buffer {
  const pairs = Object.entries((context ?? {}) as Record<string, string>).sort(([a], [b]) => (a < b ? -1 : 1));
  return Buffer.from(JSON.stringify(pairs), 'utf8');
}

function wrap(key: Buffer, dataKey: Buffer, aad: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
  const sealed = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
}

function unwrap(key: Buffer, blob: Buffer, aad: Buffer): Buffer | null {
  if (blob.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12), { authTagLength: 16 }).setAAD(aad);
    decipher.setAuthTag(blob.subarray(12, 28));
    return Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]);
  } catch {
    return null;
  }
}

import { constants, createPublicKey, generateKeyPairSync, type KeyObject, privateEncrypt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** DER prefix of a SHA-256 DigestInfo (RFC 8017 §9.2): what PKCS#1 v1.5 signs around a digest. */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

export interface TestKms {
  endpoint: string;
  keyId: string;
  /** Every call as KMS received it: its target and JSON body. */
  calls: { target: string; body: Record<string, unknown> }[];
  stop(): Promise<void>;
}

/**
 * A local server speaking the KMS protocol (AWS JSON 1.1, `X-Amz-Target: TrentService.*`) for one RSA_2048
 * SIGN_VERIFY key: `Sign` (RSASSA_PKCS1_V1_5_SHA_256, DIGEST or RAW) and `GetPublicKey`, as the SDK calls them.
 */
export async function startTestKms(): Promise<TestKms> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyId = 'arn:aws:kms:eu-west-1:111122223333:key/0b5e7c1d-hds-token-signing';
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
    calls,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function signDigest(key: KeyObject, digest: Buffer): Buffer {
  return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO, digest]));
}

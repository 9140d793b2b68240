import { KMSClient } from '@aws-sdk/client-kms';
import { FileKeyTokenSigner } from '../adapters/tokens/file-key-signer';
import { KmsTokenSigner } from '../adapters/tokens/kms-token-signer';
import { traceAwsClient } from '../observability';
import type { TokenSigner } from '../ports/token-signer';
import { perConfig } from './per-config';

/**
 * The access-token signer: the KMS key in the cloud (`HDS_TOKEN_SIGNING_KMS_KEY`), the generated key file locally
 * (`HDS_TOKEN_SIGNING_KEY_FILE`). The part of functions that name `signsTokens`; only they bundle the KMS client.
 */
export const signer = perConfig((cfg): TokenSigner => {
  const { signingKmsKey, signingKeyFile } = cfg.auth;
  if (signingKmsKey) return new KmsTokenSigner(traceAwsClient(new KMSClient({ region: cfg.region })), signingKmsKey);
  if (signingKeyFile) return new FileKeyTokenSigner(signingKeyFile);
  throw new Error(
    'No token signing key configured: set HDS_TOKEN_SIGNING_KMS_KEY (cloud) or HDS_TOKEN_SIGNING_KEY_FILE (local)',
  );
});

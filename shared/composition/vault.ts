import { KMSClient } from '@aws-sdk/client-kms';
import { FileKeyTokenVault } from '../adapters/vault/file-key-token-vault';
import { KmsTokenVault } from '../adapters/vault/kms-token-vault';
import { traceAwsClient } from '../observability';
import type { TokenVault } from '../ports/token-vault';
import { perConfig } from './per-config';

/**
 * The vault of wearable providers' tokens (design wearables §5): the pulse token KMS key in the cloud
 * (`HDS_PULSE_TOKEN_KMS_KEY`), a key file generated on first use locally (`HDS_PULSE_TOKEN_KEY_FILE`). The part of
 * functions that name `pulseVault`; only they bundle the KMS client for it.
 */
export const vault = perConfig((cfg): TokenVault => {
  const { tokenKmsKey, tokenKeyFile } = cfg.pulse;
  if (tokenKmsKey) return new KmsTokenVault(traceAwsClient(new KMSClient({ region: cfg.region })), tokenKmsKey);
  if (tokenKeyFile) return new FileKeyTokenVault(tokenKeyFile);
  throw new Error(
    'No pulse token key configured: set HDS_PULSE_TOKEN_KMS_KEY (cloud) or HDS_PULSE_TOKEN_KEY_FILE (local)',
  );
});

import { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config/config';

/**
 * One S3 client per process. Against a configured endpoint (s3rver, LocalStack) paths are
 * path-style, and checksums are computed only where S3 requires them: s3rver stores streamed bodies
 * corrupted otherwise.
 */
export function createS3Client(cfg: Pick<Config, 'region' | 's3Endpoint' | 's3Credentials'>): S3Client {
  return new S3Client({
    region: cfg.region,
    ...(cfg.s3Endpoint ? { endpoint: cfg.s3Endpoint, forcePathStyle: true } : {}),
    ...(cfg.s3Credentials ? { credentials: cfg.s3Credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

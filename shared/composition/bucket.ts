import { createS3Client } from '../adapters/s3/client';
import { S3BlobStore } from '../adapters/s3/s3-blob-store';
import { perConfig } from './per-config';

/** The file bucket (S3; s3rver locally): the part of functions whose needs name `bucket`. */
export const bucket = perConfig((cfg) => new S3BlobStore(createS3Client(cfg), cfg.bucket));

import { S3Client } from '@aws-sdk/client-s3';
import { S3BlobStore } from '../../shared/adapters/s3/s3-blob-store';
declare const HDS_B: boolean | undefined;
export function make() {
  if (typeof HDS_B !== 'undefined' && !HDS_B) throw new Error('not in needs');
  return new S3BlobStore(new S3Client({}), 'b');
}

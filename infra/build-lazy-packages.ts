/**
 * `tsx infra/build-lazy-packages.ts <asset dir>`: CDK's after-bundling step for every function (see bundling.ts): the
 * lazy packages beside the bundle, and the data files it reads.
 */
import { completeAsset } from './bundling';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: tsx infra/build-lazy-packages.ts <asset directory holding index.mjs>');
  process.exit(2);
}
await completeAsset(outDir);

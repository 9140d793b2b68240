/**
 * `npm run bench:apple-health [-- --bytes N] [-- --parse-only]`: an Apple Health export of N bytes of XML (default
 * 1 GiB) generated as a stream (a watch's heart rate every 2 minutes, steps from two sources, energy, weight, sleep,
 * runs) straight into a deflated export.zip with data descriptors (never held whole), then
 *  - imported by `importAppleHealth` on the local runtime's emulators (ranged reads from s3rver, keyed writes to
 *    dynalite), the way the file job runs it; or, with `--parse-only`, the zip read and parsed alone from the file;
 *  - printed: XML bytes, zip bytes, records, seconds, records/s, rows written, and peak RSS
 *    (`process.resourceUsage().maxRSS`). Exits 1 when peak RSS passes 512 MB or the rows differ from the reference.
 * Not part of `npm test` (a 1 GB run takes minutes on 2 cores); the suite runs a 50 MB variant
 * (`test/integration/apple-health.test.ts`).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openZipEntry, zipEntries } from '../shared/adapters/documents/zip-entries';
import { ExportAggregator } from '../shared/domain/apple-health/aggregation';
import { newFileKey, objectKey, type StoredFile } from '../shared/domain/files';
import { parseHealthExport } from '../shared/services/apple-health/export-parser';
import { generateExport } from '../test/support/apple-health-export';
import { writeStreamedZip } from '../test/support/zip-writer';

const RSS_BUDGET_MB = 512;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`));
const targetBytes =
  Number(arg('bytes')?.split('=')[1] ?? process.argv[process.argv.indexOf('--bytes') + 1]) || 1024 ** 3;
const parseOnly = Boolean(arg('parse-only'));
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

const dir = await mkdtemp(join(tmpdir(), 'hds-apple-bench-'));
const zipPath = join(dir, 'export.zip');
try {
  const generated = generateExport(targetBytes);
  const out = createWriteStream(zipPath);
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      out.write(chunk, (err) => (err ? reject(err) : resolve()));
    });
  let t = performance.now();
  await writeStreamedZip(write, 'apple_health_export/export.xml', generated.chunks);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  const zipBytes = (await stat(zipPath)).size;
  console.log(
    `generated ${mb(generated.stats.bytes)} MB of XML (${generated.stats.records} records, ${generated.stats.days} days) → ${mb(zipBytes)} MB zip in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  let rows = 0;
  t = performance.now();
  if (parseOnly) {
    const source = {
      size: zipBytes,
      stream: async (start: number, end: number) => createReadStream(zipPath, { start, end: end - 1 }),
    };
    const entry = (await zipEntries(source)).find((e) => e.name.endsWith('/export.xml'))!;
    const aggregator = new ExportAggregator();
    await parseHealthExport(await openZipEntry(source, entry, 8 * 1024 ** 3), aggregator, async (slice) => {
      rows += slice.length;
    });
    for (const _ of aggregator.finish()) rows++;
  } else {
    process.env.HDS_LOG_LEVEL ??= 'silent';
    const { startRuntime } = await import('../infra/local/runtime');
    const { importAppleHealth } = await import('../shared/services/apple-health/import');
    const rt = await startRuntime({ dataDir: join(dir, 'state'), queuePollMs: 60_000 });
    try {
      const account = await rt.services.accounts.createAccount('apple-bench');
      const subject = await rt.services.subjects.findOrCreate(account.accountId, 'bench');
      const fileKey = newFileKey('export.zip', Date.now());
      await rt.services.blobs.put(objectKey(subject.subjectId, fileKey), createReadStream(zipPath), 'application/zip');
      const file: StoredFile = {
        subjectId: subject.subjectId,
        fileKey,
        filename: 'export.zip',
        contentType: 'application/zip',
        bytes: zipBytes,
        status: 'processing',
        failureReason: null,
        createdAt: Math.floor(Date.now() / 1000),
        retention: 'permanent',
        sessionId: null,
        expiresAt: null,
        textChars: null,
        abstract: '',
        recordCount: 0,
        recordIds: null,
        ocrJobId: null,
      };
      await rt.services.files.put(file);
      t = performance.now();
      const done = await importAppleHealth(rt.services, file);
      rows = done?.recordCount ?? 0;
      console.log(`abstract: ${done?.abstract}`);
    } finally {
      await rt.stop();
    }
  }
  const seconds = (performance.now() - t) / 1000;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    `${parseOnly ? 'parsed' : 'imported'} ${generated.stats.records} records in ${seconds.toFixed(1)} s: ${Math.round(generated.stats.records / seconds)} records/s, ${(generated.stats.bytes / 1024 / 1024 / seconds).toFixed(1)} MB/s of XML; ${rows} readings (reference ${generated.reference.length}); peak RSS ${peakMb.toFixed(0)} MB`,
  );
  if (rows !== generated.reference.length) {
    console.error('FAIL: readings differ from the reference count');
    process.exitCode = 1;
  }
  if (peakMb > RSS_BUDGET_MB) {
    console.error(`FAIL: peak RSS ${peakMb.toFixed(0)} MB passes ${RSS_BUDGET_MB} MB`);
    process.exitCode = 1;
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

/**
 * `npm run bench:exports [-- --rows N]`: bulk export of a large Subject on the local runtime (dynalite and the S3
 * emulator on disk), measured from outside as a partner sees it.
 *  - seeds N readings (default 10,000) through `POST /v1/data`, 500 per request, with a mix of tests, units and
 *    reference ranges, so each row's FHIR mirror is the size real rows have;
 *  - for each format, times `POST /v1/exports` to `completed` (the `exports` queue drained in this process), then
 *    downloads the file through its presigned link and counts its lines or entries;
 *  - runs each export a second time sampling the process's live heap (after a forced collection) every 250 ms: the
 *    rise above the heap before is what the export holds — the worker's page of 1,000 rows and its multipart part,
 *    and what the in-process S3 emulator keeps of the parts it has been sent — and must not grow with N.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRuntime } from '../infra/local/runtime';
import { issueApiKey } from '../shared/services/api-keys';

const rowsArg = process.argv.indexOf('--rows');
const ROWS = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 10_000;
const BATCH = 500;
const FORMATS = ['fhir-ndjson', 'fhir-bundle', 'csv'] as const;

/** Tests a lab report and a wearable send, with their units and ranges: every export column is filled. */
const READINGS = [
  { indicator: 'Glucose', unit: 'mg/dL', base: 90, spread: 40, reference_range: '70-99' },
  { indicator: 'Heart rate', unit: 'bpm', base: 62, spread: 30 },
  { indicator: 'HbA1c', unit: '%', base: 5.4, spread: 2, reference_range: '4.0-5.6' },
  { indicator: 'Potassium', unit: 'mmol/L', base: 4.1, spread: 1.2, reference_range: '3.5-5.1' },
  { indicator: 'Body weight', unit: 'kg', base: 72, spread: 8 },
];

process.env.HDS_LOG_LEVEL ??= 'warn';
const dir = await mkdtemp(join(tmpdir(), 'hds-bench-exports-'));
const rt = await startRuntime({ dataDir: dir, queuePollMs: 60_000, deferredQueues: ['exports'] });
try {
  const account = await rt.services.accounts.createAccount('bench');
  const { secret } = await issueApiKey(rt.services.accounts, account.accountId, {
    name: 'bench',
    region: rt.services.config.region,
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(rt.url + path, {
      method,
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };

  const seedStart = performance.now();
  for (let done = 0; done < ROWS; done += BATCH) {
    const records = Array.from({ length: Math.min(BATCH, ROWS - done) }, (_, i) => {
      const n = done + i;
      const { base, spread, ...reading } = READINGS[n % READINGS.length]!;
      const value = Number((base + ((n * 37) % 100) * (spread / 100)).toFixed(1));
      return { ...reading, value, time: new Date(Date.UTC(2024, 0, 1) + n * 600_000).toISOString() };
    });
    const res = await call('POST', '/v1/data', { user: 'large', retention: 'permanent', records });
    if (res.status !== 200) throw new Error(`seeding answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;

  /** One export from `POST` to `completed`, and its file read back through the presigned link. */
  const runExport = async (format: (typeof FORMATS)[number]) => {
    const start = performance.now();
    const created = await call('POST', '/v1/exports', { user: 'large', format });
    if (created.status !== 202) throw new Error(`export answered ${created.status}: ${JSON.stringify(created.body)}`);
    await rt.drainQueues();
    const done = await call('GET', `/v1/exports/${created.body.id}?user=large`);
    const seconds = (performance.now() - start) / 1000;
    if (done.body.status !== 'completed') throw new Error(`export ${format} ended ${done.body.status}`);
    return { seconds, done: done.body, file: done.body.files[0] as { url: string; bytes: number } };
  };

  const exports: Record<string, unknown>[] = [];
  for (const format of FORMATS) {
    // Timed on its own: the memory pass below collects garbage every sample, which would slow the export it times.
    const timed = await runExport(format);
    const text = await (await fetch(timed.file.url)).text();
    const items =
      format === 'fhir-bundle'
        ? (JSON.parse(text) as { entry: unknown[] }).entry.length
        : text.split('\n').filter((line) => line !== '').length - (format === 'csv' ? 1 : 0);

    // The same export again with the live heap (after a forced collection; the script runs with --expose-gc) sampled
    // every 250 ms: its rise above the heap before is what the export holds.
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      global.gc?.();
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }, 250);
    try {
      await runExport(format);
    } finally {
      clearInterval(sampler);
    }
    exports.push({
      format,
      seconds: Number(timed.seconds.toFixed(2)),
      rowsPerSecond: Math.round(ROWS / timed.seconds),
      bytes: timed.file.bytes,
      count: timed.done.count,
      itemsInFile: items,
      liveHeapRiseMb: global.gc ? Number(((heapPeak - heapBefore) / 1_048_576).toFixed(1)) : null,
    });
  }

  console.log(
    JSON.stringify(
      {
        rows: ROWS,
        seedSeconds: Number(seedSeconds.toFixed(1)),
        seedRowsPerSecond: Math.round(ROWS / seedSeconds),
        exports,
        loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
      },
      null,
      2,
    ),
  );
} finally {
  await rt.stop();
  await rm(dir, { recursive: true, force: true });
}

/**
 * `npm run bench:erase [-- --rows N]`: erasure of a large Subject on the local runtime (dynalite on disk).
 *  - seeds N rows (default 300,000) into one Subject through the record store, 1,000 per batch write;
 *  - times `DELETE /v1/subjects/{user}` over HTTP (the answer must not depend on the Subject's size);
 *  - times the queued purge until the Subject's partition is empty, as rows purged per second.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRuntime } from '../infra/local/runtime';
import type { HealthRecord } from '../shared/domain/records';
import { issueApiKey } from '../shared/services/api-keys';

const rowsArg = process.argv.indexOf('--rows');
const ROWS = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : 300_000;
const BATCH = 1000;

process.env.HDS_LOG_LEVEL ??= 'warn';
const dir = await mkdtemp(join(tmpdir(), 'hds-bench-erase-'));
const rt = await startRuntime({ dataDir: dir, queuePollMs: 60_000, deferredQueues: ['purge'] });
try {
  const account = await rt.services.accounts.createAccount('bench');
  const { secret } = await issueApiKey(rt.services.accounts, account.accountId, {
    name: 'bench',
    region: rt.services.config.region,
  });
  const subject = await rt.services.subjects.findOrCreate(account.accountId, 'large');
  const row = (id: number): HealthRecord => ({
    id,
    subjectId: subject.subjectId,
    indicator: 'Heart rate',
    value: '62',
    parsedValue: '62',
    parsedUnit: '/min',
    loincCode: '8867-4',
    canonicalName: 'Heart rate',
    fhirResourceId: `obs-${id}`,
    time: new Date(Date.UTC(2025, 0, 1) + id * 60_000).toISOString(),
    endTime: null,
    source: 'api',
    comment: '',
    referenceLow: null,
    referenceHigh: null,
    referenceText: null,
    abnormal: null,
    sessionId: null,
    fileKey: null,
    retention: 'permanent',
    expiresAt: null,
    createdAt: new Date().toISOString(),
    fhir: { resourceType: 'Observation', id: `obs-${id}`, status: 'final', code: { text: 'Heart rate' } },
  });
  const seedStart = performance.now();
  for (let done = 0; done < ROWS; done += BATCH) {
    const n = Math.min(BATCH, ROWS - done);
    const first = await rt.services.records.allocateIds(subject.subjectId, n);
    await rt.services.records.putAll(
      subject.subjectId,
      Array.from({ length: n }, (_, i) => row(first + i)),
    );
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const eraseStart = performance.now();
  const res = await fetch(`${rt.url}/v1/subjects/large`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${secret}` },
  });
  const body = (await res.json()) as { deleted: { records: number }; counts_exact: boolean };
  const eraseMs = performance.now() - eraseStart;

  const purgeStart = performance.now();
  await rt.drainQueues();
  const purgeSeconds = (performance.now() - purgeStart) / 1000;
  const left = await rt.services.records.count(subject.subjectId, Date.now());

  console.log(
    JSON.stringify(
      {
        rows: ROWS,
        seedRowsPerSecond: Math.round(ROWS / seedSeconds),
        deleteStatus: res.status,
        deleteMs: Math.round(eraseMs),
        countedRecords: body.deleted.records,
        countsExact: body.counts_exact,
        purgeSeconds: Number(purgeSeconds.toFixed(1)),
        purgedRowsPerSecond: Math.round(ROWS / purgeSeconds),
        rowsLeft: left,
        loadAverage: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(2))),
      },
      null,
      2,
    ),
  );
} finally {
  await rt.stop();
  await rm(dir, { recursive: true, force: true });
}

/**
 * `npm run bench`: figures for the platform issue, from one run on this machine.
 *  1. the embedded store's raw BatchWriteItem ceiling (25-item batches, concurrent, record-shaped items)
 *  2. records/s of 500-record POST /v1/data batches through the local runtime, items written per record
 *  3. p50/p95 of GET /v1/data pages for a Subject holding 10,000 rows
 *  4. minified bundle size and cold import time of every function
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { startRuntime } from '../infra/local/runtime';
import { createDocumentClient } from '../shared/adapters/dynamo/client';
import { issueApiKey } from '../shared/services/api-keys';
import { measureBundles, printBundles } from './bundles';

process.env.HDS_LOG_LEVEL = 'warn';
const CONCURRENCY = 8;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

function records(n: number, offset = 0) {
  const names = [
    'Heart rate',
    'Glucose',
    'Steps',
    'Body weight',
    'LDL cholesterol',
    'HbA1c',
    'SpO2',
    'Systolic blood pressure',
  ];
  const units = ['bpm', 'mg/dL', 'steps', 'kg', 'mg/dL', '%', '%', 'mmHg'];
  return Array.from({ length: n }, (_, i) => {
    const k = (i + offset) % names.length;
    return {
      indicator: names[k],
      value: String(50 + ((i * 7) % 100)),
      unit: units[k],
      time: new Date(Date.UTC(2026, 0, 1) + (i + offset) * 60_000).toISOString(),
      source: 'bench',
    };
  });
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'hds-bench-'));
  const rt = await startRuntime({
    dataDir,
    env: { HDS_RATE_LIMITS: 'create-data=1000000,list-data=1000000', HDS_MAX_BODY_BYTES: String(6 * 1024 * 1024) },
  });
  const { accounts, config } = rt.services;
  const account = await accounts.createAccount('bench');
  const { secret } = await issueApiKey(accounts, account.accountId, { name: 'bench', region: config.region });
  const post = (body: unknown) =>
    fetch(`${rt.url}/v1/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => {
      if (r.status !== 200) throw new Error(`POST /v1/data ${r.status}: ${await r.text()}`);
      return r.json();
    });

  // Warm up, and take one stored row as the template of the raw-store measurement.
  await post({ user: 'warmup', retention: 'permanent', records: records(500) });
  const doc = createDocumentClient(config);
  const template = (
    await doc.send(
      new QueryCommand({
        // From the table itself: the index projects only a few attributes, and the template must be a whole row.
        TableName: config.tables.records,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :r)',
        ExpressionAttributeValues: {
          ':pk': (await rt.services.subjects.find(account.accountId, 'warmup'))!.subjectId,
          ':r': 'R#',
        },
        Limit: 1,
      }),
    )
  ).Items![0]!;

  // 1 and 2, alternated so both meet the store in the same state (LevelDB slows as it fills and compacts).
  const RAW_BATCHES = 800;
  const API_BATCHES = 40;
  let round = 0;
  const rawRound = async (inFlight: number) => {
    const t0 = performance.now();
    await pool(RAW_BATCHES, inFlight, (b) =>
      doc.send(
        new BatchWriteCommand({
          RequestItems: {
            [config.tables.records]: Array.from({ length: 25 }, (_, i) => ({
              PutRequest: {
                Item: {
                  ...template,
                  pk: `raw-${round}-${b % 8}`,
                  sk: `R#${String(b * 25 + i).padStart(12, '0')}`,
                  // Distinct index keys, as real rows have: a shared one would flatter the store.
                  timeKey: `${new Date(Date.UTC(2026, 0, 1) + (b * 25 + i) * 60_000).toISOString()}#${String(b * 25 + i).padStart(12, '0')}`,
                },
              },
            })),
          },
        }),
      ),
    );
    round++;
    return (RAW_BATCHES * 25) / ((performance.now() - t0) / 1000);
  };
  const apiRound = async (clients: number) => {
    const t0 = performance.now();
    await pool(API_BATCHES, clients, (b) =>
      post({ user: `writer-${round}-${b % clients}`, retention: 'permanent', records: records(500, b * 500) }),
    );
    round++;
    return (API_BATCHES * 500) / ((performance.now() - t0) / 1000);
  };
  const raw: number[] = [];
  const api: number[] = [];
  for (let r = 0; r < 3; r++) {
    raw.push(Math.max(await rawRound(8), await rawRound(16), await rawRound(32)));
    api.push(Math.max(await apiRound(2), await apiRound(4), await apiRound(CONCURRENCY)));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const rawItemsPerSecond = median(raw);
  const apiRecordsPerSecond = median(api);
  // Per 500-record batch: 500 record items, the write intent put and delete, the id counter update,
  // the rate-limit counter update.
  const itemsPerRecord = 1;
  const writeOpsPerRecord = (500 + 2 + 1 + 1) / 500;

  // 3. GET pages for a Subject holding 10,000 rows.
  await pool(20, 4, (b) => post({ user: 'reader', retention: 'permanent', records: records(500, b * 500) }));
  const get = async (query: string) => {
    const s = performance.now();
    const r = await fetch(`${rt.url}/v1/data?user=reader&${query}`, { headers: { authorization: `Bearer ${secret}` } });
    await r.arrayBuffer();
    return performance.now() - s;
  };
  for (let i = 0; i < 20; i++) await get('limit=100');
  const firstPages: number[] = [];
  for (let i = 0; i < 200; i++) firstPages.push(await get('limit=100'));
  const filtered: number[] = [];
  for (let i = 0; i < 100; i++) filtered.push(await get('limit=100&indicator=glucose'));
  const deep: number[] = [];
  for (let i = 0; i < 50; i++) deep.push(await get(`limit=100&offset=${(i * 199) % 9900}`));
  for (const list of [firstPages, filtered, deep]) list.sort((a, b) => a - b);

  await rt.stop();
  await rm(dataDir, { recursive: true, force: true });

  // 4. Bundles, measured after the runtime stopped so nothing else shares the cores.
  const bundles = await measureBundles();

  const f = (n: number) => n.toFixed(1);
  console.log('\nHDS platform benchmark (embedded dynalite on disk, local runtime over loopback HTTP)');
  console.log(`machine: ${process.arch}, ${(await import('node:os')).cpus().length} cores, node ${process.version}\n`);
  console.log('Writes');
  console.log(
    `  raw BatchWriteItem ceiling       ${f(rawItemsPerSecond)} items/s (25-item batches into 8 partitions; best of 8/16/32 in flight; rounds ${raw.map(f).join(', ')})`,
  );
  console.log(
    `  POST /v1/data, 500-record batches ${f(apiRecordsPerSecond)} records/s (best of 2/4/8 clients; rounds ${api.map(f).join(', ')})`,
  );
  console.log(
    `  items per record                 ${itemsPerRecord} (the FHIR mirror lives in the record item); write ops per record ${writeOpsPerRecord.toFixed(3)}`,
  );
  console.log(
    `  API / raw ratio                  ${f((100 * apiRecordsPerSecond * itemsPerRecord) / rawItemsPerSecond)} %  (target ≥ 60 %)`,
  );
  console.log('\nReads, Subject with 10,000 rows (ms)');
  console.log(
    `  GET limit=100, newest page       p50 ${f(percentile(firstPages, 50))}  p95 ${f(percentile(firstPages, 95))}  (target p95 ≤ 50)`,
  );
  console.log(
    `  GET limit=100, indicator filter  p50 ${f(percentile(filtered, 50))}  p95 ${f(percentile(filtered, 95))}`,
  );
  console.log(`  GET limit=100, offsets 0..9900   p50 ${f(percentile(deep, 50))}  p95 ${f(percentile(deep, 95))}`);
  printBundles(bundles);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

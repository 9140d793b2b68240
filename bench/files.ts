/**
 * `npm run bench:files`: from one run on this machine —
 *  - a 50 MB CSV uploaded and parsed through the service (MB/s, peak RSS of the service process),
 *  - a 100 MB file uploaded over the WebSocket path (MB/s, peak RSS),
 *  - seconds per page of OCR for an image page.
 * Each upload runs in a fresh process (`--scenario`), so its peak RSS is its own. The local runtime is
 * in that process; the embedded DynamoDB runs in a child process of its own and is not counted.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startRuntime } from '../infra/local/runtime';
import { issueApiKey } from '../shared/services/api-keys';
import { measureOcrSecondsPerPage } from './ocr-page';

const CHUNK = 256 * 1024;

interface UploadFigures {
  megabytes: number;
  seconds: number;
  mbPerSecond: number;
  peakRssMb: number;
  status: string;
  records: number;
}

async function writeCsv(path: string, megabytes: number): Promise<void> {
  const out = createWriteStream(path);
  out.write('Date,Test,Result,Unit,Reference range\n');
  const tests = [
    ['Glucose', 'mg/dL', '70-99'],
    ['Creatinine', 'mg/dL', '0.6-1.2'],
    ['Hemoglobin', 'g/dL', '12.0-15.5'],
    ['Potassium', 'mmol/L', '3.5-5.1'],
  ];
  let written = 0;
  for (let i = 0; written < megabytes * 1024 * 1024; i++) {
    const [name, unit, range] = tests[i % tests.length]!;
    const day = new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString().slice(0, 10);
    const line = `${day},${name},${(50 + (i % 70) + (i % 10) / 10).toFixed(1)},${unit},${range}\n`;
    written += line.length;
    if (!out.write(line)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

function peakRssMb(): Promise<number> {
  return readFile('/proc/self/status', 'utf8').then((s) => Number(/VmHWM:\s+(\d+)/.exec(s)?.[1] ?? 0) / 1024);
}

/** Streams a file from disk over the WebSocket path in 256 KB chunks and waits for upload_end_response. */
async function scenario(megabytes: number): Promise<UploadFigures> {
  process.env.HDS_LOG_LEVEL = 'warn';
  const dir = await mkdtemp(join(tmpdir(), 'hds-bench-files-'));
  const file = join(dir, `labs-${megabytes}mb.csv`);
  await writeCsv(file, megabytes);
  const size = (await stat(file)).size;
  const rt = await startRuntime({ dataDir: join(dir, 'data') });
  const account = await rt.services.accounts.createAccount('bench');
  const { secret } = await issueApiKey(rt.services.accounts, account.accountId, {
    name: 'bench',
    region: rt.services.config.region,
  });
  const started = performance.now();
  const response = await new Promise<any>((resolve, reject) => {
    const ws = new WebSocket(`${rt.url.replace('http', 'ws')}/v1/files/stream?key=${secret}&user=bench`);
    ws.on('error', reject);
    ws.on('message', async (raw) => {
      const frame = JSON.parse(raw.toString());
      if (frame.type === 'error') return reject(new Error(JSON.stringify(frame)));
      if (frame.type === 'upload_end_response') {
        ws.close();
        return resolve(frame);
      }
      if (frame.type !== 'connection_established') return;
      const totalChunks = Math.ceil(size / CHUNK);
      ws.send(
        JSON.stringify({
          type: 'upload_start',
          messageId: 'bench',
          files: [{ filename: 'labs.csv', contentType: 'text/csv', size }],
        }),
      );
      let chunkIndex = 0;
      for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) {
        ws.send(
          JSON.stringify({
            type: 'upload_chunk',
            messageId: 'bench',
            filename: 'labs.csv',
            chunk: (chunk as Buffer).toString('base64'),
            chunkIndex: chunkIndex++,
            totalChunks,
          }),
        );
        while (ws.bufferedAmount > 8 * CHUNK) await new Promise((r) => setTimeout(r, 2));
      }
      ws.send(JSON.stringify({ type: 'upload_end', messageId: 'bench' }));
    });
  });
  const seconds = (performance.now() - started) / 1000;
  const figures: UploadFigures = {
    megabytes: size / 1024 / 1024,
    seconds,
    mbPerSecond: size / 1024 / 1024 / seconds,
    peakRssMb: await peakRssMb(),
    status: response.files?.[0]?.status ?? 'missing',
    records: response.files?.[0]?.records ?? 0,
  };
  await rt.stop();
  await rm(dir, { recursive: true, force: true });
  return figures;
}

function runScenario(megabytes: number): UploadFigures {
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'bench/files.ts', '--scenario', String(megabytes)], {
    encoding: 'utf8',
    maxBuffer: 10 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

async function main() {
  const at = process.argv.indexOf('--scenario');
  if (at > 0) {
    process.stdout.write(`${JSON.stringify(await scenario(Number(process.argv[at + 1])))}\n`);
    process.exit(0);
  }
  const csv50 = runScenario(50);
  const ws100 = runScenario(100);
  const ocr = await measureOcrSecondsPerPage();
  const f = (n: number) => n.toFixed(1);
  console.log('\nHDS files benchmark (local runtime, WebSocket path, 256 KB chunks, upload through stored and parsed)');
  for (const [name, r] of [
    ['50 MB CSV upload + parse', csv50],
    ['100 MB WebSocket upload', ws100],
  ] as const) {
    console.log(
      `  ${name.padEnd(26)} ${f(r.megabytes)} MB in ${f(r.seconds)} s = ${f(r.mbPerSecond)} MB/s, peak RSS ${f(r.peakRssMb)} MB, file ${r.status}, ${r.records} rows`,
    );
  }
  console.log(`  OCR of an image page          ${JSON.stringify(ocr)}`);
  console.log('  targets: ≥ 20 MB/s CSV ingest, peak RSS < 300 MB for any 100 MB upload');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

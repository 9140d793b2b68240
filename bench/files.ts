/**
 * `npm run bench:files`: from one run on this machine —
 *  - a 100 MB file uploaded over the WebSocket path until stored and parsed (MB/s, peak RSS),
 *  - a 50 MB CSV parsed by the CSV reader (MB/s, peak RSS),
 *  - CSV rows turned into stored readings through the whole upload path (rows/s),
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
import { measureCsvThroughput, measureOcrSecondsPerPage } from './ocr-page';

const CHUNK = 256 * 1024;

interface UploadFigures {
  megabytes: number;
  seconds: number;
  mbPerSecond: number;
  peakRssMb: number;
  status: string;
  records: number;
}

/** A text file of narrative lines (nothing to read as a reading): measures transport, storage and parsing. */
async function writeText(path: string, megabytes: number): Promise<void> {
  const out = createWriteStream(path);
  const line = 'Notes from the follow-up visit: slept well, walked in the park, no complaints today.\n';
  for (let written = 0; written + line.length <= megabytes * 1024 * 1024; written += line.length) {
    if (!out.write(line)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
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
  for (let i = 0; written < megabytes * 1024 * 1024 - 200; i++) {
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
async function scenario(kind: 'text' | 'csv', megabytes: number): Promise<UploadFigures> {
  process.env.HDS_LOG_LEVEL = 'warn';
  const dir = await mkdtemp(join(tmpdir(), 'hds-bench-files-'));
  const file = join(dir, `upload-${megabytes}mb.${kind === 'csv' ? 'csv' : 'txt'}`);
  if (kind === 'csv') await writeCsv(file, megabytes);
  else await writeText(file, megabytes);
  const filename = kind === 'csv' ? 'labs.csv' : 'notes.txt';
  const contentType = kind === 'csv' ? 'text/csv' : 'text/plain';
  const size = (await stat(file)).size;
  const rt = await startRuntime({});
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
          files: [{ filename, contentType, size }],
        }),
      );
      let chunkIndex = 0;
      for await (const chunk of createReadStream(file, { highWaterMark: CHUNK })) {
        ws.send(
          JSON.stringify({
            type: 'upload_chunk',
            messageId: 'bench',
            filename,
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

function runScenario(kind: 'text' | 'csv', megabytes: number): UploadFigures {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'bench/files.ts', '--scenario', kind, String(megabytes)],
    {
      encoding: 'utf8',
      maxBuffer: 10 * 1024 * 1024,
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

async function main() {
  const at = process.argv.indexOf('--scenario');
  if (at > 0) {
    const kind = process.argv[at + 1] as 'text' | 'csv';
    process.stdout.write(`${JSON.stringify(await scenario(kind, Number(process.argv[at + 2])))}\n`);
    process.exit(0);
  }
  // `npm run bench:files -- csv` runs only the CSV figures (reader MB/s and rows end to end).
  const csvOnly = process.argv.slice(2).includes('csv');
  const ws100 = csvOnly ? null : runScenario('text', 100);
  const rows = runScenario('csv', 2);
  const csv = await measureCsvThroughput({ megabytes: 50 });
  const ocr = csvOnly ? null : await measureOcrSecondsPerPage();
  const f = (n: number) => n.toFixed(1);
  console.log(
    '\nHDS files benchmark (local runtime; WebSocket path with 256 KB chunks, timed until stored and parsed)',
  );
  if (ws100) {
    console.log(
      `  100 MB WebSocket upload      ${f(ws100.megabytes)} MB in ${f(ws100.seconds)} s = ${f(ws100.mbPerSecond)} MB/s, peak RSS ${f(ws100.peakRssMb)} MB, file ${ws100.status}`,
    );
  }
  console.log(
    `  50 MB CSV parse (reader)     ${f(csv.megabytes)} MB, ${csv.rows} rows in ${f(csv.seconds)} s = ${f(csv.megabytesPerSecond)} MB/s, peak RSS ${f(csv.peakRssMb)} MB`,
  );
  console.log(
    `  CSV rows → stored readings   ${rows.records} rows from a ${f(rows.megabytes)} MB CSV in ${f(rows.seconds)} s = ${Math.round(rows.records / rows.seconds)} rows/s end to end, peak RSS ${f(rows.peakRssMb)} MB`,
  );
  if (ocr) {
    console.log(
      `  OCR, image page              ${ocr.imageSecondsPerPage.toFixed(2)} s/page warm (scanned PDF page ${ocr.pdfSecondsPerPage.toFixed(2)} s, cold start ${ocr.coldSeconds.toFixed(2)} s)`,
    );
  }
  console.log('  targets: ≥ 20 MB/s CSV ingest, peak RSS < 300 MB for any 100 MB upload');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

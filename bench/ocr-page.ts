/**
 * Document reading figures (`npx tsx bench/ocr-page.ts`):
 *   - OCR seconds per page: a rendered A4 report page at 200 DPI through tesseract.js (one warm worker), and a scanned
 *     PDF page through the PDF reader (render with @napi-rs/canvas + OCR);
 *   - CSV throughput: a generated 50 MB CSV parsed by `CsvReader` from a file stream, MB/s and peak RSS.
 * The CSV runs first and the OCR modules load only after it, so the RSS figures are the CSV reader's own.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { CsvReader } from '../shared/adapters/documents/csv-reader';

export interface OcrFigures {
  /** Mean seconds to OCR one image page (tesseract.js, warm worker). */
  imageSecondsPerPage: number;
  /** Mean seconds for one scanned PDF page: render to PNG + OCR. */
  pdfSecondsPerPage: number;
  /** Seconds to start the worker and OCR the first page (cold). */
  coldSeconds: number;
}

export interface CsvFigures {
  megabytes: number;
  rows: number;
  seconds: number;
  megabytesPerSecond: number;
  /** Highest RSS sampled during the parse, MB. */
  peakRssMb: number;
  /** The kernel's RSS high-water mark (VmHWM) after the parse, MB, or null off Linux. */
  vmHwmMb: number | null;
}

const seconds = (start: number) => (performance.now() - start) / 1000;
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** Seconds per OCR'd page, after one warm-up run. */
export async function measureOcrSecondsPerPage(options: { runs?: number } = {}): Promise<OcrFigures> {
  const runs = options.runs ?? 3;
  // Loaded here, not at the top: the CSV figures must not carry the canvas, pdf.js and tesseract modules' memory.
  const { PdfReader } = await import('../shared/adapters/documents/pdf-reader');
  const { TesseractOcr } = await import('../shared/adapters/documents/tesseract-ocr');
  const { reportPng, scannedPdf } = await import('../test/support/document-fixtures');
  const page = await reportPng();
  const pdf = await scannedPdf();
  const ocr = new TesseractOcr();
  try {
    let start = performance.now();
    await ocr.recognize(page);
    const coldSeconds = seconds(start);
    const image: number[] = [];
    for (let i = 0; i < runs; i++) {
      start = performance.now();
      await ocr.recognize(page);
      image.push(seconds(start));
    }
    const reader = new PdfReader({ ocr });
    const info = { filename: 'scan.pdf', contentType: 'application/pdf', bytes: pdf.length };
    await reader.read(Readable.from([pdf]), info);
    const pdfRuns: number[] = [];
    for (let i = 0; i < runs; i++) {
      start = performance.now();
      await reader.read(Readable.from([pdf]), info);
      pdfRuns.push(seconds(start));
    }
    return { imageSecondsPerPage: mean(image), pdfSecondsPerPage: mean(pdfRuns), coldSeconds };
  } finally {
    await ocr.terminate();
  }
}

/**
 * Writes a CSV of about `megabytes` MB (minute-by-minute device readings, one quoted cell with a comma per row) from a
 * child process, so the generator's garbage does not sit in the heap of the process being measured.
 */
function writeCsv(path: string, megabytes: number): void {
  const script = `
    const fs = require('node:fs');
    const fd = fs.openSync(process.argv[1], 'w');
    const target = Number(process.argv[2]) * 1024 * 1024;
    const start = Date.UTC(2024, 0, 1);
    let size = 0, rows = 0, batch = ['timestamp,heart_rate,steps,glucose_mg_dl,note\\n'];
    while (size < target) {
      const line = new Date(start + rows * 60000).toISOString() + ',' + (60 + (rows % 40)) + ',' + (rows % 120) + ',' +
        (90 + (rows % 30) / 3).toFixed(1) + ',"ok, rested"\\n';
      batch.push(line); size += line.length; rows++;
      if (batch.length === 10000) { fs.writeSync(fd, batch.join('')); batch = []; }
    }
    fs.writeSync(fd, batch.join('')); fs.closeSync(fd);`;
  execFileSync(process.execPath, ['-e', script, path, String(megabytes)], { stdio: 'inherit' });
}

function vmHwmMb(): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Parses a generated CSV of `megabytes` MB from a file stream; MB/s and peak RSS. */
export async function measureCsvThroughput(options: { megabytes?: number } = {}): Promise<CsvFigures> {
  const megabytes = options.megabytes ?? 50;
  const path = join(tmpdir(), `hds-bench-${process.pid}.csv`);
  try {
    writeCsv(path, megabytes);
    try {
      // Resets VmHWM to the current RSS (Linux), so the mark below is the parse's own.
      writeFileSync('/proc/self/clear_refs', '5');
    } catch {}
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const start = performance.now();
    const result = await new CsvReader().read(createReadStream(path), {
      filename: 'bench.csv',
      contentType: 'text/csv',
      bytes: megabytes * 1024 * 1024,
    });
    const elapsed = seconds(start);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const table = result.tables[0];
    return {
      megabytes,
      rows: table?.totalRows ?? table?.rows.length ?? 0,
      seconds: elapsed,
      megabytesPerSecond: megabytes / elapsed,
      peakRssMb: peak / 1024 / 1024,
      vmHwmMb: vmHwmMb(),
    };
  } finally {
    rmSync(path, { force: true });
  }
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  const csv = await measureCsvThroughput();
  console.log(
    `csv      ${csv.megabytes} MB, ${csv.rows} rows in ${csv.seconds.toFixed(2)} s = ${csv.megabytesPerSecond.toFixed(1)} MB/s; ` +
      `peak RSS ${csv.peakRssMb.toFixed(0)} MB (sampled), VmHWM ${csv.vmHwmMb?.toFixed(0) ?? 'n/a'} MB`,
  );
  const ocr = await measureOcrSecondsPerPage();
  console.log(`ocr      cold start + first page ${ocr.coldSeconds.toFixed(2)} s`);
  console.log(`ocr      image page (A4, 200 DPI)     ${ocr.imageSecondsPerPage.toFixed(2)} s/page`);
  console.log(`ocr      scanned PDF page (render+OCR) ${ocr.pdfSecondsPerPage.toFixed(2)} s/page`);
}

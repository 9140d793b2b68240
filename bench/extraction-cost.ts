/**
 * `npm run bench:extraction [-- --sizes 500,2000 --shapes words,csv]`: what the offline reading extractor costs on
 * documents no reader understands (generated words with numbers and units, CSV-like junk, long prose with numbers,
 * one 1 MB line) and on readable ones (a dev report repeated), per document and per line, with the heap after the
 * run and the process's peak resident size. The Files API runs this extractor on every upload inside a Lambda with a
 * timeout: the unreadable shapes must stay linear and cheap (5,000 lines under 2 s, 20,000 under 8 s).
 *
 * The documents are generated from a seeded generator, so every run reads the same text. Each document is read once
 * in a fresh resolver-cache state as far as the process allows (the caches hold what earlier documents asked; the
 * generated names are distinct per shape and size, so they never answer from an earlier document's look-ups).
 * Wall time depends on the machine's load (printed with it); processor time much less so.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { extractReadingsOffline } from '../shared/domain/extraction/index';
import { resolveIndicator } from '../shared/domain/standardization/resolver';

const here = dirname(fileURLToPath(import.meta.url));
const REPORTS = join(here, '..', 'eval', 'extraction', 'reports');

/** Mulberry32: a small seeded generator, so the documents are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mir', 'tes', 'vun', 'dra', 'pel', 'sor', 'ix', 'quo', 'bem', 'ta', 'ner', 'ul', 'fos'];
const UNITS = ['mg/dL', 'mmol/L', 'g/L', 'U/L', '%', 'km', 'kg', 'pg', 'µmol/L', 'ng/mL', 'cm', 'h'];
const PROSE_WORDS = [
  'the',
  'river',
  'was',
  'about',
  'morning',
  'and',
  'she',
  'walked',
  'with',
  'her',
  'brother',
  'past',
  'old',
  'mill',
  'where',
  'nobody',
  'had',
  'lived',
  'since',
  'winter',
];

function word(random: () => number): string {
  const n = 2 + Math.floor(random() * 3);
  let out = '';
  for (let k = 0; k < n; k++) out += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
  return out;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function value(random: () => number): string {
  return (random() * 500).toFixed(random() < 0.5 ? 0 : 1);
}

type Generator = (lines: number, random: () => number) => string;

/** `Kalomir tesvun 12.4 mg/dL`: distinct made-up names, each with a number and a unit (some laboratory units). */
const words: Generator = (lines, random) => {
  const out: string[] = [];
  for (let k = 0; k < lines; k++) {
    const name = `${capitalised(word(random))} ${word(random)}${random() < 0.5 ? ` ${word(random)}` : ''}`;
    out.push(`${name} ${value(random)} ${UNITS[Math.floor(random() * UNITS.length)]}`);
  }
  return out.join('\n');
};

/** `ixbem,4411,quota,12.5,kg,sorfos`: comma-separated junk, read as a structured export. */
const csv: Generator = (lines, random) => {
  const out: string[] = [];
  for (let k = 0; k < lines; k++) {
    out.push([word(random), String(k), word(random), value(random), UNITS[k % UNITS.length], word(random)].join(','));
  }
  return out.join('\n');
};

/** A novel with numbers: sentences of ordinary words with distances, ages and made-up names before numbers. */
const prose: Generator = (lines, random) => {
  const out: string[] = [];
  for (let k = 0; k < lines; k++) {
    const parts: string[] = [];
    for (let w = 0; w < 14; w++) parts.push(PROSE_WORDS[Math.floor(random() * PROSE_WORDS.length)] as string);
    parts.splice(4, 0, capitalised(word(random)), word(random), 'was', value(random), random() < 0.5 ? 'km' : 'mg/dL');
    parts.push(`and ${word(random)} ${value(random)} %`);
    out.push(`${capitalised(parts.join(' '))}.`);
  }
  return out.join('\n');
};

/** A log dump: timestamps, levels, made-up components and numbers. */
const log: Generator = (lines, random) => {
  const out: string[] = [];
  for (let k = 0; k < lines; k++) {
    const minute = String(k % 60).padStart(2, '0');
    out.push(
      `2026-03-14T10:${minute}:07Z INFO ${word(random)}.${word(random)} ${word(random)} took ${value(random)} ms, ${word(random)} ${value(random)} MB`,
    );
  }
  return out.join('\n');
};

/** A real dev report repeated until the document has `lines` lines. */
function repeated(file: string): Generator {
  return (lines) => {
    const report = readFileSync(join(REPORTS, file), 'utf8').split('\n');
    const out: string[] = [];
    while (out.length < lines) out.push(...report);
    return out.slice(0, lines).join('\n');
  };
}

const SHAPES: Record<string, Generator> = {
  words,
  csv,
  prose,
  log,
  'report-lab': repeated('fresh4-us-quest-lipid-a1c.txt'),
  'report-letter': repeated('fresh3-au-discharge-summary.txt'),
};

/** One line of about 1 MB: words, numbers and units without a line break. */
function oneMegabyteLine(): string {
  const random = seeded(99);
  const parts: string[] = [];
  let length = 0;
  while (length < 1_000_000) {
    const part = `${word(random)} ${value(random)} ${UNITS[Math.floor(random() * UNITS.length)]},`;
    parts.push(part);
    length += part.length + 1;
  }
  return parts.join(' ');
}

function option(name: string): string | null {
  const at = process.argv.indexOf(name);
  return at < 0 ? null : (process.argv[at + 1] ?? null);
}

function megabytes(bytes: number): string {
  return (bytes / 1_048_576).toFixed(0);
}

interface Row {
  shape: string;
  lines: number;
  ms: number;
  /** Processor time of this process while reading: what the document costs whatever else shares the machine. */
  cpuMs: number;
  readings: number;
  lookups: number | null;
  heapMb: string;
}

/** The extractor's count of resolver look-ups for the last document, when it keeps one. */
let lookupsOf: () => number | null = () => null;

function measure(shape: string, lines: number, text: string): Row {
  (globalThis as { gc?: () => void }).gc?.();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const readings = extractReadingsOffline(text);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return {
    shape,
    lines,
    ms,
    cpuMs: (used.user + used.system) / 1000,
    readings: readings.length,
    lookups: lookupsOf(),
    heapMb: megabytes(getHeapStatistics().used_heap_size),
  };
}

async function main(): Promise<void> {
  try {
    const budget = await import('../shared/domain/extraction/lookup-budget');
    lookupsOf = () => budget.lookupStatistics().spent;
  } catch {
    // an extractor without a shared look-up budget: the column stays empty
  }
  const sizes = (option('--sizes') ?? '500,2000,5000,20000').split(',').map(Number);
  const shapes = (option('--shapes') ?? [...Object.keys(SHAPES), 'megabyte-line'].join(',')).split(',');
  const load = loadavg().map((l) => l.toFixed(2));
  console.log(`load average ${load.join(' ')} (1, 5, 15 min); node ${process.version}`);
  // The resolver's corpus and retrieval index are built on first use (a cold start), not per document.
  const warm = performance.now();
  extractReadingsOffline('Glucose 5.4 mmol/L\nKalomir tesvun 12 mg/dL\nThe quorbazine level was 5 today');
  resolveIndicator('quorbazine flumoxil', 'mg/dL');
  console.log(`warm-up (corpus and retrieval index) ${(performance.now() - warm).toFixed(0)} ms`);
  console.log('shape           lines   ms/doc  cpu ms/doc  µs/line  readings  lookups  heap MB');
  const rows: Row[] = [];
  for (const shape of shapes) {
    if (shape === 'megabyte-line') {
      rows.push(measure(shape, 1, oneMegabyteLine()));
    } else {
      const generate = SHAPES[shape];
      if (!generate) throw new Error(`unknown shape ${shape}`);
      for (const size of sizes) rows.push(measure(shape, size, generate(size, seeded(size * 31 + shape.length))));
    }
    for (const row of rows.splice(0)) {
      console.log(
        `${row.shape.padEnd(14)} ${String(row.lines).padStart(6)} ${row.ms.toFixed(0).padStart(8)} ${row.cpuMs.toFixed(0).padStart(11)} ${((row.ms * 1000) / row.lines).toFixed(0).padStart(9)} ${String(row.readings).padStart(9)} ${String(row.lookups ?? '-').padStart(8)} ${row.heapMb.padStart(8)}`,
      );
    }
  }
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(`peak resident size ${megabytes(peak)} MB; load average now ${loadavg()[0]?.toFixed(2)}`);
}

await main();

import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'tesseract.js';
import type { OcrEngine } from '../../domain/documents/types';
import { UnreadableDocumentError } from './errors';
import { isIntactPng } from './png-integrity';
import { sniffSignature } from './signatures';

export interface TesseractOcrOptions {
  /** Directory holding `<language>.traineddata.gz`. Default: `tesseractLangPath()` (bundled, no network). */
  langPath?: string;
  /** Tesseract language code(s), `+`-joined. Default `eng`. */
  language?: string;
}

/**
 * The English LSTM model shipped in `@tesseract.js-data/eng` (`4.0.0_best_int`, the data tesseract.js itself would
 * otherwise download from jsDelivr for its default LSTM engine).
 */
export function tesseractLangPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/**
 * Local OCR with tesseract.js: one long-lived worker thread, created on first use and reused, so the ~0.5 s start
 * (WASM core and language model) is paid once per process; recognitions are queued through it one at a time.
 * Nothing touches the network: in Node tesseract.js loads its worker script and WASM core from its own package
 * (`tesseract.js-core`), and the language data comes from `langPath` on disk. `cacheMethod: 'none'` stops it
 * writing `eng.traineddata` into the working directory (read-only on Lambda), and an `errorHandler` stops a failed
 * job from being rethrown inside the worker's message handler, where it would crash the process.
 * Call `terminate()` on shutdown: the worker thread keeps the process alive.
 */
export class TesseractOcr implements OcrEngine {
  private worker: Promise<Worker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** Resolved with the first recognition: a host that never reads an image needs neither the engine nor its data. */
  private readonly langPath: string | undefined;
  private readonly language: string;

  constructor(options: TesseractOcrOptions = {}) {
    this.langPath = options.langPath;
    this.language = options.language ?? 'eng';
  }

  recognize(image: Buffer): Promise<string> {
    if (sniffSignature(image) === 'png' && !isIntactPng(image)) {
      return Promise.reject(new UnreadableDocumentError('The PNG image is damaged (its chunks are cut or corrupt)'));
    }
    const job = this.queue.then(async () => {
      const worker = await this.ensureWorker();
      try {
        const result = await worker.recognize(image);
        return result.data.text;
      } catch (error) {
        // The worker rejects with a bare string; an image it cannot decode is a property of the file, not a fault.
        if (/read image/i.test(String(error))) {
          throw new UnreadableDocumentError('The image could not be decoded for OCR', { cause: error });
        }
        throw error instanceof Error ? error : new Error(String(error));
      }
    });
    this.queue = job.catch(() => undefined);
    return job;
  }

  /** Stops the worker thread; the next `recognize` starts a new one. */
  async terminate(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    await this.queue;
    await (await worker.catch(() => null))?.terminate();
  }

  private ensureWorker(): Promise<Worker> {
    if (!this.worker) {
      const starting = this.start();
      this.worker = starting;
      // A failed start (missing language data) is not cached: the next call tries again.
      starting.catch(() => {
        if (this.worker === starting) this.worker = null;
      });
    }
    return this.worker;
  }

  private async start(): Promise<Worker> {
    const tesseract = await import('tesseract.js');
    const createWorker =
      tesseract.createWorker ?? (tesseract as unknown as { default: typeof tesseract }).default.createWorker;
    // preserve_interword_spaces stays off: tesseract's column gaps are not proportional to the page, and single-spaced
    // rows under a single-spaced header read better in the extractor than ragged runs of spaces.
    return createWorker(this.language, 1 /* OEM.LSTM_ONLY */, {
      langPath: this.langPath ?? tesseractLangPath(),
      gzip: true,
      cacheMethod: 'none',
      errorHandler: () => {},
    });
  }
}

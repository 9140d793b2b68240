import { afterAll, describe, expect, it } from 'vitest';
import { DocumentReaders, UnreadableDocumentError } from '../../../shared/adapters/documents/document-readers';
import { ImageReader } from '../../../shared/adapters/documents/image-reader';
import { PdfReader } from '../../../shared/adapters/documents/pdf-reader';
import { TesseractOcr } from '../../../shared/adapters/documents/tesseract-ocr';
import { panelLineImage, reportPhotoPng, scannedPdf } from '../../support/document-fixtures';
import { bodyOf, infoOf, readingsIn } from './helpers';

/** One worker for the whole file: its start (WASM core, language model) is the slow part. */
const ocr = new TesseractOcr();
afterAll(() => ocr.terminate());

/**
 * OCR is allowed small slips (a dropped flag, a misread `<`), so the assertions are on what matters: every test of
 * the panel is found with its value and unit.
 */
function expectPanel(text: string) {
  for (const word of ['Glucose', 'Creatinine', 'Hemoglobin', 'Cholesterol', 'mg/dL']) expect(text).toContain(word);
  const readings = readingsIn(text);
  for (const reading of [
    'Glucose 104 mg/dL',
    'Creatinine 0.9 mg/dL',
    'Hemoglobin 13.8 g/dL',
    'LDL Cholesterol 131 mg/dL',
  ]) {
    expect(readings.some((r) => r.startsWith(reading))).toBe(true);
  }
}

describe('tesseract.js OCR, offline', () => {
  it('reads a tilted, speckled photo of a report (PNG)', async () => {
    const png = await reportPhotoPng();
    const result = await new ImageReader(ocr).read(bodyOf(png, 65536), infoOf('photo.png', 'image/png', png));
    expect(result).toMatchObject({ method: 'ocr', pages: 1, tables: [] });
    expectPanel(result.text);
  });

  it.each(['png', 'jpeg', 'tiff'] as const)('reads a %s image', async (format) => {
    const image = await panelLineImage(format);
    const result = await new ImageReader(ocr).read(bodyOf(image), infoOf(`line.${format}`, `image/${format}`, image));
    expect(readingsIn(result.text)).toEqual(['Glucose 104 mg/dL 70-99 H']);
  });

  it('reads a scanned PDF (a page that is only an image) through render + OCR', async () => {
    const pdf = await scannedPdf();
    const result = await new PdfReader({ ocr }).read(bodyOf(pdf, 65536), infoOf('scan.pdf', 'application/pdf', pdf));
    expect(result).toMatchObject({ method: 'ocr', pages: 1 });
    expectPanel(result.text);
  });

  it('routes a photo sent as application/octet-stream with a .pdf name to OCR by its bytes', async () => {
    const png = await reportPhotoPng();
    const readers = new DocumentReaders({ ocr });
    const result = await readers.read(bodyOf(png, 65536), infoOf('scan.pdf', 'application/octet-stream', png));
    expect(result.method).toBe('ocr');
    expect(result.text).toContain('Glucose');
  });

  it('rejects an undecodable image without crashing the process, and keeps working', async () => {
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    await expect(ocr.recognize(broken)).rejects.toBeInstanceOf(UnreadableDocumentError);
    expect(await ocr.recognize(await panelLineImage('png'))).toContain('Glucose');
  });

  it('restarts the worker after terminate', async () => {
    const engine = new TesseractOcr();
    await engine.terminate();
    const text = await engine.recognize(await reportPhotoPng());
    expect(text).toContain('Hemoglobin');
    await engine.terminate();
  });
});

import { describe, expect, it } from 'vitest';
import {
  DocumentReaders,
  detectDocumentKind,
  SUPPORTED_FILE_TYPES,
  UnsupportedDocumentError,
} from '../../../shared/adapters/documents/document-readers';
import { UnsupportedDocumentError as ErrorsUnsupported } from '../../../shared/adapters/documents/errors';
import { ImageReader } from '../../../shared/adapters/documents/image-reader';
import { sniffSignature } from '../../../shared/adapters/documents/signatures';
import type { OcrEngine } from '../../../shared/domain/documents/types';
import { labCsv, labTxt, longLayoutXlsx, reportPng, textPdf } from '../../support/document-fixtures';
import { bodyOf, infoOf, PANEL_READINGS, readingsIn } from './helpers';

const ocr: OcrEngine = { recognize: async () => 'Glucose 104 mg/dL' };
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const TIFF = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic')]);
const XLS = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0, 0, 0, 0, 0]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]);

const kind = (head: Buffer, filename: string, contentType = 'application/octet-stream') =>
  detectDocumentKind(head, { filename, contentType });

describe('detectDocumentKind: bytes first, then name, then MIME type', () => {
  it('trusts the signature over a lying name and MIME type', async () => {
    const pdf = await textPdf();
    const png = await reportPng({ scale: 0.5 });
    expect(kind(pdf, 'report.txt', 'text/plain')).toBe('pdf');
    expect(kind(pdf.subarray(0, 16), 'photo.jpg', 'image/jpeg')).toBe('pdf');
    expect(kind(png, 'report.pdf', 'application/pdf')).toBe('image');
    expect(kind(JPEG, 'upload', 'application/octet-stream')).toBe('image');
    expect(kind(TIFF, 'scan.bin', 'application/pdf')).toBe('image');
    expect(kind(await longLayoutXlsx(), 'labs.csv', 'text/csv')).toBe('spreadsheet');
    expect(kind(ZIP, 'labs', 'application/octet-stream')).toBe('spreadsheet');
  });

  it('reads text by name, MIME type, or a delimited look', () => {
    const csv = labCsv(';');
    expect(kind(csv, 'export.csv', 'application/vnd.ms-excel')).toBe('csv');
    expect(kind(csv, 'export', 'application/octet-stream')).toBe('csv');
    expect(kind(csv, 'export.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe('csv');
    expect(kind(csv, 'data', 'text/tab-separated-values')).toBe('csv');
    expect(kind(labTxt(), 'report.pdf', 'application/pdf')).toBe('text');
    expect(kind(labTxt(), 'notes', 'text/plain; charset=utf-8')).toBe('text');
    expect(kind(Buffer.from('Mentions %PDF-1.4 in passing'), 'n.txt')).toBe('text');
  });

  it('refuses what it cannot read', () => {
    expect(kind(HEIC, 'IMG_0001.HEIC', 'image/heic')).toBeNull();
    expect(kind(HEIC, 'photo.jpg', 'image/jpeg')).toBeNull();
    expect(kind(XLS, 'old.xls', 'application/vnd.ms-excel')).toBeNull();
    expect(kind(ZIP, 'letter.docx')).toBeNull();
    expect(kind(ZIP, 'archive.zip', 'application/zip')).toBeNull();
    expect(kind(Buffer.from('GIF89a\x01\x00'), 'a.gif', 'image/gif')).toBeNull();
    expect(kind(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00]), 'program', 'text/plain')).toBeNull();
    expect(sniffSignature(HEIC)).toBe('heif');
  });
});

describe('DocumentReaders', () => {
  const readers = new DocumentReaders({ ocr });

  it('picks the reader from the bytes and streams the whole file to it', async () => {
    const pdf = await textPdf();
    const fromPdf = await readers.read(bodyOf(pdf, 100), infoOf('lab.txt', 'text/plain', pdf));
    expect(fromPdf.method).toBe('pdf-text');
    expect(readingsIn(fromPdf.text)).toEqual(PANEL_READINGS);

    const xlsx = await longLayoutXlsx();
    const fromXlsx = await readers.read(bodyOf(xlsx, 100), infoOf('labs.bin', 'application/octet-stream', xlsx));
    expect(fromXlsx.tables.map((t) => t.name)).toEqual(['Results', 'Befunde']);

    const csv = labCsv();
    const fromCsv = await readers.read(bodyOf(csv, 10), infoOf('labs.xlsx', 'application/vnd.ms-excel', csv));
    expect(fromCsv.tables[0]?.rows).toHaveLength(6);

    const txt = labTxt();
    const fromTxt = await readers.read(bodyOf(txt, 3), infoOf('report', 'application/octet-stream', txt));
    expect(readingsIn(fromTxt.text)).toEqual(PANEL_READINGS);
  });

  it('refuses unknown types with a 415 that lists what is supported', async () => {
    const error = await readers.read(bodyOf(XLS), infoOf('old.xls', 'application/vnd.ms-excel', XLS)).catch((e) => e);
    expect(error).toBeInstanceOf(UnsupportedDocumentError);
    expect(error).toBeInstanceOf(ErrorsUnsupported);
    expect(error).toMatchObject({ status: 415, code: 'unsupported_file_type' });
    expect(error.message).toContain(SUPPORTED_FILE_TYPES.join(', '));
    const heic = await readers.read(bodyOf(HEIC), infoOf('IMG.HEIC', 'image/heic', HEIC)).catch((e) => e);
    expect(heic.message).toMatch(/^HEIC\/HEIF images cannot be read/);
  });

  it('the image reader refuses non-image bytes it is handed directly', async () => {
    const text = Buffer.from('not an image');
    await expect(new ImageReader(ocr).read(bodyOf(text), infoOf('x.png', 'image/png', text))).rejects.toBeInstanceOf(
      UnsupportedDocumentError,
    );
    await expect(new ImageReader(ocr).read(bodyOf(HEIC), infoOf('x.heic', 'image/heic', HEIC))).rejects.toThrow(/HEIC/);
  });
});

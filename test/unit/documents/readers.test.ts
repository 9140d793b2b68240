import { describe, expect, it } from 'vitest';
import { CsvReader, csvRows, detectCsvDelimiter } from '../../../shared/adapters/documents/csv-reader';
import {
  DocumentTooLargeError,
  UnreadableDocumentError,
  UnsupportedDocumentError,
} from '../../../shared/adapters/documents/errors';
import { layoutPageText, PdfReader } from '../../../shared/adapters/documents/pdf-reader';
import {
  cellDisplayText,
  formatExcelNumber,
  isoFromExcelDate,
  SpreadsheetReader,
} from '../../../shared/adapters/documents/spreadsheet-reader';
import { TextReader } from '../../../shared/adapters/documents/text-reader';
import type { OcrEngine } from '../../../shared/domain/documents/types';
import {
  labCsv,
  labReportText,
  labTxt,
  longLayoutXlsx,
  scannedPdf,
  textPdf,
  textPdfWithFooterPage,
  wideLayoutXlsx,
} from '../../support/document-fixtures';
import { bodyOf, infoOf, PANEL_READINGS, readingsIn } from './helpers';

/** An OCR engine that records what it was given and answers a fixed text. */
function fakeOcr(text: string): OcrEngine & { images: Buffer[] } {
  const images: Buffer[] = [];
  return {
    images,
    async recognize(image) {
      images.push(image);
      return text;
    },
  };
}

describe('PdfReader', () => {
  it('reads the text layer in reading order, columns kept apart, so the panel extracts', async () => {
    const pdf = await textPdf();
    const ocr = fakeOcr('never used');
    const result = await new PdfReader({ ocr }).read(bodyOf(pdf), infoOf('report.pdf', 'application/pdf', pdf));
    expect(result).toMatchObject({ method: 'pdf-text', pages: 1, tables: [], truncated: false });
    expect(result.text.split('\n')[0]).toBe('City Medical Laboratory');
    expect(result.text).toMatch(/^Glucose {2,}104 {2,}mg\/dL {2,}70-99 {2,}H$/m);
    expect(readingsIn(result.text)).toEqual(PANEL_READINGS);
    expect(ocr.images).toHaveLength(0);
  });

  it('caps the pages it reads and says so', async () => {
    const pdf = await textPdf({ pages: 3 });
    const result = await new PdfReader({ maxPages: 2 }).read(bodyOf(pdf), infoOf('r.pdf', 'application/pdf', pdf));
    expect(result.pages).toBe(3);
    expect(result.truncated).toBe(true);
    expect(result.text).toContain('Page 2 of 3');
    expect(result.text).not.toContain('Page 3 of 3');
  });

  it('renders a page without a text layer to PNG and OCRs it', async () => {
    const pdf = await scannedPdf();
    const ocr = fakeOcr('Glucose 104 mg/dL 70-99 H');
    const result = await new PdfReader({ ocr }).read(bodyOf(pdf), infoOf('scan.pdf', 'application/pdf', pdf));
    expect(result).toMatchObject({ method: 'ocr', pages: 1, text: 'Glucose 104 mg/dL 70-99 H' });
    expect(ocr.images).toHaveLength(1);
    expect(ocr.images[0]?.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('without an OCR engine, marks a scanned PDF as such and yields empty text (the cloud sends it to Textract async)', async () => {
    const pdf = await scannedPdf({ pages: 2 });
    const result = await new PdfReader().read(bodyOf(pdf), infoOf('scan.pdf', 'application/pdf', pdf));
    expect(result).toMatchObject({ method: 'pdf-text', text: '', pages: 2, scanned: true });
  });

  it('marks a born-digital PDF whose last page is nearly empty too: that page may be a scan', async () => {
    const pdf = await textPdfWithFooterPage();
    const result = await new PdfReader().read(bodyOf(pdf), infoOf('report.pdf', 'application/pdf', pdf));
    expect(result).toMatchObject({ pages: 2, scanned: true });
    expect(readingsIn(result.text)).toEqual(PANEL_READINGS);
    const full = await textPdf();
    expect(
      (await new PdfReader().read(bodyOf(full), infoOf('r.pdf', 'application/pdf', full))).scanned,
    ).toBeUndefined();
  });

  it('never marks a scan when an OCR engine reads its pages', async () => {
    const pdf = await scannedPdf();
    const result = await new PdfReader({ ocr: fakeOcr('Glucose 104 mg/dL') }).read(
      bodyOf(pdf),
      infoOf('scan.pdf', 'application/pdf', pdf),
    );
    expect(result.scanned).toBeUndefined();
  });

  it('refuses bytes that are not a PDF, and files over the size cap', async () => {
    const junk = Buffer.from('%PDF-1.7\nthis is not really a pdf');
    await expect(new PdfReader().read(bodyOf(junk), infoOf('x.pdf', 'application/pdf', junk))).rejects.toBeInstanceOf(
      UnreadableDocumentError,
    );
    const pdf = await textPdf();
    await expect(
      new PdfReader({ maxBytes: 100 }).read(bodyOf(pdf), infoOf('x.pdf', 'application/pdf', pdf)),
    ).rejects.toBeInstanceOf(DocumentTooLargeError);
  });

  it('lays out items by baseline and position', () => {
    const item = (str: string, x: number, y: number) => ({ str, x, y, width: str.length * 5, fontSize: 10 });
    const text = layoutPageText([item('104', 150, 700), item('Glucose', 50, 700.4), item('Title', 50, 750)]);
    // Font size 10 → a 5-pt character grid: x 150 is column 20 counted from the leftmost item.
    expect(text).toBe(`Title\n${'Glucose'.padEnd(20)}104`);
  });
});

describe('TextReader', () => {
  it('strips the BOM, normalises CRLF and keeps the report readable', async () => {
    const txt = labTxt();
    const result = await new TextReader().read(bodyOf(txt, 7), infoOf('report.txt', 'text/plain', txt));
    expect(result).toMatchObject({ method: 'text', pages: 1, tables: [], truncated: false });
    expect(result.text).toBe(labReportText());
    expect(readingsIn(result.text)).toEqual(PANEL_READINGS);
  });

  it('reads Windows-1252 text that is not valid UTF-8', async () => {
    const latin = Buffer.from('Kalium 4,2 mmol/l\nBemerkung: nüchtern\n', 'latin1');
    const result = await new TextReader().read(bodyOf(latin), infoOf('befund.txt', 'text/plain', latin));
    expect(result.text).toContain('nüchtern');
  });

  it('refuses binary content', async () => {
    const binary = Buffer.from([0x00, 0x01, 0x02, 0x03, 0x41, 0x42]);
    await expect(new TextReader().read(bodyOf(binary), infoOf('x.txt', 'text/plain', binary))).rejects.toBeInstanceOf(
      UnsupportedDocumentError,
    );
  });

  it('keeps at most the text cap', async () => {
    const long = Buffer.from('abcdefghij'.repeat(1000));
    const result = await new TextReader({ maxTextChars: 25 }).read(
      bodyOf(long, 64),
      infoOf('l.txt', 'text/plain', long),
    );
    expect(result.text).toBe('abcdefghijabcdefghijabcde');
    expect(result.truncated).toBe(true);
  });
});

describe('CsvReader', () => {
  it('detects the delimiter from the first line', () => {
    expect(detectCsvDelimiter('Date,Test,Result')).toBe(',');
    expect(detectCsvDelimiter('Datum;Wert,Einheit;Referenz')).toBe(';');
    expect(detectCsvDelimiter('Date\tTest\tResult')).toBe('\t');
    expect(detectCsvDelimiter('"Test, name";Result;Unit')).toBe(';');
    expect(detectCsvDelimiter('sep=;')).toBe(';');
    expect(detectCsvDelimiter('single column')).toBe(',');
  });

  it.each([
    [',', 'panel.csv'],
    [';', 'panel-de.csv'],
    ['\t', 'panel.tsv'],
  ] as const)('reads a %j-separated file into one table and tab-separated text', async (delimiter, filename) => {
    const csv = labCsv(delimiter);
    const result = await new CsvReader().read(bodyOf(csv, 50), infoOf(filename, 'text/csv', csv));
    expect(result).toMatchObject({ method: 'spreadsheet', pages: 1, truncated: false });
    expect(result.tables).toHaveLength(1);
    const [table] = result.tables;
    expect(table?.name).toBe(filename);
    expect(table?.rows[0]).toEqual(['Date', 'Test', 'Result', 'Unit', 'Reference range', 'Flag']);
    expect(table?.rows).toHaveLength(6);
    const decimal = delimiter === ';' ? '13,8' : '13.8';
    expect(table?.rows[3]).toEqual([
      '2024-03-01',
      'Hemoglobin',
      decimal,
      'g/dL',
      delimiter === ';' ? '12,0-15,5' : '12.0-15.5',
      '',
    ]);
    expect(result.text.split('\n')[1]).toBe('2024-03-01\tGlucose\t104\tmg/dL\t70-99\tH');
  });

  it('keeps quoted delimiters and line breaks inside one cell', async () => {
    const csv = Buffer.from('Test,Result,Note\r\n"Glucose, fasting",104,"two\nlines"\r\n');
    const result = await new CsvReader().read(bodyOf(csv, 5), infoOf('q.csv', 'text/csv', csv));
    expect(result.tables[0]?.rows[1]).toEqual(['Glucose, fasting', '104', 'two\nlines']);
    expect(result.text.split('\n')[1]).toBe('Glucose, fasting\t104\ttwo lines');
  });

  it('caps rows kept and text, but counts every row; csvRows streams them all', async () => {
    const lines = [
      'Date,Steps',
      ...Array.from({ length: 500 }, (_, i) => `2024-01-01T00:${String(i % 60).padStart(2, '0')},${i}`),
    ];
    const csv = Buffer.from(lines.join('\n'));
    const result = await new CsvReader({ maxTableRows: 10, maxTextChars: 100 }).read(
      bodyOf(csv, 333),
      infoOf('steps.csv', 'text/csv', csv),
    );
    expect(result.truncated).toBe(true);
    expect(result.tables[0]?.rows).toHaveLength(10);
    expect(result.tables[0]?.totalRows).toBe(501);
    expect(result.text.length).toBeLessThanOrEqual(100);
    let count = 0;
    for await (const _row of csvRows(bodyOf(csv, 333))) count++;
    expect(count).toBe(501);
  });

  it('reads a chunk of thousands of rows at once, in order, and every row of a body cut mid-record', async () => {
    const lines = ['Date,Steps', ...Array.from({ length: 10_000 }, (_, i) => `2024-01-01,${i}`)];
    const csv = Buffer.from(`${lines.join('\r\n')}\r\n`);
    // One chunk holding every row: the parser queues them all before the reader takes any.
    const whole = await new CsvReader().read(bodyOf(csv, csv.length), infoOf('s.csv', 'text/csv', csv));
    expect(whole.tables[0]?.rows).toHaveLength(10_001);
    expect(whole.tables[0]?.rows.at(-1)).toEqual(['2024-01-01', '9999']);
    expect(whole.truncated).toBe(false);
    // Chunks that end inside records (and between \r and \n): the same rows.
    const steps: string[] = [];
    for await (const row of csvRows(bodyOf(csv, 4097))) steps.push(row[1] ?? '');
    expect(steps).toHaveLength(10_001);
    expect(steps.slice(0, 3)).toEqual(['Steps', '0', '1']);
    expect(steps.at(-1)).toBe('9999');
  });

  it('reports a malformed file as a parse error from read and from csvRows', async () => {
    const csv = Buffer.from('Test,Result\nGlucose,"104\nKalium,4.2\n');
    await expect(new CsvReader().read(bodyOf(csv, 7), infoOf('bad.csv', 'text/csv', csv))).rejects.toMatchObject({
      code: 'CSV_QUOTE_NOT_CLOSED',
    });
    const rows = async () => {
      for await (const _row of csvRows(bodyOf(csv, 7))) {
        // drained
      }
    };
    await expect(rows()).rejects.toMatchObject({ code: 'CSV_QUOTE_NOT_CLOSED' });
  });

  it('keeps a quote that closes a cell too early as text, as csv-parse did, without joining records', async () => {
    const csv = Buffer.from('Test,Note\nGlucose,"5" tablets\nKalium,"a ""b"" c"\nNatrium,"x, y"\n');
    for (const chunk of [1, 3, 7, csv.length]) {
      const rows: string[][] = [];
      for await (const row of csvRows(bodyOf(csv, chunk))) rows.push(row);
      expect(rows).toEqual([
        ['Test', 'Note'],
        ['Glucose', '"5" tablets'],
        ['Kalium', 'a "b" c'],
        ['Natrium', 'x, y'],
      ]);
    }
  });

  it('csvRows stopped early releases the body', async () => {
    const lines = ['Date,Steps', ...Array.from({ length: 5_000 }, (_, i) => `2024-01-01,${i}`)];
    const body = bodyOf(Buffer.from(lines.join('\n')), 1000);
    let seen = 0;
    for await (const _row of csvRows(body)) if (++seen === 3) break;
    expect(seen).toBe(3);
    expect(body.destroyed).toBe(true);
  });

  it('reads a UTF-8 BOM and a Windows-1252 file', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Test;Wert\nKalium;4,2\n')]);
    const withBom = await new CsvReader().read(bodyOf(bom), infoOf('b.csv', 'text/csv', bom));
    expect(withBom.tables[0]?.rows).toEqual([
      ['Test', 'Wert'],
      ['Kalium', '4,2'],
    ]);
    const latin = Buffer.from('Test;Bemerkung\nKalium;nüchtern\n', 'latin1');
    const fromLatin = await new CsvReader().read(bodyOf(latin), infoOf('l.csv', 'text/csv', latin));
    expect(fromLatin.tables[0]?.rows[1]).toEqual(['Kalium', 'nüchtern']);
  });
});

describe('SpreadsheetReader', () => {
  it('turns every sheet into a table of display text, dates as ISO 8601', async () => {
    const xlsx = await longLayoutXlsx();
    const result = await new SpreadsheetReader().read(
      bodyOf(xlsx, 4096),
      infoOf('labs.xlsx', 'application/octet-stream', xlsx),
    );
    expect(result).toMatchObject({ method: 'spreadsheet', pages: 2, truncated: false });
    expect(result.tables.map((t) => t.name)).toEqual(['Results', 'Befunde']);
    expect(result.tables[0]?.rows.slice(0, 3)).toEqual([
      ['City Medical Laboratory – results export'],
      ['Date', 'Test', 'Result', 'Unit', 'Reference range'],
      ['2024-03-01', 'Glucose', '104', 'mg/dL', '70-99'],
    ]);
    expect(result.tables[0]?.rows[3]).toEqual(['2024-03-01', 'Creatinine', '0.9', 'mg/dL', '0.6-1.2']);
    expect(result.tables[1]?.rows[1]).toEqual(['Kalium', 'mmol/l', '4.2', '3,5-5,1', '2024-02-14T07:45:00']);
    expect(result.text.split('\n').slice(0, 3)).toEqual([
      'Sheet: Results',
      'City Medical Laboratory – results export',
      'Date\tTest\tResult\tUnit\tReference range',
    ]);
    expect(result.text).toContain('\n\nSheet: Befunde\n');
  });

  it('renders formulas by their cached result and numbers in their format', async () => {
    const xlsx = await wideLayoutXlsx();
    const result = await new SpreadsheetReader().read(
      bodyOf(xlsx),
      infoOf('log.xlsx', 'application/vnd.ms-excel', xlsx),
    );
    const rows = result.tables[0]?.rows ?? [];
    expect(rows[0]).toEqual(['Date', 'Weight (kg)', 'Glucose [mg/dL]', 'Steps', 'Notes']);
    expect(rows[1]).toEqual(['2024-03-01T07:30:00', '82.4', '104', '8012', 'after run']);
    expect(rows[2]).toEqual(['2024-03-02T07:45:00', '82.1', '', '10230']);
    expect(rows[4]).toEqual(['Average', '82.1', '101', '8261']);
  });

  it('caps rows across the workbook', async () => {
    const xlsx = await longLayoutXlsx();
    const result = await new SpreadsheetReader({ maxTableRows: 3 }).read(bodyOf(xlsx), infoOf('l.xlsx', '', xlsx));
    expect(result.truncated).toBe(true);
    expect(result.tables[0]?.rows).toHaveLength(3);
    expect(result.tables[0]?.totalRows).toBe(7);
  });

  it('formats cells as Excel displays them', () => {
    expect(formatExcelNumber(0.1 + 0.2, undefined)).toBe('0.3');
    expect(formatExcelNumber(13.8, '0.00')).toBe('13.80');
    expect(formatExcelNumber(1234.5, '#,##0.0')).toBe('1234.5');
    expect(formatExcelNumber(0.054, '0.0%')).toBe('5.4%');
    expect(formatExcelNumber(5.4, '0.0#')).toBe('5.4');
    expect(formatExcelNumber(5.456, '0.0#')).toBe('5.46');
    expect(formatExcelNumber(7, 'General')).toBe('7');
    expect(isoFromExcelDate(new Date('2024-03-01T00:00:00Z'), 'dd/mm/yyyy')).toBe('2024-03-01');
    expect(isoFromExcelDate(new Date('1899-12-30T08:30:00Z'), 'hh:mm')).toBe('08:30:00');
    expect(isoFromExcelDate(new Date('2024-03-01T08:30:00Z'), 'm/d/yy h:mm')).toBe('2024-03-01T08:30:00');
    expect(cellDisplayText({ richText: [{ text: 'Gluc' }, { text: 'ose' }] }, undefined)).toBe('Glucose');
    expect(cellDisplayText({ error: '#DIV/0!' } as never, undefined)).toBe('#DIV/0!');
    expect(cellDisplayText(true, undefined)).toBe('TRUE');
  });

  it('refuses legacy .xls and reports a corrupt workbook as unreadable', async () => {
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    await expect(new SpreadsheetReader().read(bodyOf(xls), infoOf('old.xls', '', xls))).rejects.toBeInstanceOf(
      UnsupportedDocumentError,
    );
    const xlsx = await longLayoutXlsx();
    const cut = xlsx.subarray(0, 600);
    await expect(new SpreadsheetReader().read(bodyOf(cut), infoOf('cut.xlsx', '', cut))).rejects.toBeInstanceOf(
      UnreadableDocumentError,
    );
  });
});

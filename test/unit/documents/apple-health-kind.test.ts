import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectDocumentKind, fileMediaType } from '../../../shared/adapters/documents/document-kind';
import { zipOf } from '../../support/zip-writer';

const FIXTURES = new URL('../../fixtures/apple-health/', import.meta.url);
const head = (bytes: Buffer) => bytes.subarray(0, 1024);
const octets = 'application/octet-stream';

describe('Apple Health exports are detected from their bytes', () => {
  it('an export.zip made by zip(1) (first entry apple_health_export/) under any name or type', () => {
    const zip = readFileSync(new URL('export.zip', FIXTURES));
    for (const filename of ['export.zip', 'Health 2026.zip', 'upload']) {
      expect(detectDocumentKind(head(zip), { filename, contentType: octets })).toBe('apple-health');
      expect(fileMediaType(head(zip), { filename, contentType: 'application/zip' })).toBe('application/zip');
    }
  });

  it('a ZIP named export.zip whose first entry is elsewhere (the import then decides)', () => {
    const zip = zipOf([{ name: 'other/readme.txt', data: Buffer.from('hi') }]);
    expect(detectDocumentKind(head(zip), { filename: 'export.zip', contentType: 'application/zip' })).toBe(
      'apple-health',
    );
    expect(detectDocumentKind(head(zip), { filename: 'photos.zip', contentType: 'application/zip' })).toBeNull();
  });

  it('an XLSX stays a workbook', () => {
    const xlsx = zipOf([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }]);
    expect(detectDocumentKind(head(xlsx), { filename: 'labs.xlsx', contentType: octets })).toBe('spreadsheet');
  });

  it('export.xml by its DOCTYPE or root element, as application/xml', () => {
    const xml = readFileSync(new URL('export.xml', FIXTURES));
    expect(detectDocumentKind(head(xml), { filename: 'export.xml', contentType: 'text/xml' })).toBe('apple-health');
    expect(fileMediaType(head(xml), { filename: 'x.txt', contentType: 'text/plain' })).toBe('application/xml');
    const bare = Buffer.from('<?xml version="1.0"?>\n<HealthData locale="en_US">\n');
    expect(detectDocumentKind(bare, { filename: 'export.xml', contentType: octets })).toBe('apple-health');
  });

  it('other XML and text are still text', () => {
    const other = Buffer.from('<?xml version="1.0"?>\n<ClinicalDocument/>\n');
    expect(detectDocumentKind(other, { filename: 'export_cda.xml', contentType: 'text/xml' })).toBe('text');
  });
});

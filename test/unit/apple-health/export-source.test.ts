import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DocumentTooLargeError } from '../../../shared/adapters/documents/errors';
import type { BlobStore } from '../../../shared/ports/blob-store';
import { openExportXml } from '../../../shared/services/apple-health/export-source';
import { FileProcessingError } from '../../../shared/services/processing-failures';
import { zipOf } from '../../support/zip-writer';

/** The object store at the edge: one object, read whole or by range, every range read recorded. */
function storeOf(bytes: Buffer): BlobStore & { ranges: [number, number][]; wholeReads: number } {
  const store = {
    ranges: [] as [number, number][],
    wholeReads: 0,
    size: async () => bytes.length,
    get: async () => {
      store.wholeReads++;
      return Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]);
    },
    getRange: async (_key: string, start: number, end: number) => {
      store.ranges.push([start, end]);
      return Readable.from([bytes.subarray(start, end)]);
    },
  };
  return store as unknown as BlobStore & typeof store;
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const xml = '<?xml version="1.0"?>\n<HealthData locale="en_US"/>\n';

describe('openExportXml', () => {
  it('streams export.xml out of the zip by ranges, never reading the archive whole or the other entries', async () => {
    const cda = Buffer.alloc(200_000, 'c');
    const store = storeOf(
      zipOf([
        { name: 'apple_health_export/export_cda.xml', data: cda, method: 0 },
        { name: 'apple_health_export/export.xml', data: Buffer.from(xml) },
      ]),
    );
    expect(await text(await openExportXml(store, 'k', 1e6))).toBe(xml);
    expect(store.wholeReads).toBe(0);
    // No range covers the 200 KB CDA document.
    expect(store.ranges.every(([s, e]) => e - s < 100_000)).toBe(true);
  });

  it('takes a bare export.xml whole, under the same cap', async () => {
    expect(await text(await openExportXml(storeOf(Buffer.from(xml)), 'k', 1e6))).toBe(xml);
    await expect(text(await openExportXml(storeOf(Buffer.from(xml)), 'k', 20))).rejects.toThrow(DocumentTooLargeError);
  });

  it('fails a zip without export.xml with a reason for the file', async () => {
    const store = storeOf(zipOf([{ name: 'apple_health_export/export_cda.xml', data: Buffer.from('<x/>') }]));
    await expect(openExportXml(store, 'k', 1e6)).rejects.toThrow(FileProcessingError);
  });
});

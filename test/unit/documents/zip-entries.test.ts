import { Readable } from 'node:stream';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DocumentTooLargeError, UnreadableDocumentError } from '../../../shared/adapters/documents/errors';
import { openZipEntry, type RangeSource, zipEntries } from '../../../shared/adapters/documents/zip-entries';
import { zipOf } from '../../support/zip-writer';

function sourceOf(bytes: Buffer): RangeSource & { reads: [number, number][] } {
  const reads: [number, number][] = [];
  return {
    size: bytes.length,
    reads,
    async stream(start, end) {
      reads.push([start, end]);
      // Several chunks, so the reader cannot rely on one.
      const slice = bytes.subarray(start, end);
      const parts = [slice.subarray(0, 7), slice.subarray(7, 1000), slice.subarray(1000)].filter((p) => p.length > 0);
      return Readable.from(parts);
    },
  };
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const xml = Buffer.from(
  `<?xml version="1.0"?>\n<HealthData>${'<Record type="x" value="1"/>\n'.repeat(5000)}</HealthData>\n`,
);
const inputs = [
  { name: 'apple_health_export/', data: Buffer.alloc(0), method: 0 as const },
  { name: 'apple_health_export/export_cda.xml', data: Buffer.from('<ClinicalDocument/>') },
  { name: 'apple_health_export/workout-routes/route_1.gpx', data: Buffer.from('<gpx/>'), method: 0 as const },
  { name: 'apple_health_export/export.xml', data: xml },
];

describe('zip-entries', () => {
  it.each([
    ['deflated with data descriptors', false],
    ['ZIP64 records and extra fields', true],
  ])('lists the central directory and inflates an entry (%s)', async (_label, zip64) => {
    const source = sourceOf(zipOf(inputs, { zip64 }));
    const entries = await zipEntries(source);
    expect(entries.map((e) => e.name)).toEqual(inputs.map((i) => i.name));
    const entry = entries[3]!;
    expect(entry).toMatchObject({ method: 8, uncompressedSize: xml.length, flags: 0x0808 });
    expect(await text(await openZipEntry(source, entry, 1e9))).toBe(xml.toString('utf8'));
    // Only the tail, the directory, the local header and the entry's own bytes were read.
    expect(source.reads.every(([s, e]) => e - s <= 65_557 || s >= entry.localHeaderOffset)).toBe(true);
  });

  it('reads a stored entry as is', async () => {
    const source = sourceOf(zipOf(inputs));
    const gpx = (await zipEntries(source))[2]!;
    expect(gpx.method).toBe(0);
    expect(await text(await openZipEntry(source, gpx, 100))).toBe('<gpx/>');
  });

  it('refuses an entry declaring more than the cap before inflating anything', async () => {
    const source = sourceOf(zipOf(inputs));
    const entry = (await zipEntries(source))[3]!;
    const readsBefore = source.reads.length;
    await expect(openZipEntry(source, entry, 1000)).rejects.toThrow(DocumentTooLargeError);
    await expect(openZipEntry(source, entry, 1000)).rejects.toThrow(/export\.xml is larger than 1000 bytes/);
    expect(source.reads.length).toBe(readsBefore);
  });

  it('cuts off an entry inflating past the cap although its directory declared little (a lying bomb)', async () => {
    const bytes = zipOf(inputs);
    const source = sourceOf(bytes);
    const entry = (await zipEntries(source))[3]!;
    const lying = { ...entry, uncompressedSize: 10 };
    await expect(text(await openZipEntry(source, lying, 20_000))).rejects.toThrow(DocumentTooLargeError);
  });

  it('fails an entry whose bytes do not match its CRC (corrupt data)', async () => {
    const bytes = zipOf([{ name: 'a.txt', data: Buffer.from('hello world'), method: 0 }]);
    const at = bytes.indexOf('hello');
    bytes[at] = 'j'.charCodeAt(0);
    const source = sourceOf(bytes);
    const entry = (await zipEntries(source))[0]!;
    await expect(text(await openZipEntry(source, entry, 100))).rejects.toThrow(UnreadableDocumentError);
  });

  it('refuses a truncated archive and bytes that are no archive', async () => {
    const bytes = zipOf(inputs);
    await expect(zipEntries(sourceOf(bytes.subarray(0, bytes.length - 10)))).rejects.toThrow(UnreadableDocumentError);
    await expect(zipEntries(sourceOf(bytes.subarray(0, bytes.length - 200)))).rejects.toThrow(UnreadableDocumentError);
    await expect(zipEntries(sourceOf(Buffer.from('not a zip at all')))).rejects.toThrow(/no end of central directory/);
  });

  it('finds the end record behind an archive comment', async () => {
    const data = Buffer.from('<HealthData/>');
    const body = deflateRawSync(data);
    const zip = zipOf([{ name: 'apple_health_export/export.xml', data }]);
    const withComment = Buffer.concat([zip.subarray(0, zip.length - 2), Buffer.from([5, 0]), Buffer.from('hello')]);
    const source = sourceOf(withComment);
    const [entry] = await zipEntries(source);
    expect(entry?.compressedSize).toBe(body.length);
    expect(await text(await openZipEntry(source, entry!, 100))).toBe('<HealthData/>');
  });
});

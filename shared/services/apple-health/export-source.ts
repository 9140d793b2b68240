import { PassThrough, type Readable } from 'node:stream';
import { DocumentTooLargeError } from '../../adapters/documents/errors';
import { openZipEntry, type RangeSource, zipEntries } from '../../adapters/documents/zip-entries';
import type { BlobStore } from '../../ports/blob-store';
import { FileProcessingError } from '../processing-failures';

/** The bytes before a ZIP's first local header: `PK\x03\x04`. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream ?? []) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The stored object as a `RangeSource`: every read is a ranged GET, so the archive is never held. */
function rangeSourceOf(blobs: BlobStore, key: string, size: number): RangeSource {
  return {
    size,
    async stream(start, end) {
      const body = await blobs.getRange(key, start, end);
      if (!body) throw new Error('stored bytes are missing');
      return body;
    },
  };
}

/**
 * The export.xml of a stored Apple Health upload as a stream: the `apple_health_export/export.xml` entry of an
 * export.zip (never `export_cda.xml`, the routes or the ECGs), or the object itself when the upload was the XML. At
 * most `maxXmlBytes` come out: a larger entry (declared or inflated) fails the import instead of filling the disk or
 * the function's time.
 */
export async function openExportXml(blobs: BlobStore, key: string, maxXmlBytes: number): Promise<Readable> {
  const size = await blobs.size(key);
  if (size === null) throw new Error('stored bytes are missing');
  const head = await bytesOf(await blobs.getRange(key, 0, Math.min(size, ZIP_MAGIC.length)));
  if (!head.equals(ZIP_MAGIC)) {
    const body = await blobs.get(key);
    if (!body) throw new Error('stored bytes are missing');
    return capped(body, maxXmlBytes);
  }
  const source = rangeSourceOf(blobs, key, size);
  const entries = await zipEntries(source);
  const entry = entries.find((e) => e.name === 'export.xml' || e.name.endsWith('/export.xml'));
  if (!entry) {
    throw new FileProcessingError('The zip holds no apple_health_export/export.xml: upload the export.zip Health made');
  }
  return openZipEntry(source, entry, maxXmlBytes);
}

/** A bare export.xml held to the same cap as a zipped one. */
function capped(body: Readable, maxBytes: number): Readable {
  const out = new PassThrough();
  let bytes = 0;
  body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > maxBytes) {
      body.destroy();
      out.destroy(new DocumentTooLargeError(`export.xml is larger than ${maxBytes} bytes`));
    }
  });
  body.on('error', (err) => out.destroy(err));
  body.pipe(out);
  return out;
}

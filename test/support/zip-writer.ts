import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A small ZIP writer for tests and the benchmark, shaped like the archives phones make: local headers with zero sizes
 * and a data descriptor after each entry (flag bit 3), then the central directory; `zip64` writes the ZIP64 extra
 * fields, record and locator as an archive over 4 GiB must.
 */

export interface ZipInput {
  name: string;
  data: Buffer;
  method?: 0 | 8;
}

interface Written {
  name: Buffer;
  method: number;
  crc: number;
  compressed: number;
  uncompressed: number;
  offset: number;
}

function localHeader(name: Buffer, method: number): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(45, 4);
  h.writeUInt16LE(0x0808, 6); // data descriptor + UTF-8 names
  h.writeUInt16LE(method, 8);
  h.writeUInt16LE(name.length, 26);
  return Buffer.concat([h, name]);
}

function descriptor(e: Written, zip64: boolean): Buffer {
  const d = Buffer.alloc(zip64 ? 24 : 16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(e.crc, 4);
  if (zip64) {
    d.writeBigUInt64LE(BigInt(e.compressed), 8);
    d.writeBigUInt64LE(BigInt(e.uncompressed), 16);
  } else {
    d.writeUInt32LE(e.compressed, 8);
    d.writeUInt32LE(e.uncompressed, 12);
  }
  return d;
}

function centralDirectory(entries: Written[], start: number, zip64: boolean): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const h = Buffer.alloc(46);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(45, 4);
    h.writeUInt16LE(45, 6);
    h.writeUInt16LE(0x0808, 8);
    h.writeUInt16LE(e.method, 10);
    h.writeUInt32LE(e.crc, 16);
    const extra = zip64 ? Buffer.alloc(28) : Buffer.alloc(0);
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(e.uncompressed), 4);
      extra.writeBigUInt64LE(BigInt(e.compressed), 12);
      extra.writeBigUInt64LE(BigInt(e.offset), 20);
    }
    h.writeUInt32LE(zip64 ? 0xffffffff : e.compressed, 20);
    h.writeUInt32LE(zip64 ? 0xffffffff : e.uncompressed, 24);
    h.writeUInt16LE(e.name.length, 28);
    h.writeUInt16LE(extra.length, 30);
    h.writeUInt32LE(zip64 ? 0xffffffff : e.offset, 42);
    parts.push(h, e.name, extra);
  }
  const dir = Buffer.concat(parts);
  const end: Buffer[] = [];
  const dirEnd = start + dir.length;
  if (zip64) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(entries.length), 24);
    record.writeBigUInt64LE(BigInt(entries.length), 32);
    record.writeBigUInt64LE(BigInt(dir.length), 40);
    record.writeBigUInt64LE(BigInt(start), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(dirEnd), 8);
    locator.writeUInt32LE(1, 16);
    end.push(record, locator);
  }
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(zip64 ? 0xffff : entries.length, 8);
  eocd.writeUInt16LE(zip64 ? 0xffff : entries.length, 10);
  eocd.writeUInt32LE(zip64 ? 0xffffffff : dir.length, 12);
  eocd.writeUInt32LE(zip64 ? 0xffffffff : start, 16);
  return Buffer.concat([dir, ...end, eocd]);
}

/** An archive of small entries, in memory. */
export function zipOf(inputs: ZipInput[], options: { zip64?: boolean } = {}): Buffer {
  const zip64 = options.zip64 ?? false;
  const parts: Buffer[] = [];
  const entries: Written[] = [];
  let offset = 0;
  for (const input of inputs) {
    const method = input.method ?? 8;
    const name = Buffer.from(input.name, 'utf8');
    const body = method === 8 ? deflateRawSync(input.data) : input.data;
    const written = {
      name,
      method,
      crc: crc32(input.data),
      compressed: body.length,
      uncompressed: input.data.length,
      offset,
    };
    const chunk = Buffer.concat([localHeader(name, method), body, descriptor(written, zip64)]);
    parts.push(chunk);
    entries.push(written);
    offset += chunk.length;
  }
  return Buffer.concat([...parts, centralDirectory(entries, offset, zip64)]);
}

/**
 * Streams one large deflated entry (and optional small ones before it) into `write`, never holding the entry: the
 * benchmark's 1 GB export.xml becomes its ~50 MB export.zip this way. `write` must honour back-pressure itself.
 */
export async function writeStreamedZip(
  write: (chunk: Buffer) => Promise<void>,
  entryName: string,
  chunks: AsyncIterable<Buffer>,
): Promise<{ uncompressed: number; compressed: number }> {
  const name = Buffer.from(entryName, 'utf8');
  let offset = 0;
  const put = async (b: Buffer) => {
    offset += b.length;
    await write(b);
  };
  await put(localHeader(name, 8));
  const deflate = createDeflateRaw({ level: 6 });
  let crc = 0;
  let uncompressed = 0;
  let compressed = 0;
  const drained = (async () => {
    for await (const out of deflate) {
      compressed += (out as Buffer).length;
      await put(out as Buffer);
    }
  })();
  for await (const chunk of chunks) {
    crc = crc32(chunk, crc);
    uncompressed += chunk.length;
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await drained;
  const written = { name, method: 8, crc, compressed, uncompressed, offset: 0 };
  await put(descriptor(written, true));
  await write(centralDirectory([written], offset, true));
  return { uncompressed, compressed };
}

import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import { DocumentTooLargeError, UnreadableDocumentError } from './errors';

/**
 * A ZIP archive read by ranges, without a zip library and without holding the archive: the end of central directory
 * record (and its ZIP64 form), the central directory, then one entry's bytes streamed through `inflateRaw`. Format:
 * PKWARE APPNOTE.TXT 6.3 (§4.3.7 local header, §4.3.12 central directory header, §4.3.14–16 ZIP64 and EOCD).
 */

/** Reads bytes `[start, end)` of the archive. */
export interface RangeSource {
  size: number;
  stream(start: number, end: number): Promise<Readable>;
}

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused when opened. */
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;
/** A directory larger than this is not an export's (which lists thousands of files, not millions). */
const MAX_CENTRAL_DIRECTORY = 64 * 1024 * 1024;

async function readRange(source: RangeSource, start: number, end: number): Promise<Buffer> {
  if (start < 0 || end > source.size || end < start) throw truncated();
  const chunks: Buffer[] = [];
  for await (const chunk of await source.stream(start, end)) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  if (bytes.length !== end - start) throw truncated();
  return bytes;
}

function truncated(): UnreadableDocumentError {
  return new UnreadableDocumentError('The ZIP archive is truncated or corrupt');
}

/** A 64-bit little-endian field as a number: archives past 2^53 bytes do not exist here. */
function u64(buf: Buffer, at: number): number {
  return Number(buf.readBigUInt64LE(at));
}

/** The central directory's place and size, from the EOCD record or, when its fields are saturated, ZIP64's. */
async function centralDirectory(source: RangeSource): Promise<{ offset: number; size: number; entries: number }> {
  const tailStart = Math.max(0, source.size - EOCD_SIZE - MAX_COMMENT);
  const tail = await readRange(source, tailStart, source.size);
  let at = -1;
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD && i + EOCD_SIZE + tail.readUInt16LE(i + 20) === tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new UnreadableDocumentError('Not a ZIP archive: no end of central directory record');
  let entries = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  const locatorAt = at - 20;
  if (locatorAt >= 0 && tail.readUInt32LE(locatorAt) === ZIP64_LOCATOR) {
    const recordOffset = u64(tail, locatorAt + 8);
    const record = await readRange(source, recordOffset, Math.min(source.size, recordOffset + 56));
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD) throw truncated();
    entries = u64(record, 32);
    size = u64(record, 40);
    offset = u64(record, 48);
  }
  if (offset + size > source.size) throw truncated();
  return { offset, size, entries };
}

/** Every entry of the archive, from its central directory (whose sizes are authoritative, data descriptors or not). */
export async function zipEntries(source: RangeSource): Promise<ZipEntry[]> {
  const dir = await centralDirectory(source);
  if (dir.size > MAX_CENTRAL_DIRECTORY) throw new UnreadableDocumentError('The ZIP central directory is too large');
  const buf = await readRange(source, dir.offset, dir.offset + dir.size);
  const entries: ZipEntry[] = [];
  let at = 0;
  while (at + 46 <= buf.length && entries.length < dir.entries) {
    if (buf.readUInt32LE(at) !== CENTRAL_HEADER) throw truncated();
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const entry: ZipEntry = {
      name: buf.toString('utf8', at + 46, at + 46 + nameLength),
      flags: buf.readUInt16LE(at + 8),
      method: buf.readUInt16LE(at + 10),
      crc: buf.readUInt32LE(at + 16),
      compressedSize: buf.readUInt32LE(at + 20),
      uncompressedSize: buf.readUInt32LE(at + 24),
      localHeaderOffset: buf.readUInt32LE(at + 42),
    };
    applyZip64Extra(entry, buf.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (entries.length !== dir.entries) throw truncated();
  return entries;
}

/** ZIP64 extended information (id 0x0001): the 8-byte values of the fields saturated at 0xFFFFFFFF, in this order. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + size) throw truncated();
        const value = u64(extra, field);
        field += 8;
        return value;
      };
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = next();
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = next();
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

/** Counts inflated bytes against the cap, and checks the CRC-32 the directory declared once the entry ends. */
class EntryGuard extends Transform {
  private bytes = 0;
  private crc = 0;

  constructor(
    private readonly entry: ZipEntry,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(tooLarge(this.entry, this.maxBytes));
      return;
    }
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    done(this.bytes !== this.entry.uncompressedSize || this.crc !== this.entry.crc ? truncated() : null);
  }
}

function tooLarge(entry: ZipEntry, maxBytes: number): DocumentTooLargeError {
  const name = entry.name.slice(entry.name.lastIndexOf('/') + 1);
  return new DocumentTooLargeError(`${name} is larger than ${maxBytes} bytes uncompressed`);
}

/**
 * The uncompressed bytes of one entry as a stream, at most `maxBytes` of them: an entry declaring more is refused
 * before any byte is inflated, and one inflating past its declaration (a bomb lying in its directory) is cut off.
 */
export async function openZipEntry(source: RangeSource, entry: ZipEntry, maxBytes: number): Promise<Readable> {
  if (entry.uncompressedSize > maxBytes) throw tooLarge(entry, maxBytes);
  if (entry.method !== 0 && entry.method !== 8) {
    throw new UnreadableDocumentError(
      `ZIP compression method ${entry.method} is not supported (stored or deflated only)`,
    );
  }
  if (entry.flags & 0x1) throw new UnreadableDocumentError('Encrypted ZIP entries are not supported');
  const local = await readRange(source, entry.localHeaderOffset, Math.min(source.size, entry.localHeaderOffset + 30));
  if (local.length < 30 || local.readUInt32LE(0) !== LOCAL_HEADER) throw truncated();
  const dataStart = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const dataEnd = dataStart + entry.compressedSize;
  if (dataEnd > source.size) throw truncated();
  const raw = await source.stream(dataStart, dataEnd);
  const guard = new EntryGuard(entry, maxBytes);
  const stages: (Readable | Transform)[] = entry.method === 8 ? [raw, createInflateRaw(), guard] : [raw, guard];
  // The pipeline destroys every stage on the first error, so a cut-off bomb stops its download and its inflater too.
  pipeline(stages).catch(() => {});
  return guard;
}

import { crc32 } from 'node:zlib';

const SIGNATURE_BYTES = 8;
/** Length, type and CRC around each chunk's data. */
const CHUNK_OVERHEAD = 12;

/**
 * Whether a PNG's chunk structure is whole: IHDR first, at least one IDAT, every chunk's CRC right, and IEND
 * reached. Checked before OCR because tesseract's leptonica prints its decoder errors straight to the process's
 * stderr from inside the WASM worker (no option silences it), and a damaged upload should be refused as such
 * rather than leave noise in a partner's logs. Decoding the pixels is left to the OCR engine.
 */
export function isIntactPng(image: Buffer): boolean {
  let offset = SIGNATURE_BYTES;
  let sawHeader = false;
  let sawData = false;
  while (offset + CHUNK_OVERHEAD <= image.length) {
    const length = image.readUInt32BE(offset);
    const end = offset + CHUNK_OVERHEAD + length;
    if (end > image.length) return false;
    const type = image.toString('latin1', offset + 4, offset + 8);
    const stored = image.readUInt32BE(end - 4);
    if (crc32(image.subarray(offset + 4, end - 4)) !== stored) return false;
    if (!sawHeader && type !== 'IHDR') return false;
    sawHeader = true;
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') return sawData;
    offset = end;
  }
  return false;
}

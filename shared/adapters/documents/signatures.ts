/** File formats recognised by their first bytes, whatever name or MIME type the client sent. */
export type FileSignature = 'pdf' | 'png' | 'jpeg' | 'tiff' | 'zip' | 'ole' | 'heif' | 'gif' | 'webp' | 'bmp';

/** Bytes needed to recognise every signature below (a PDF header may sit anywhere in the first 1024). */
export const SIGNATURE_BYTES = 1024;

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString('latin1');

/** ISO-BMFF brands of HEIF images (HEIC from phones, AVIF): recognised so they can be refused by name. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/**
 * The format the bytes are, from their magic numbers: `%PDF-` (also after a few bytes of junk, which readers
 * tolerate), PNG, JPEG (`FF D8 FF`), TIFF (`II*\0` / `MM\0*`), ZIP (`PK\3\4`, which XLSX is), OLE (legacy XLS/DOC),
 * HEIF/HEIC/AVIF, GIF, WebP and BMP. Null for anything else, text included.
 */
export function sniffSignature(head: Buffer): FileSignature | null {
  const pdfAt = head.subarray(0, SIGNATURE_BYTES).indexOf('%PDF-');
  // After leading junk only when the junk is binary, so a text file quoting `%PDF-` stays text.
  if (pdfAt === 0 || (pdfAt > 0 && head.subarray(0, pdfAt).some((byte) => byte < 0x09 || byte >= 0x80))) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (ascii(head, 4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(head, 8, 12))) return 'heif';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (ascii(head, 0, 2) === 'BM' && head.length >= 14 && head.readUInt32LE(2) > 14) return 'bmp';
  return null;
}

import { UnsupportedDocumentError } from './errors';

/** How many leading bytes decide a text file's encoding, and whether it is text at all. */
export const ENCODING_SNIFF_BYTES = 64 * 1024;

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Control characters other than tab, line feed, vertical tab, form feed, carriage return and escape. */
function countControls(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && (code < 0x09 || code > 0x0d) && code !== 0x1b) count++;
  }
  return count;
}
/** Above this share of control characters the bytes are binary, whatever their encoding. */
const MAX_CONTROL_SHARE = 0.01;

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

function validUtf8(head: Buffer): boolean {
  // A multi-byte sequence may be cut by the end of the sniffed head: drop up to three trailing bytes that start one.
  let end = head.length;
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = head[end - back] as number;
    if ((byte & 0xc0) === 0xc0) {
      end -= back;
      break;
    }
    if ((byte & 0xc0) !== 0x80) break;
  }
  try {
    utf8Strict.decode(head.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

/**
 * The encoding of a text file from its first bytes: a byte-order mark wins; otherwise UTF-8 when the bytes are valid
 * UTF-8, else Windows-1252 (what Excel on Windows writes for "CSV" and older lab exports use). Binary content
 * (NUL bytes, many control characters) is refused with `UnsupportedDocumentError`.
 */
export function detectTextEncoding(head: Buffer): TextEncodingName {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  if (head.includes(0)) throw new UnsupportedDocumentError('The file is binary, not text');
  const encoding: TextEncodingName = validUtf8(head) ? 'utf-8' : 'windows-1252';
  const sample = new TextDecoder(encoding).decode(head);
  const controls = countControls(sample);
  if (sample.length > 0 && controls / sample.length > MAX_CONTROL_SHARE) {
    throw new UnsupportedDocumentError('The file is binary, not text');
  }
  return encoding;
}

/**
 * Accumulates document text up to a cap, so a huge text or CSV file keeps a bounded prefix for the agent and the
 * reading extractor while the rest of the file is still parsed (CSV) or skipped (text).
 */
export class BoundedText {
  private readonly parts: string[] = [];
  private length = 0;
  truncated = false;

  constructor(readonly maxChars: number) {}

  get full(): boolean {
    return this.length >= this.maxChars;
  }

  /** Appends a whole line (a newline is added); a line that does not fit whole is left out. */
  appendLine(line: string): void {
    if (this.truncated) return;
    if (this.length + line.length + 1 > this.maxChars) {
      this.truncated = true;
      return;
    }
    this.parts.push(line, '\n');
    this.length += line.length + 1;
  }

  /** Appends raw text, cut at the cap. */
  append(text: string): void {
    if (this.truncated) return;
    const room = this.maxChars - this.length;
    if (text.length > room) {
      this.parts.push(text.slice(0, room));
      this.length = this.maxChars;
      this.truncated = true;
      return;
    }
    this.parts.push(text);
    this.length += text.length;
  }

  toString(): string {
    return this.parts.join('');
  }
}

/** Text kept per document by default: 4 Mi characters, far more than an agent reads, small enough for memory. */
export const DEFAULT_MAX_TEXT_CHARS = 4 * 1024 * 1024;

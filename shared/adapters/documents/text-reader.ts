import type { Readable } from 'node:stream';
import type { DocumentInfo, DocumentReader, DocumentText } from '../../domain/documents/types';
import { peekStream } from './streams';
import { BoundedText, DEFAULT_MAX_TEXT_CHARS, detectTextEncoding, ENCODING_SNIFF_BYTES } from './text-encoding';

export interface TextReaderOptions {
  /** Characters of text kept; the rest of a larger file is not read. Default `DEFAULT_MAX_TEXT_CHARS`. */
  maxTextChars?: number;
}

/**
 * Plain text (notes, copied portal pages, exported reports). UTF-8 with or without a byte-order mark, UTF-16 with
 * one, or Windows-1252 when the bytes are not valid UTF-8; line endings become `\n`. Binary content is refused with
 * `UnsupportedDocumentError`. Streams: memory is bounded by the text cap, and reading stops once it is reached.
 */
export class TextReader implements DocumentReader {
  private readonly maxTextChars: number;

  constructor(options: TextReaderOptions = {}) {
    this.maxTextChars = options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS;
  }

  async read(body: Readable, _info: DocumentInfo): Promise<DocumentText> {
    const peeked = await peekStream(body, ENCODING_SNIFF_BYTES);
    const encoding = detectTextEncoding(peeked.head);
    // The decoder drops a leading byte-order mark (ignoreBOM: false).
    const decoder = new TextDecoder(encoding, { ignoreBOM: false });
    const text = new BoundedText(this.maxTextChars);
    let pendingCr = false;
    for await (const chunk of peeked.body) {
      let part = decoder.decode(chunk as Buffer, { stream: true });
      if (pendingCr && part.startsWith('\n')) part = part.slice(1);
      pendingCr = part.endsWith('\r');
      text.append(part.replace(/\r\n?/g, '\n'));
      if (text.truncated) {
        peeked.body.destroy();
        break;
      }
    }
    if (!text.truncated) text.append(decoder.decode().replace(/\r\n?/g, '\n'));
    return { text: text.toString(), method: 'text', pages: 1, tables: [], truncated: text.truncated };
  }
}

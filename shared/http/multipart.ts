import busboy from 'busboy';
import { BadRequestError, PayloadTooLargeError } from '../errors';
import type { HttpRequest } from './request';

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

export function isMultipart(req: HttpRequest): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

/**
 * Parses a multipart/form-data body (API Gateway hands it over base64-encoded and whole) with busboy.
 * A file over `maxFileBytes` is 413; a malformed body is 400.
 */
export function parseMultipart(req: HttpRequest, maxFileBytes: number): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    const malformed = () => new BadRequestError('Malformed multipart/form-data request', 'invalid_body', 'body');
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: maxFileBytes, fields: 50, files: 5 } });
    } catch {
      reject(malformed());
      return;
    }
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => reject(new PayloadTooLargeError(`File exceeds ${maxFileBytes} bytes`, field)));
      // A part cut off before its closing boundary errors the part's own stream (busboy: "Unexpected end of form").
      stream.on('error', () => reject(malformed()));
      stream.on('close', () =>
        files.push({
          field,
          filename: info.filename ?? field,
          contentType: info.mimeType,
          data: Buffer.concat(chunks),
        }),
      );
    });
    parser.on('error', () => reject(malformed()));
    parser.on('close', () => resolve({ fields, files }));
    parser.end(req.body ?? Buffer.alloc(0));
  });
}

import { NotFoundError } from '../errors';

/**
 * The longest identifier a client can name (file keys, response ids, session ids, family member ids): well above
 * any HDS issues (a file key is at most ~160 bytes) and well below the 1 KB storage keys allow once prefixed.
 */
export const MAX_IDENTIFIER_BYTES = 512;

/** An identifier from a request body or query that is too long to exist is simply not found. */
export function checkIdentifierLength(value: string, param: string): string {
  if (Buffer.byteLength(value) > MAX_IDENTIFIER_BYTES) throw new NotFoundError(`No such ${param}`, param);
  return value;
}

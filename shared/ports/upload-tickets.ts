import type { StoredRetention } from '../domain/retention';

/** A presigned upload waiting for its object: who it is for and what was announced. */
export interface UploadTicket {
  uploadId: string;
  accountId: string;
  /** The Subject key (the request's `user`). */
  subjectKey: string;
  fileKey: string;
  filename: string;
  contentType: string;
  bytes: number;
  retention: StoredRetention;
  sessionId: string | null;
  /** Epoch seconds after which the ticket is void. */
  expiresAt: number;
}

export interface UploadTickets {
  put(ticket: UploadTicket): Promise<void>;
  get(uploadId: string): Promise<UploadTicket | null>;
  delete(uploadId: string): Promise<void>;
  /** Deletes every ticket of an owner (`uploadOwner`); returns how many. */
  deleteAllOf(owner: string): Promise<number>;
}

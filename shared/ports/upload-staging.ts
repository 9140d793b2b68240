/** A streamed upload batch as staged between its frames (each frame may reach a different Lambda). */
export interface StagedBatch {
  /** Whose upload it is (`uploadOwner`): its chunks are staged under it. */
  owner: string;
  connectionId: string;
  messageId: string;
  files: { filename: string; contentType: string; size: number }[];
  /** Received chunks per file index: chunk index → bytes, with the total the client announced. */
  chunks: Map<number, { totalChunks: number; sizes: Map<number, number> }>;
  /** Files refused part-way, by index, with the reason. */
  failed: Map<number, string>;
}

/**
 * The answer to an `upload_end` still waiting for some of its files (a scanned PDF Textract is reading): sent once
 * none of them is processing any more.
 */
export interface HeldReply {
  connectionId: string;
  messageId: string;
  subjectId: string;
  fileKeys: string[];
  failed: { filename: string; reason: string }[];
}

export interface UploadStaging {
  /** Starts a batch; false when this connection already used the messageId. */
  start(owner: string, connectionId: string, messageId: string, files: StagedBatch['files']): Promise<boolean>;
  /** The batches staged for an owner (on one connection, when given), ended or not. */
  batchesOf(owner: string, connectionId?: string): Promise<{ connectionId: string; messageId: string }[]>;
  /** The whole batch with every chunk received (for assembly). */
  load(connectionId: string, messageId: string): Promise<StagedBatch | null>;
  /** The announced files and whether the batch has ended (one read, for every chunk). */
  header(connectionId: string, messageId: string): Promise<{ files: StagedBatch['files']; ended: boolean } | null>;
  /** Why a file of the batch was refused, or null while it is fine. */
  failure(connectionId: string, messageId: string, fileIndex: number): Promise<string | null>;
  /** Claims a chunk before its bytes are stored; false when it was already received. */
  claimChunk(
    connectionId: string,
    messageId: string,
    fileIndex: number,
    chunkIndex: number,
    totalChunks: number,
    bytes: number,
  ): Promise<boolean>;
  releaseChunk(connectionId: string, messageId: string, fileIndex: number, chunkIndex: number): Promise<void>;
  failFile(connectionId: string, messageId: string, fileIndex: number, reason: string): Promise<void>;
  /** Marks the batch ended; false when it had ended already. */
  end(connectionId: string, messageId: string): Promise<boolean>;
  /** Keeps an answer until its files are done, findable by each of them and by its owner. */
  holdReply(owner: string, reply: HeldReply): Promise<void>;
  /** The held answer waiting for this file, if any. */
  heldReplyFor(subjectId: string, fileKey: string): Promise<(HeldReply & { owner: string }) | null>;
  /** The held answers of an owner (for an erase). */
  heldRepliesOf(owner: string): Promise<HeldReply[]>;
  /** Drops a held answer and its pointers; nothing when none is held. */
  releaseReply(owner: string, reply: HeldReply): Promise<void>;
  /** Removes every entry of the batch, its owner's pointer included (not its chunks' bytes). */
  clear(owner: string, connectionId: string, messageId: string): Promise<void>;
}

/** A streamed upload batch as staged between its frames (each frame may reach a different Lambda). */
export interface StagedBatch {
  connectionId: string;
  messageId: string;
  files: { filename: string; contentType: string; size: number }[];
  /** Received chunks per file index: chunk index → bytes, with the total the client announced. */
  chunks: Map<number, { totalChunks: number; sizes: Map<number, number> }>;
  /** Files refused part-way, by index, with the reason. */
  failed: Map<number, string>;
}

export interface UploadStaging {
  /** Starts a batch; false when this connection already used the messageId. */
  start(connectionId: string, messageId: string, files: StagedBatch['files']): Promise<boolean>;
  /** The whole batch with every chunk received (for assembly). */
  load(connectionId: string, messageId: string): Promise<StagedBatch | null>;
  /** Only what a chunk needs checked: the announced files, and whether this file already failed. */
  header(
    connectionId: string,
    messageId: string,
    fileIndex?: number,
  ): Promise<{ files: StagedBatch['files']; failed: string | null; ended: boolean } | null>;
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
  clear(connectionId: string, messageId: string): Promise<void>;
}

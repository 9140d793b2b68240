/** Short-lived entries outside any Subject (connections, upload tickets, staged batches) that can come due. */
export interface DueEntries {
  /** Deletes the entries due by `nowMs`, at most `maxItems`; returns how many. */
  sweep(nowMs: number, maxItems: number): Promise<number>;
}

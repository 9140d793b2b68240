import type { MemoryKind } from '../domain/memory/types';

/**
 * A durable fact the person stated in a stored Agent API conversation ("I'm allergic to penicillin"), kept per
 * Subject and shown to the agent in later turns. It belongs to the conversation it came from: when the last live
 * response of that conversation is deleted, the conversation's memories are retracted.
 */
export interface Memory {
  /** `mem_` + the response's hex id + `_` + its position among that response's memories. */
  id: string;
  subjectId: string;
  text: string;
  kind: MemoryKind | null;
  conversationId: string;
  responseId: string;
  /** Epoch seconds: when the person said it (the creation time of the response). */
  createdAt: number;
}

/** The response a set of memories was consolidated from. */
export interface MemorySource {
  conversationId: string;
  responseId: string;
  /** Epoch seconds. */
  createdAt: number;
}

export interface MemoryStore {
  /**
   * Stores the memories one response yielded, replacing whatever an earlier delivery of the same job stored for it
   * (idempotent per response). Throws `SubjectErasedError` once the Subject is erased.
   */
  add(
    subjectId: string,
    source: MemorySource,
    memories: readonly { text: string; kind: MemoryKind | null }[],
  ): Promise<Memory[]>;
  /** The Subject's memories, newest first, at most `limit`. */
  list(subjectId: string, limit: number): Promise<Memory[]>;
  /** Deletes every memory of the conversation; returns how many there were. */
  retractConversation(subjectId: string, conversationId: string): Promise<number>;
}

import type { ModelMessage } from './model-provider';
import type { Tally } from './record-store';

/** A client tool call a handoff response is waiting for (its output comes in the next request). */
export interface PendingCall {
  callId: string;
  name: string;
}

/** An item as the responses protocol shows it: a JSON object with its `type` and `id`. */
export type StoredItem = Record<string, unknown> & { type: string; id: string };

/**
 * One stored response of the Agent API (`store: true`), with what is needed to continue from it: the
 * transcript of its conversation up to and including this turn, and the client calls it handed off.
 */
export interface StoredResponse {
  /** `resp_` + 32 hex. */
  id: string;
  subjectId: string;
  /** Shared by every response of one chain (`previous_response_id`) or one session. */
  conversationId: string;
  /** Bound to a session: durable (no expiry) and untouched by `DELETE /v1/sessions/{id}`. */
  sessionId: string | null;
  /** Epoch seconds. */
  createdAt: number;
  /** Epoch seconds; null when bound to a session. Reads treat a past value as gone. */
  expiresAt: number | null;
  mode: 'agent' | 'model';
  /** The response object exactly as it was returned. */
  response: Record<string, unknown>;
  /** This turn's input items as the protocol lists them (`input_items`), references resolved, with their ids. */
  inputItems: StoredItem[];
  /** The conversation as the model saw it (without the platform prompt), through this turn's output. */
  transcript: ModelMessage[];
  /** Client calls of a handoff; empty when the response answered. */
  pendingCalls: PendingCall[];
  /** A handoff can be resumed once. */
  resumed: boolean;
  /**
   * Where this turn's own input begins in `transcript`: every user message from here on is what the caller said
   * in this turn (the history it continued, or replayed statelessly, lies before). Consolidation reads only these.
   */
  turnStart: number;
  /** Consolidation (readings and memories out of this turn) has run to its end; a redelivered job skips it. */
  consolidated: boolean;
  /** What that consolidation stored, kept so a redelivered job can still announce it (`extraction.completed`). */
  consolidation?: ConsolidationCounts;
}

/** The counts of one finished consolidation and when it finished (epoch milliseconds). */
export interface ConsolidationCounts {
  records: number;
  memories: number;
  atMs: number;
}

/** How long a stored response not bound to a session lives (spec: 30 days). */
export const RESPONSE_TTL_SECONDS = 30 * 24 * 3600;

/**
 * The tag on the bucket body of an expiring stored response. A lifecycle rule on it deletes the body a day after the
 * response expired, whatever happened to its item (DynamoDB TTL may delete an item before the sweeper reads the
 * body's key from it); session-bound responses are kept, so their bodies carry no tag.
 */
export const EXPIRING_BODY_TAG = { key: 'hds-expiry', value: 'stored-response' } as const;
export const EXPIRING_BODY_MAX_DAYS = RESPONSE_TTL_SECONDS / 86_400 + 1;

/** The `expiresAt` of a response created at `createdAt` (epoch seconds): none when bound to a session. */
export function responseExpiresAt(createdAt: number, sessionId: string | null): number | null {
  return sessionId ? null : createdAt + RESPONSE_TTL_SECONDS;
}

export interface DeletedResponse {
  conversationId: string;
  /** No live response of the conversation is left: its history and derived memory go too. */
  lastOfConversation: boolean;
}

export interface ConversationStore {
  /** Stores a response (a new id; never overwrites); throws `SubjectErasedError` once the Subject is erased. */
  put(response: StoredResponse): Promise<void>;
  /** A live response of this Subject (not deleted, not expired at `nowMs`, Subject not erased), or null. */
  get(subjectId: string, responseId: string, nowMs: number): Promise<StoredResponse | null>;
  /** Marks a handoff resumed; false when it already was (a second resume must fail). */
  markResumed(subjectId: string, responseId: string): Promise<boolean>;
  /** Removes a live response from every read at once; null when it was not live. */
  delete(subjectId: string, responseId: string, nowMs: number): Promise<DeletedResponse | null>;
  /** The newest live response of a session, to continue its conversation. */
  latestOfSession(subjectId: string, sessionId: string, nowMs: number): Promise<StoredResponse | null>;
  /** Live responses of the Subject (erase reports them as `conversations`). */
  count(subjectId: string, nowMs: number): Promise<number>;
  /** Live entries counted until `deadlineMs` (epoch ms) at the latest. */
  tally(subjectId: string, nowMs: number, deadlineMs: number): Promise<Tally>;
  /** Whether any response of the conversation is still live (its derived memories are kept while one is). */
  hasLive(subjectId: string, conversationId: string, nowMs: number): Promise<boolean>;
  /**
   * Reserves row ids for what consolidation writes from a response: the first reservation is kept and returned to
   * every later call (a redelivered job rewrites the same rows). Null when the response is no longer live.
   */
  reserveConsolidationIds(
    subjectId: string,
    responseId: string,
    range: { first: number; count: number },
  ): Promise<{ first: number; count: number } | null>;
  /** Records that consolidation of the response ended, with its counts; false when the response is no longer live. */
  markConsolidated(subjectId: string, responseId: string, counts: ConsolidationCounts): Promise<boolean>;
}

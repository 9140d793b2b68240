import type { WebhookEventType } from '../domain/webhooks/events';
import type { SealedSecret } from './token-vault';

/** An account's outbound webhook endpoint as stored; its secrets only sealed (the vault). */
export interface WebhookEndpoint {
  accountId: string;
  endpointId: string;
  url: string;
  /** Subscribed types; null for every type. */
  events: WebhookEventType[] | null;
  description: string | null;
  createdAt: number;
  secret: SealedSecret;
  /** The secret a rotation replaced, still signing beside the new one until `previousUntil` (epoch seconds). */
  previousSecret?: SealedSecret;
  previousUntil?: number;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event's delivery to one endpoint: the delivery log's entry; `deliveryId` is every attempt's `webhook-id`. */
export interface WebhookDelivery {
  accountId: string;
  endpointId: string;
  deliveryId: string;
  eventId: string;
  eventType: WebhookEventType;
  /** The body every attempt sends (ids and counts only). */
  body: string;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: number;
  lastAttemptAt: number | null;
  nextAttemptAt: number | null;
  expiresAt: number;
}

/** Endpoints per account and their delivery logs (the accounts table). */
export interface WebhookStore {
  putEndpoint(endpoint: WebhookEndpoint): Promise<void>;
  getEndpoint(accountId: string, endpointId: string): Promise<WebhookEndpoint | null>;
  /** Every endpoint of an account (one query; an account has few). */
  listEndpoints(accountId: string): Promise<WebhookEndpoint[]>;
  /** False when there was none. Its delivery log stays until TTL collects it. */
  deleteEndpoint(accountId: string, endpointId: string): Promise<boolean>;
  /** Creates the entry unless it exists; returns the stored one either way. */
  createDelivery(delivery: WebhookDelivery): Promise<WebhookDelivery>;
  getDelivery(accountId: string, endpointId: string, deliveryId: string): Promise<WebhookDelivery | null>;
  updateDelivery(delivery: WebhookDelivery): Promise<void>;
  /** Newest first. */
  listDeliveries(accountId: string, endpointId: string, limit: number): Promise<WebhookDelivery[]>;
  /**
   * The account and Subject key a Subject id belongs to (its item in the records table), for emitters that know only
   * the Subject (the file workers); null once it is gone.
   */
  ownerOfSubject(subjectId: string): Promise<{ accountId: string; subjectKey: string } | null>;
}

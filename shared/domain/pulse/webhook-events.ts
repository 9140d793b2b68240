/**
 * A verified webhook body → the events it announces (design §7.3): whose data, an idempotency key for the ledger,
 * how long to remember it, and the job to queue. Bodies are never trusted before `signatures.ts` accepted them.
 */
import { createHash } from 'node:crypto';
import {
  type FetchStep,
  type FitbitResource,
  GARMIN_SUMMARIES,
  type GarminFetchStep,
  type GarminSummary,
  type WithingsService,
} from './fetch-steps';
import { isOuraDocumentCollection, ouraDocumentKeys } from './mapping/oura';
import { type WhoopObjectResource, whoopObjectKeys } from './mapping/whoop';

export type PulseEventJob =
  | { kind: 'fetch'; step: FetchStep }
  | { kind: 'delete'; keys: string[] }
  | { kind: 'deauthorized' };

export interface ProviderEvent {
  providerUserId: string;
  /** Hashed by the ledger before it is stored; it may embed a provider's pull token (Garmin). */
  idempotencyKey: string;
  ledgerTtlSeconds: number;
  job: PulseEventJob;
}

/** A verified body that is not the provider's documented shape. */
export class WebhookBodyError extends Error {
  constructor(provider: string, detail: string) {
    super(`${provider} webhook body: ${detail}`);
    this.name = 'WebhookBodyError';
  }
}

const SEVEN_DAYS = 7 * 86_400;
/** Providers without an event id: an identical notification later means new data (§7.3). */
const TEN_MINUTES = 600;

type Json = Record<string, unknown>;

function parseJson(provider: string, raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new WebhookBodyError(provider, 'not JSON');
  }
}

function asObject(provider: string, value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new WebhookBodyError(provider, `${where} is not an object`);
  return value as Json;
}

/** A string, or an integer sent as a JSON number (WHOOP's `user_id`, Fitbit's ids). */
function text(provider: string, o: Json, field: string): string {
  const value = o[field];
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  throw new WebhookBodyError(provider, `${field} is missing`);
}

/** Oura: `{event_type, data_type, object_id, event_time, user_id}`; types without a mapping announce nothing. */
export function ouraEvents(raw: Buffer): ProviderEvent[] {
  const body = asObject('oura', parseJson('oura', raw), 'body');
  const eventType = text('oura', body, 'event_type');
  const dataType = text('oura', body, 'data_type');
  const objectId = text('oura', body, 'object_id');
  const userId = text('oura', body, 'user_id');
  const eventTime = text('oura', body, 'event_time');
  if (!isOuraDocumentCollection(dataType)) return [];
  let job: PulseEventJob;
  if (eventType === 'delete') job = { kind: 'delete', keys: ouraDocumentKeys(dataType, objectId) };
  else if (eventType === 'create' || eventType === 'update')
    job = { kind: 'fetch', step: { provider: 'oura', kind: 'document', collection: dataType, id: objectId } };
  else return [];
  return [
    {
      providerUserId: userId,
      idempotencyKey: [userId, dataType, objectId, eventType, eventTime].join('|'),
      ledgerTtlSeconds: SEVEN_DAYS,
      job,
    },
  ];
}

const WHOOP_TYPE = /^(sleep|recovery|workout)\.(updated|deleted)$/;

/** WHOOP: `{user_id, id, type, trace_id}`; `recovery.*` ids are cycle ids. */
export function whoopEvents(raw: Buffer): ProviderEvent[] {
  const body = asObject('whoop', parseJson('whoop', raw), 'body');
  const type = text('whoop', body, 'type');
  const id = text('whoop', body, 'id');
  const userId = text('whoop', body, 'user_id');
  const traceId = text('whoop', body, 'trace_id');
  const match = WHOOP_TYPE.exec(type);
  if (!match) return [];
  const resource = match[1] as WhoopObjectResource;
  const job: PulseEventJob =
    match[2] === 'deleted'
      ? { kind: 'delete', keys: whoopObjectKeys(resource, id) }
      : { kind: 'fetch', step: { provider: 'whoop', kind: 'object', resource, id } };
  return [{ providerUserId: userId, idempotencyKey: `${traceId}|${type}|${id}`, ledgerTtlSeconds: SEVEN_DAYS, job }];
}

/** What one Fitbit collection's notification refreshes for its date (§4.5). */
const FITBIT_COLLECTION_RESOURCES: Readonly<Record<string, FitbitResource[]>> = {
  activities: ['activities_summary', 'heart', 'activity_list'],
  sleep: ['sleep', 'hrv', 'spo2'],
  body: ['weight'],
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Fitbit: a JSON array of `{collectionType, date, ownerId, ownerType, subscriptionId}`. */
export function fitbitEvents(raw: Buffer): ProviderEvent[] {
  const body = parseJson('fitbit', raw);
  if (!Array.isArray(body)) throw new WebhookBodyError('fitbit', 'not an array');
  const digest = createHash('sha256').update(raw).digest('hex');
  return body.flatMap((element, i): ProviderEvent[] => {
    const item = asObject('fitbit', element, `item ${i}`);
    const collection = text('fitbit', item, 'collectionType');
    const ownerId = text('fitbit', item, 'ownerId');
    if (collection === 'userRevokedAccess') {
      const date = typeof item.date === 'string' ? item.date : '';
      return [
        {
          providerUserId: ownerId,
          idempotencyKey: `${ownerId}|${collection}|${date}|${digest}`,
          ledgerTtlSeconds: TEN_MINUTES,
          job: { kind: 'deauthorized' },
        },
      ];
    }
    const resources = FITBIT_COLLECTION_RESOURCES[collection];
    if (!resources) return [];
    const date = text('fitbit', item, 'date');
    if (!DAY.test(date)) throw new WebhookBodyError('fitbit', `item ${i} date is not yyyy-MM-dd`);
    return [
      {
        providerUserId: ownerId,
        idempotencyKey: `${ownerId}|${collection}|${date}|${digest}`,
        ledgerTtlSeconds: TEN_MINUTES,
        job: { kind: 'fetch', step: { provider: 'fitbit', resources: [...resources], start: date, end: date } },
      },
    ];
  });
}

/** Withings `appli` → the services that hold its data (§4.4; 4, 16, 44 **unverified**). */
const WITHINGS_APPLI_SERVICES: Readonly<Record<string, WithingsService[]>> = {
  '1': ['getmeas'],
  '4': ['getmeas'],
  '16': ['getactivity', 'getworkouts'],
  '44': ['sleep_summary'],
};

/**
 * Withings: a form-encoded POST `userid, appli, startdate, enddate` (`action` on some). `action=unlink` — and
 * `action=delete` without a data window — is the user leaving: `deauthorized`. A `delete` that names a window is
 * a data notification; the re-fetch deletes nothing (§17.6).
 */
export function withingsEvents(raw: Buffer): ProviderEvent[] {
  const form = new URLSearchParams(raw.toString('utf8'));
  const userId = form.get('userid');
  const appli = form.get('appli') ?? '';
  if (!userId) throw new WebhookBodyError('withings', 'userid is missing');
  const action = form.get('action');
  const start = form.get('startdate');
  const end = form.get('enddate');
  if (action === 'unlink' || (action === 'delete' && start === null && end === null)) {
    return [
      {
        providerUserId: userId,
        idempotencyKey: `${userId}|${appli}|${action}`,
        ledgerTtlSeconds: TEN_MINUTES,
        job: { kind: 'deauthorized' },
      },
    ];
  }
  const services = WITHINGS_APPLI_SERVICES[appli];
  if (!services) return [];
  if (!start || !end || !/^\d{1,12}$/.test(start) || !/^\d{1,12}$/.test(end) || Number(start) > Number(end))
    throw new WebhookBodyError('withings', 'startdate/enddate are not a window of Unix seconds');
  return [
    {
      providerUserId: userId,
      idempotencyKey: `${userId}|${appli}|${start}|${end}`,
      ledgerTtlSeconds: TEN_MINUTES,
      job: {
        kind: 'fetch',
        step: { provider: 'withings', services: [...services], startdate: Number(start), enddate: Number(end) },
      },
    },
  ];
}

/**
 * A ping's `callbackURL` is fetched with the user's token, so it must lead to the configured Garmin API (same
 * origin, path under `/wellness-api/rest/`, no credentials in the URL) or an attacker with the endpoint token could
 * make HDS send a user's token elsewhere.
 */
export function garminCallbackAllowed(callbackUrl: string, apiBaseUrl: string): boolean {
  let url: URL;
  let base: URL;
  try {
    url = new URL(callbackUrl);
    base = new URL(apiBaseUrl);
  } catch {
    return false;
  }
  return (
    url.origin === base.origin &&
    url.username === '' &&
    url.password === '' &&
    url.pathname.startsWith('/wellness-api/rest/')
  );
}

/**
 * Garmin ping: `{dailies: [{userId, callbackURL}], sleeps: [...], …}` and `deregistrations: [{userId, …}]`. Items
 * whose `callbackURL` fails `garminCallbackAllowed`, and Push items (data without a `callbackURL`, which nobody
 * signed), are dropped.
 */
export function garminEvents(raw: Buffer, apiBaseUrl: string): ProviderEvent[] {
  const body = asObject('garmin', parseJson('garmin', raw), 'body');
  const events: ProviderEvent[] = [];
  for (const summary of GARMIN_SUMMARIES) {
    const items = body[summary];
    if (items === undefined) continue;
    if (!Array.isArray(items)) throw new WebhookBodyError('garmin', `${summary} is not an array`);
    for (const element of items) {
      const item = asObject('garmin', element, summary);
      const callbackUrl = item.callbackURL;
      if (typeof callbackUrl !== 'string' || !garminCallbackAllowed(callbackUrl, apiBaseUrl)) continue;
      const step: GarminFetchStep = {
        provider: 'garmin',
        kind: 'callback',
        summary: summary as GarminSummary,
        url: callbackUrl,
      };
      events.push({
        providerUserId: text('garmin', item, 'userId'),
        idempotencyKey: callbackUrl,
        ledgerTtlSeconds: SEVEN_DAYS,
        job: { kind: 'fetch', step },
      });
    }
  }
  const deregistrations = body.deregistrations;
  if (Array.isArray(deregistrations)) {
    for (const element of deregistrations) {
      const userId = text('garmin', asObject('garmin', element, 'deregistrations'), 'userId');
      events.push({
        providerUserId: userId,
        idempotencyKey: `deregistration|${userId}`,
        ledgerTtlSeconds: SEVEN_DAYS,
        job: { kind: 'deauthorized' },
      });
    }
  }
  return events;
}

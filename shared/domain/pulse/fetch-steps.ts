/**
 * One request a provider module knows how to make, as a plain JSON-serializable object: it rides `pulse-jobs`
 * messages (design §7.4) and a step may answer the next one (paging, backfill chunks). The service layer's provider
 * modules interpret them; the domain only names them.
 */
import type { OuraDocumentCollection } from './mapping/oura';

export type OuraFetchStep =
  /** `GET /v2/usercollection/{collection}/{id}` (a webhook's `object_id`). */
  | { provider: 'oura'; kind: 'document'; collection: OuraDocumentCollection; id: string }
  /** `start_date`/`end_date` (`start_datetime`/`end_datetime` for heart rate), paged by `next_token`. */
  | {
      provider: 'oura';
      kind: 'range';
      collection: OuraDocumentCollection | 'heartrate';
      start: string;
      end: string;
      nextToken?: string;
    };

export type WhoopResource = 'sleep' | 'recovery' | 'workout' | 'body';

export type WhoopFetchStep =
  /** One object by id; for `recovery` the id is the cycle's (`GET /v2/cycle/{id}/recovery`). */
  | { provider: 'whoop'; kind: 'object'; resource: 'sleep' | 'recovery' | 'workout'; id: string }
  | { provider: 'whoop'; kind: 'range'; resource: WhoopResource; start: string; end: string; nextToken?: string };

export type WithingsService = 'getmeas' | 'getactivity' | 'getworkouts' | 'sleep_summary';

/** The services still to call over one window (Unix seconds); the module calls the first and answers the rest. */
export interface WithingsFetchStep {
  provider: 'withings';
  services: WithingsService[];
  startdate: number;
  enddate: number;
  /** Withings' paging cursor (`more` + `offset`) for the first service. */
  offset?: number;
}

export type FitbitResource = 'activities_summary' | 'heart' | 'activity_list' | 'sleep' | 'hrv' | 'spo2' | 'weight';

/** The resources still to read for the dates `start`…`end` (`yyyy-MM-dd`), first one first. */
export interface FitbitFetchStep {
  provider: 'fitbit';
  resources: FitbitResource[];
  start: string;
  end: string;
}

export type GarminSummary = 'dailies' | 'sleeps' | 'hrv' | 'pulseox' | 'bodyComps' | 'activities';

export const GARMIN_SUMMARIES: readonly GarminSummary[] = [
  'dailies',
  'sleeps',
  'hrv',
  'pulseox',
  'bodyComps',
  'activities',
];

export type GarminFetchStep =
  /** A ping's `callbackURL`, already checked against the configured API origin and path (§7.1). */
  | { provider: 'garmin'; kind: 'callback'; summary: GarminSummary; url: string }
  /** `GET /wellness-api/rest/backfill/{summary}` over Unix seconds; the data then arrives as pings. */
  | { provider: 'garmin'; kind: 'backfill'; summary: GarminSummary; start: number; end: number };

export type FetchStep = OuraFetchStep | WhoopFetchStep | WithingsFetchStep | FitbitFetchStep | GarminFetchStep;

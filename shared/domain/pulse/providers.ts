/**
 * The wearable providers HDS links on `/api/v1/pulse/*` and the Apple Health file import, described as the
 * providers list shows them (gaps 12: `{slug, name, platform, description, logo, auth_type, capabilities}`).
 * Pure data: whether a provider is configured on a deployment is decided by the service registry, not here.
 */

/** The five providers linked by OAuth; Apple Health is not one of them (it arrives as an export file). */
export type ProviderSlug = 'oura' | 'whoop' | 'withings' | 'fitbit' | 'garmin';

export const PROVIDER_SLUGS: readonly ProviderSlug[] = ['oura', 'whoop', 'withings', 'fitbit', 'garmin'];

/** What kind of data a source can bring (gaps 12 `capabilities[]`). */
export type Capability = 'sleep' | 'activity' | 'heart_rate' | 'hrv' | 'body' | 'spo2' | 'workouts';

export type AuthType = 'oauth2' | 'oauth1' | 'file_upload';

/**
 * `hds` for the providers HDS itself links (gaps 12 reads Mirobody's own platform name there; in HDS the platform is
 * HDS), `apple` for the export-file import.
 */
export type PulsePlatform = 'hds' | 'apple';

export interface ProviderDescriptor {
  slug: ProviderSlug | 'apple';
  name: string;
  platform: PulsePlatform;
  description: string;
  /**
   * Always null: HDS ships no provider artwork (the marks are the providers' trademarks); the field stays so the
   * list keeps gaps 12's shape and a deployment can fill it.
   */
  logo: string | null;
  authType: AuthType;
  capabilities: readonly Capability[];
}

export const PROVIDER_DESCRIPTORS: Readonly<Record<ProviderSlug, ProviderDescriptor>> = {
  oura: {
    slug: 'oura',
    name: 'Oura',
    platform: 'hds',
    description: 'Oura Ring: sleep, daily activity, heart rate, heart rate variability, SpO2 and workouts.',
    logo: null,
    authType: 'oauth2',
    capabilities: ['sleep', 'activity', 'heart_rate', 'hrv', 'spo2', 'workouts'],
  },
  whoop: {
    slug: 'whoop',
    name: 'WHOOP',
    platform: 'hds',
    description: 'WHOOP: sleep, recovery (resting heart rate, HRV, SpO2, skin temperature), workouts and body weight.',
    logo: null,
    authType: 'oauth2',
    // WHOOP reports no steps, so no `activity`.
    capabilities: ['sleep', 'heart_rate', 'hrv', 'spo2', 'body', 'workouts'],
  },
  withings: {
    slug: 'withings',
    name: 'Withings',
    platform: 'hds',
    description: 'Withings scales, blood pressure monitors and watches: body composition, vitals, activity and sleep.',
    logo: null,
    authType: 'oauth2',
    capabilities: ['body', 'heart_rate', 'spo2', 'activity', 'sleep', 'workouts'],
  },
  fitbit: {
    slug: 'fitbit',
    name: 'Fitbit',
    platform: 'hds',
    description: 'Fitbit: daily activity, sleep, resting heart rate, HRV, SpO2, weight and logged exercise.',
    logo: null,
    authType: 'oauth2',
    capabilities: ['activity', 'sleep', 'heart_rate', 'hrv', 'spo2', 'body', 'workouts'],
  },
  garmin: {
    slug: 'garmin',
    name: 'Garmin',
    platform: 'hds',
    description: 'Garmin Connect: daily summaries, sleep, HRV, pulse oximetry, body composition and activities.',
    logo: null,
    authType: 'oauth1',
    capabilities: ['activity', 'sleep', 'heart_rate', 'hrv', 'spo2', 'body', 'workouts'],
  },
};

export const APPLE_HEALTH_DESCRIPTOR: ProviderDescriptor = {
  slug: 'apple',
  name: 'Apple Health',
  platform: 'apple',
  description:
    'Apple Health export (export.zip or export.xml) uploaded through POST /api/v1/data/upload-with-processing.',
  logo: null,
  authType: 'file_upload',
  capabilities: ['activity', 'sleep', 'heart_rate', 'hrv', 'body', 'spo2', 'workouts'],
};

/** Every entry of the providers list, in the order it is shown. */
export const PULSE_CATALOG: readonly ProviderDescriptor[] = [
  ...PROVIDER_SLUGS.map((slug) => PROVIDER_DESCRIPTORS[slug]),
  APPLE_HEALTH_DESCRIPTOR,
];

export function isProviderSlug(value: unknown): value is ProviderSlug {
  return typeof value === 'string' && (PROVIDER_SLUGS as readonly string[]).includes(value);
}

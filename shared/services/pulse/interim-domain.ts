/**
 * Stand-ins for `shared/domain/pulse/providers.ts` (design §2) until the pure pulse domain lands; replaced by imports
 * of it at the merge.
 */
export const PROVIDER_SLUGS = ['oura', 'whoop', 'withings', 'fitbit', 'garmin'] as const;
export type ProviderSlug = (typeof PROVIDER_SLUGS)[number];
export type Capability = 'sleep' | 'activity' | 'heart_rate' | 'hrv' | 'body' | 'spo2' | 'workouts';
export type AuthType = 'oauth2' | 'oauth1' | 'file_upload';

export interface ProviderDescriptor {
  slug: ProviderSlug;
  name: string;
  description: string;
  logo: string;
  authType: AuthType;
  capabilities: readonly Capability[];
}

export function isProviderSlug(value: unknown): value is ProviderSlug {
  return typeof value === 'string' && (PROVIDER_SLUGS as readonly string[]).includes(value);
}

/** Every provider HDS knows, built or not (the providers list shows them all). */
export const DESCRIPTORS: Record<ProviderSlug, ProviderDescriptor> = {
  oura: {
    slug: 'oura',
    name: 'Oura',
    description: 'Oura Ring: sleep, daily activity, heart rate, HRV, SpO2 and workouts',
    logo: 'https://cloud.ouraring.com/favicon.ico',
    authType: 'oauth2',
    capabilities: ['sleep', 'activity', 'heart_rate', 'hrv', 'spo2', 'workouts'],
  },
  whoop: {
    slug: 'whoop',
    name: 'WHOOP',
    description: 'WHOOP: sleep, recovery (resting heart rate, HRV, SpO2) and workouts',
    logo: 'https://www.whoop.com/favicon.ico',
    authType: 'oauth2',
    capabilities: ['sleep', 'heart_rate', 'hrv', 'spo2', 'body', 'workouts'],
  },
  withings: {
    slug: 'withings',
    name: 'Withings',
    description: 'Withings scales, blood-pressure monitors and trackers',
    logo: 'https://www.withings.com/favicon.ico',
    authType: 'oauth2',
    capabilities: ['body', 'activity', 'sleep', 'heart_rate', 'spo2', 'workouts'],
  },
  fitbit: {
    slug: 'fitbit',
    name: 'Fitbit',
    description: 'Fitbit: activity, sleep, heart rate, HRV, SpO2 and weight',
    logo: 'https://www.fitbit.com/favicon.ico',
    authType: 'oauth2',
    capabilities: ['activity', 'sleep', 'heart_rate', 'hrv', 'spo2', 'body', 'workouts'],
  },
  garmin: {
    slug: 'garmin',
    name: 'Garmin',
    description: 'Garmin Connect: daily summaries, sleep, HRV, pulse oximetry, body composition and activities',
    logo: 'https://connect.garmin.com/favicon.ico',
    authType: 'oauth1',
    capabilities: ['activity', 'sleep', 'heart_rate', 'hrv', 'spo2', 'body', 'workouts'],
  },
};

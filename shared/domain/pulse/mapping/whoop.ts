/**
 * WHOOP API v2 records → keyed readings (design §4.3). Shapes: §3.2 (WHOOP's OpenAPI).
 */
import { naturalKey } from '../readings';

export type WhoopObjectResource = 'sleep' | 'recovery' | 'workout';

/** Every metric an object can write: a `*.deleted` event removes exactly these keys. */
export const WHOOP_METRICS: Readonly<Record<WhoopObjectResource, readonly string[]>> = {
  sleep: ['duration', 'respiratory_rate'],
  recovery: ['rhr', 'hrv_rmssd', 'spo2', 'skin_temp'],
  workout: ['activity', 'heart_rate', 'energy', 'distance'],
};

/** The keys an object may have written; for `recovery` the id is the cycle id. */
export function whoopObjectKeys(resource: WhoopObjectResource, id: string): string[] {
  return WHOOP_METRICS[resource].map((metric) => naturalKey('whoop', resource, id, metric));
}

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KeyedReading } from '../../../shared/domain/pulse/readings';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/pulse');

/** A provider fixture's bytes, as a webhook receives them. */
export function fixtureBytes(provider: string, file: string): Buffer {
  return readFileSync(join(root, provider, file));
}

export function fixtureJson(provider: string, file: string): unknown {
  return JSON.parse(fixtureBytes(provider, file).toString('utf8'));
}

/** The golden form of one reading: `[key, indicator, value, unit, time, endTime]`, comment checked separately. */
export type Golden = [string, string, number | string, string | null, string, string | null];

export function golden(readings: KeyedReading[]): Golden[] {
  return readings.map(({ key, reading }) => [
    key,
    reading.input.indicator,
    reading.input.value,
    reading.input.unit ?? null,
    reading.time,
    reading.endTime,
  ]);
}

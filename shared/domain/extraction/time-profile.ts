/**
 * A day's profile of one test on one line, each value after its clock time: `Capillary glucose profile: 07:00 5.4 /
 * 10:00 7.9 / 13:00 11.2 mmol/L`, `BZ-Tagesprofil: 7:00 Uhr 98 mg/dl | 11:00 Uhr 164 mg/dl`, `BM 07h00 5,4; 11h00
 * 7,9`. Each value is a reading of that test at its time on the line's day; a unit printed once, after the last
 * value (or in brackets there), is every value's. The test must be one the vocabulary knows once a profile word
 * (`profile`, `Tagesprofil`, `day curve`) is taken off, so a dose schedule (`Insulin 07:00 8 / 12:00 6 units`) or a
 * timetable is never read.
 */
import { looksLikeUnit, type Measurement, parseMeasurement } from './measurement';
import { isKnownMeasurement } from './vocabulary';

export interface TimeProfile {
  name: string;
  readings: { time: string; measurement: Measurement }[];
}

/** A clock time opening an entry: `07:00`, `7:00 Uhr`, `07h00`, `7.00h`; the separator before it is the entry edge. */
const CLOCK = /(?<![\d.,:])([0-2]?\d)[:h.]([0-5]\d)(?![\d.,])(?:\s*(?:uhr|h|hrs?)\b)?\s*[:=-]?\s*/giu;

/** Words naming the series rather than the test: `glucose profile`, `BZ-Tagesprofil`, `glycémie (cycle)`. */
const PROFILE_WORD =
  /[\s-]*(?:day\s+)?(?:profile|profil|tagesprofil|tageskurve|day\s+curve|series|curve|cycle\s+glyc[ée]mique|readings|levels?)\s*$/iu;

const MAX_LINE = 300;
const MAX_NAME_WORDS = 6;

/** The profile a line states, or null when it is no such line. */
export function readTimeProfile(text: string): TimeProfile | null {
  if (text.length > MAX_LINE) return null;
  const clocks = [...text.matchAll(CLOCK)];
  const first = clocks[0];
  if (first === undefined) return null;
  const head = text.slice(0, first.index);
  // One time after the name's colon (`Glucose: 07:00 5.4 mmol/L`) is that reading's time, as in a profile.
  if (clocks.length < 2 && !/^[^:：]+[:：]\s*$/u.test(head)) return null;
  const printed = head.replace(/[\s:=-]+$/u, '').trim();
  if (!/\p{L}/u.test(printed) || printed.split(/\s+/).length > MAX_NAME_WORDS || /\d{2}/.test(printed)) return null;
  const name = printed.replace(PROFILE_WORD, '').replace(/\s*\(\s*\)$/, '') || printed;
  const readings: { time: string; measurement: Measurement }[] = [];
  for (let k = 0; k < clocks.length; k++) {
    const clock = clocks[k] as RegExpExecArray;
    const end = clocks[k + 1]?.index ?? text.length;
    const entry = text
      .slice(clock.index + clock[0].length, end)
      .replace(/[\s/,;|–-]+$/u, '')
      .replace(/\(\s*([^()\s]+)\s*\)$/u, '$1');
    const measurement = parseMeasurement(entry, 0);
    if (!measurement || measurement.qualitative || measurement.rest.trim() !== '') return null;
    const hours = (clock[1] as string).padStart(2, '0');
    readings.push({ time: `${hours}:${clock[2]}`, measurement });
  }
  // A unit printed once, after the last value, is every value's.
  const shared = readings[readings.length - 1]?.measurement.unit ?? null;
  if (shared !== null && !looksLikeUnit(shared)) return null;
  for (const { measurement } of readings) measurement.unit ??= shared;
  if (clocks.length < 2 && shared === null) return null;
  if (!isKnownMeasurement(name, shared) && !glucoseByWardName(name, shared)) return null;
  return { name, readings };
}

/** The ward's and home's short names for capillary glucose: `BM` (UK), `BZ` (German), `BG`, `BSL`, `CBG`. */
const GLUCOSE_WARD_NAME = /^(?:BM|BMs|BZ|BG|BGL|BSL|CBG)$/;

/** `BZ-Tagesprofil: 7:00 Uhr 98 mg/dl | …`: a ward's glucose name with a glucose unit names glucose here. */
function glucoseByWardName(name: string, unit: string | null): boolean {
  return GLUCOSE_WARD_NAME.test(name.trim()) && unit !== null && /^(?:mg\/dl|mmol\/l)$/i.test(unit);
}

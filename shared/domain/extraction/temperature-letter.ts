/**
 * `T 38.6, HR 112, BP 96/58`: a vitals line writes the temperature as the letter `T` alone. The letter names many
 * things elsewhere (a tumour stage, a T-score, a time), so it is read as the temperature only among other vital signs
 * on its line and with a value a body temperature can have, in °C or in °F (`T 98.1F`).
 */
import type { Candidate } from './inline-readings';

/** The letter, or `Tmax`/`Tm` (the day's highest), as a vitals line writes it. */
const TEMPERATURE_LETTER = /^(?:T|Tmax|Tm)$/;
/** Another vital sign named on the line with its value: `HR 112`, `BP 96/58`, `SpO2 91%`, `RR 16`, `P 78`. */
const OTHER_VITAL = /\b(?:HR|BP|RR|SpO2|SaO2|Sats?|PR|P|Pulse)\s*:?\s*\d/;
/** A temperature unit a vitals line writes after the value, or none. */
const TEMPERATURE_UNIT = /^(?:°?\s?[CF]|℃|℉)$/i;

function bodyTemperature(value: number, unit: string | null): boolean {
  const celsius = value >= 34 && value <= 43;
  const fahrenheit = value >= 93 && value <= 109;
  if (unit === null) return celsius || fahrenheit;
  return /F|℉/i.test(unit) ? fahrenheit : celsius;
}

/** Whether a short reading named `T` on a line is that line's temperature (see the module comment). */
export function isTemperatureLetter(candidate: Candidate, line: string): boolean {
  const { name, measurement } = candidate;
  if (!TEMPERATURE_LETTER.test(name) || measurement.qualitative) return false;
  if (measurement.unit !== null && !TEMPERATURE_UNIT.test(measurement.unit)) return false;
  if (!/^\d{2,3}(?:[.,]\d)?$/.test(measurement.value)) return false;
  if (!bodyTemperature(Number(measurement.value.replace(',', '.')), measurement.unit)) return false;
  return OTHER_VITAL.test(line);
}

/** `T 98.6F` inside a run of vitals parted by single spaces: the letter, its value and a temperature unit or none. */
const LETTER_IN_RUN = /(?<![\p{L}\d])(T|Tmax|Tm)\s*:?\s*(\d{2,3}(?:[.,]\d)?)\s?(°\s?[CF]|[CF]|℃|℉)?(?=[\s,;]|$)/gu;

/**
 * `Vitals: T 98.6F HR 72 RR 16`: a vitals run without commas is one part, whose name-first reading stops at the
 * last name before a value; the temperature letters in it, read as above (`isTemperatureLetter`).
 */
export function temperatureLettersInRun(segment: string, line: string): Candidate[] {
  if (segment.length > 300) return [];
  const found: Candidate[] = [];
  for (const m of segment.matchAll(LETTER_IN_RUN)) {
    const [, name, value, unit] = m as unknown as [string, string, string, string | undefined];
    const measurement = { value, unit: unit ?? null, referenceRange: null, flag: null, qualitative: false, rest: '' };
    const candidate = { name, measurement, complete: true };
    if (isTemperatureLetter(candidate, line)) found.push(candidate);
  }
  return found;
}

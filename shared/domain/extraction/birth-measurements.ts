/**
 * A baby's measurements at birth, as child health records print them above the growth table (NSW Blue Book, UK Red
 * Book, carnet de santé, U-Heft): `Birth weight 3.28 kg   Birth length 50.0 cm   Birth head circumference 34.5 cm`.
 * The qualifier is part of the name (a birth weight is not today's weight), and the reading was taken on the day of
 * birth, which the record prints as the child's date of birth: the one place a date of birth dates a reading.
 */
import { findDates, type SlashOrder } from './dates';
import type { ExtractedReading } from './types';

const BODY_MEASURE = String.raw`(?:weight|length|height|head\s+circ(?:umference|\.)?|hc|ofc)`;
const BIRTH_MEASURE = new RegExp(
  String.raw`^(?:(?:birth|at\s+birth)\s+${BODY_MEASURE}|${BODY_MEASURE}\s+at\s+birth|peso\s+al\s+(?:nacer|nacimiento)|talla\s+al\s+(?:nacer|nacimiento)|poids\s+de\s+naissance|taille\s+de\s+naissance|p[ée]rim[èe]tre\s+cr[âa]nien\s+de\s+naissance|geburtsgewicht|geburtsl[äa]nge|kopfumfang\s+bei\s+geburt)$`,
  'iu',
);

/** Units a body is measured in at birth. */
const BODY_UNIT = /^(?:kg|g|lbs?|oz|cm|mm|in)$/i;

/** Whether a name is a measurement at birth (`Birth weight`, `Peso al nacer`, `Geburtsgewicht`). */
export function isBirthMeasureName(name: string): boolean {
  return name.length <= 60 && BIRTH_MEASURE.test(name.trim());
}

/** Whether a measurement at birth is stated with a unit a body is measured in. */
export function acceptBirthMeasure(name: string, unit: string | null): boolean {
  return isBirthMeasureName(name) && unit !== null && BODY_UNIT.test(unit);
}

/** `Date of birth: 11/01/2026`, `DOB 11/01/2026`, `Né le : 02/03/2025`, `Geb.: 02.03.2025`, `Fecha de nacimiento`. */
const BIRTH_CAPTION =
  /(?:date\s+of\s+birth|birth\s*date|d\.?o\.?b\.?|born(?:\s+on)?|n[ée]e?\s+le|date\s+de\s+naissance|geb(?:urtsdatum|oren|\.)?|fecha\s+de\s+nacimiento|data\s+di\s+nascita|data\s+de\s+nascimento)\s*[:.]?\s*$/i;

/** The child's date of birth the document prints after a birth caption, or null (the first lines only). */
export function documentBirthDate(lines: readonly string[], order: SlashOrder): string | null {
  for (const line of lines.slice(0, 40)) {
    if (line.length > 500) continue;
    for (const date of findDates(line, order)) {
      if (BIRTH_CAPTION.test(line.slice(Math.max(0, date.start - 40), date.start))) return date.iso;
    }
  }
  return null;
}

/** Dates each measurement at birth at the date of birth, when the document prints one. Mutates the readings. */
export function dateBirthMeasures(readings: ExtractedReading[], lines: readonly string[], order: SlashOrder): void {
  if (!readings.some((r) => isBirthMeasureName(r.indicator))) return;
  const born = documentBirthDate(lines, order);
  if (born === null) return;
  for (const reading of readings) if (isBirthMeasureName(reading.indicator)) reading.measuredAt = born;
}

/**
 * Results typed into a text message without units: `na 139, k 4.1, cr 88, hb 131, plt 240`. The short names alone
 * would be words anywhere else (`k`, `na`, `cr`), so the list is read only when every part of it is one of these
 * unmistakable test abbreviations with a number in that test's plausible span (whichever unit the sender's lab uses),
 * and there are three parts or more. A lead-in before a colon (`bed 12 bloods back:`) may precede the list, and a
 * filler word a part (`also crp 86`).
 * Names and values as written; no unit, as none is written.
 */
import type { Measurement } from './measurement';

/** Abbreviations senders use and the span any unit of the test keeps a value in (mmol/L or mg/dL, g/L or g/dL). */
const SPANS: ReadonlyMap<string, readonly [number, number]> = new Map([
  ['na', [100, 180]],
  ['k', [1.5, 9]],
  ['cl', [70, 140]],
  ['hco3', [5, 50]],
  ['bicarb', [5, 50]],
  ['ur', [0.5, 300]],
  ['urea', [0.5, 300]],
  ['bun', [1, 200]],
  ['cr', [0.2, 2000]],
  ['creat', [0.2, 2000]],
  ['egfr', [2, 200]],
  ['hb', [3, 250]],
  ['hgb', [3, 250]],
  ['plt', [1, 2000]],
  ['plts', [1, 2000]],
  ['wcc', [0.1, 200]],
  ['wbc', [0.1, 200]],
  ['crp', [0, 600]],
  ['inr', [0.5, 15]],
  ['alt', [1, 5000]],
  ['ast', [1, 5000]],
  ['alp', [5, 3000]],
  ['bili', [1, 900]],
  ['alb', [1, 60]],
  ['ca', [1, 16]],
  ['po4', [0.2, 12]],
  ['mg', [0.2, 6]],
  ['tsh', [0.001, 200]],
  ['hba1c', [3, 200]],
  ['ferritin', [1, 5000]],
  ['trop', [0, 100000]],
  ['lactate', [0.1, 30]],
]);

/** Whether a number is in the span an unmistakable test abbreviation keeps it in (`k 3.3`, `na 131`, `crp 86`). */
export function plausibleAbbreviatedValue(name: string, value: string): boolean {
  const span = SPANS.get(name.toLowerCase());
  const number = Number(value.replace(',', '.'));
  return span !== undefined && number >= span[0] && number <= span[1];
}

/** `Prescription: Qb 350 ml/min, Na 138, K 2, Ca 1.25`: what a dialysate or an infusion is to hold, not the patient. */
const PRESCRIBED =
  /\b(?:prescription|prescribed|rx|dialysate|bath|bolus|infusion|replacement\s+fluid|ordered|target)\b/i;

/** Parts of a line that must be unmistakable abbreviations before each is read without a unit. */
const MIN_ABBREVIATED_PARTS = 3;

/**
 * `WBC 17.4 (H), Hgb 11.2 (L), Plt 198. Na 131 (L), K 5.2 (H), Cl 97`: a note's labs paragraph writes the same
 * unitless abbreviations as a message, with a flag after some. An unknown short name alone (`K 5.2`) is read only
 * when at least three parts of its line are such abbreviations with a plausible number (`readings` are the line's
 * parts as read, the unread ones null). A prescription's line (`Na 138, K 2, Ca 1.25` of a dialysate) counts none.
 */
export function abbreviatedListParts(
  readings: readonly ({ name: string; measurement: Measurement } | null)[],
  line = '',
): number {
  if (PRESCRIBED.test(line)) return 0;
  return readings.filter(
    (r) => r !== null && r.measurement.unit === null && plausibleAbbreviatedValue(r.name, r.measurement.value),
  ).length;
}

/** Whether a part read from a line of `count` abbreviated parts is one of them, and so a reading. */
export function isAbbreviatedPart(reading: { name: string; measurement: Measurement }, count: number): boolean {
  return count >= MIN_ABBREVIATED_PARTS && abbreviatedListParts([reading]) === 1;
}

/** One part: an abbreviation, an optional `:` or `=`, a plain number (a decimal point or comma). */
const PART = /^([a-z][a-z0-9]{0,7})\s*[:=]?\s*(\d{1,5}(?:[.,]\d{1,3})?)$/i;

/** A lead-in ending in a colon and a space (`hi doc, bed 12 bloods back: `): the list is what follows the last. */
const LEAD_IN = /^.{0,120}:\s+/u;

/** A word joining a part to the message (`also crp 86`, `and plt 188`). */
const FILLER = /^(?:also|and|plus|then|n)\s+/i;

const MIN_PARTS = 3;

/** The readings of a unitless text-message list, or null when the line is not one. */
export function readMessageList(text: string): { name: string; measurement: Measurement }[] | null {
  if (text.length > 300) return null;
  const list = text.replace(LEAD_IN, '').replace(/[.\s]+$/, '');
  const parts = list.split(/\s*[,;]\s+|\s*;\s*/);
  if (parts.length < MIN_PARTS) return null;
  const readings: { name: string; measurement: Measurement }[] = [];
  for (const part of parts) {
    const m = PART.exec(part.trim().replace(FILLER, ''));
    const span = m?.[1] ? SPANS.get(m[1].toLowerCase()) : undefined;
    if (!m?.[1] || !m[2] || !span) return null;
    const value = Number(m[2].replace(',', '.'));
    if (value < span[0] || value > span[1]) return null;
    readings.push({
      name: m[1],
      measurement: { value: m[2], unit: null, referenceRange: null, flag: null, qualitative: false, rest: '' },
    });
  }
  return readings;
}

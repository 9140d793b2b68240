import { conceptByCode } from './corpus';

/**
 * Names people use where the curated first synonym is too vague to title a series: "vitamin D" would also be
 * read as calcitriol, "glucose" hides that it was fasting.
 */
const PREFERRED: ReadonlyMap<string, string> = new Map([
  ['1989-3', 'Vitamin D 25-OH'],
  ['14635-7', 'Vitamin D 25-OH'],
  ['1649-3', 'Vitamin D 1,25-(OH)₂'],
]);

/**
 * The name a person knows a test by (`Vitamin D 25-OH`, `TSH`, `Uric acid`), for titles of series and charts;
 * the LOINC long name (`Calcidiol [Mass/volume] in Serum or Plasma`) stays the canonical name. The corpus lists
 * each concept's everyday name as its first synonym; without a code, the name as written.
 */
export function commonNameOf(loincCode: string | null, fallback: string): string {
  if (!loincCode) return fallback;
  const preferred = PREFERRED.get(loincCode);
  if (preferred) return preferred;
  const first = conceptByCode(loincCode)?.synonyms[0]?.trim();
  if (!first) return fallback;
  // `heart rate` → `Heart rate`; abbreviations and names with capitals inside (`HbA1c`, `eGFR`) stay as written.
  return /^[a-z]+(?:\s|$)/.test(first) ? first[0]!.toUpperCase() + first.slice(1) : first;
}

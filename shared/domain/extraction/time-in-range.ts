/**
 * The time-in-ranges block of a CGM Ambulatory Glucose Profile (LibreView, Dexcom Clarity, CareLink): each line is a
 * glucose band and the share of time spent in it, often with the time it makes and the consensus goal:
 *
 *   `Very High   >250 mg/dL        9%   (3h 22min)    Less than 5%`
 *   `Target      70-180 mg/dL     63%   (15h 7min)    Greater than 70%`
 *
 * The share is the reading; the band names it (`Very High >250 mg/dL`, words joined with one space) and the goal is
 * its reference range as written (the band's brackets kept: `Very High (>13.9 mmol/L)`). The band label alone (`Very High`) would be a category, not a reading
 * (`not-readings.ts`), and the band's bound would be read as a censored value: hence a reader of its own.
 */
import type { Measurement } from './measurement';

const LABEL = String.raw`(?:(?:very\s+)?(?:high|low)|target(?:\s+range)?|in\s+range|time\s+in\s+range|(?:sehr\s+)?(?:hoch|niedrig)|zielbereich|(?:muy\s+)?(?:alto|bajo)|(?:tr[eè]s\s+)?(?:[ée]lev[ée]|bas)|cible|objetivo)`;
const BAND = String.raw`(?:[<>≤≥]\s?\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s?[-–]\s?\d+(?:[.,]\d+)?)\s?(?:mg\/dL|mmol\/L)`;
const TIME_IN_RANGE_LINE = new RegExp(
  String.raw`^\s*(${LABEL}\s*[:(]?\s*${BAND}\s*\)?)\s+(\d{1,3}(?:[.,]\d+)?)\s?(%)(?:\s+\(\s*[\dhmin\s]+\))?(?:\s+(.{1,60}?))?\s*$`,
  'iu',
);
/** A goal written after the share: `Less than 5%`, `Greater than 70%`, `<4% (<70)`, `>70%`. */
const GOAL = /^(?:less\s+than|greater\s+than|more\s+than|under|over|below|above|[<>≤≥])\s?\d/i;

/** The reading a time-in-range line states, or null when the line is none. */
export function readTimeInRangeLine(text: string): { name: string; measurement: Measurement } | null {
  if (text.length > 200) return null;
  const m = TIME_IN_RANGE_LINE.exec(text);
  if (!m) return null;
  const goal = m[4]?.trim() ?? '';
  if (goal !== '' && !GOAL.test(goal)) return null;
  return {
    name: (m[1] as string).replace(/\s+/g, ' ').trim(),
    measurement: {
      value: m[2] as string,
      unit: m[3] as string,
      referenceRange: goal === '' ? null : goal,
      flag: null,
      qualitative: false,
      rest: '',
    },
  };
}

/** A share of time in, above or below the glucose target: `Time in range`, `TIR`, `Zeit im Zielbereich`. */
const TIME_SHARE_NAME =
  /(?:^|[^\p{L}])(?:time\s+(?:in|above|below|over|under)\s+(?:the\s+)?(?:target\s+)?range|TIR|TAR|TBR|zeit\s+(?:im|über|unter)\s+(?:dem\s+)?zielbereich|tiempo\s+(?:en|por\s+(?:encima|debajo)\s+del?)\s+rango|temps\s+(?:dans|au-dessus|en\s+dessous)\s+(?:de\s+)?la\s+(?:plage|cible))(?![\p{L}])/iu;
const TWO_SIDED_BAND = /^\s*[([]?\s*\d+(?:[.,]\d+)?\s?[-–]\s?\d+(?:[.,]\d+)?\s*(?:mg\/dl|mmol\/l)?\s*[)\]]?\s*$/iu;

/**
 * Whether a reading's range is the glucose band that defines a time-in-range share (`Time in range (3.9-10.0) 71%`)
 * rather than a goal for the share: the goal of a share is one bound (`>70%`), the glucose band two.
 */
export function isGlucoseBandOfShare(indicator: string, unit: string | null, range: string): boolean {
  return unit === '%' && TIME_SHARE_NAME.test(indicator) && TWO_SIDED_BAND.test(range);
}

/**
 * A goal written as a note after a reading on its line: `Glucose Variability (%CV) 38.4%   Defined as percent
 * coefficient of variation; goal ≤36%`, `LDL 3.1 mmol/L, target <2.6`. Like a `Target` column and a time-in-range
 * line's goal, it is the band the report judges that reading against: its reference range, as written. Only a bound
 * (`≤36%`, `< 2.6 mmol/L`) or a band (`4.0-7.0`) right after the goal word counts; a goal sentence is prose.
 */

const GOAL_NOTE =
  /^(?:(?:the\s+)?(?:goal|target|aim|objective)s?|ziel(?:wert|bereich)?|objectif|cible|objetivo|meta|obiettivo)\s*(?:is\s+|:\s*)?((?:[<>≤≥]=?\s?\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s?[-–]\s?\d+(?:[.,]\d+)?)(?:\s?(?:%|[a-zµμ]+\/[a-z\d.]+))?)\s*\.?$/iu;

/** The bound a goal note gives (`goal ≤36%` → `≤36%`), or null when the text is no such note. */
export function goalBound(text: string): string | null {
  if (text.length > 60) return null;
  const m = GOAL_NOTE.exec(text.trim());
  return m ? (m[1] as string) : null;
}
